import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, inject, test } from 'vitest'
import { run } from './consumer-project'

/**
 * The request mocking libraries users put around the SDK on Node (msw, nock), against the packed
 * packages: every call of the SDK's `node` build (its keep-alive node:http transport) must reach
 * them, in ESM and in CJS.
 */
const project = inject('consumerProject')
// The README's example is TypeScript, run as written: tsx strips the types (Node 20 cannot).
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

test("the reference server README's msw example runs as written, its payload signed", {
  timeout: 60_000,
}, () => {
  expect(inject('readmeRecipes')).toContain('msw/in-process.ts')
  expect(run('node', ['--import', tsx, 'msw/in-process.ts'], project)).toBe('true\n')
})

test('the same with require(): msw serves every call of the CommonJS build', {
  timeout: 60_000,
}, () => {
  writeFileSync(
    join(project, 'msw-in-process.cjs'),
    `const { setupServer } = require('msw/node')
const { PullSign } = require('pullsign')
const { createReferenceServer } = require('@pullsign/reference-server')
const { createHandlers } = require('@pullsign/reference-server/msw')

async function main() {
  const endpoints = { api: 'https://pullsign.test', oauth: 'https://pullsign.test/oauth', links: 'https://pullsign.test' }
  const server = createReferenceServer({ endpoints, ledgerCloseMs: false })
  const msw = setupServer(...createHandlers(server))
  msw.listen({ onUnhandledRequest: 'error' })
  const [app] = server.platform.applications.list()
  const [alice] = server.platform.users.list()
  const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints, WebSocket: server.WebSocket })
  const subscription = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
  await server.wallet.sign(subscription.uuid, { user: alice.uuid })
  const record = await subscription.resolved
  console.log(JSON.stringify({ app: (await pullsign.ping()).auth.application.name, signed: record.meta.signed }))
  msw.close()
  await pullsign.close()
  await server.close()
}
main().catch((err) => { console.error(err); process.exit(1) })
`,
  )
  expect(JSON.parse(run('node', ['msw-in-process.cjs'], project))).toEqual({
    app: expect.any(String),
    signed: true,
  })
})

/** nock, loaded before the SDK (so the fetch the SDK finds is nock's): it sees node:http calls. */
const nockScript = (imports: string[]) =>
  [
    ...imports,
    "const api = 'https://pullsign.test'",
    "const scope = nock(api).get('/api/v1/platform/ping').reply(200, { pong: true, auth: { application: { name: 'Answered by nock' } } })",
    `const pullsign = new PullSign({ apiKey: '${apiKey}', apiSecret: '${apiSecret}', endpoints: { api } })`,
    'pullsign.ping().then(async (pong) => {',
    '  console.log(JSON.stringify({ app: pong.auth.application.name, done: scope.isDone() }))',
    '  await pullsign.close()',
    '}, (err) => { console.error(err); process.exit(1) })',
  ].join('\n')

test('nock answers the calls of the ES module build and of the CommonJS build', {
  timeout: 60_000,
}, () => {
  writeFileSync(
    join(project, 'nock.mjs'),
    nockScript(["import nock from 'nock'", "import { PullSign } from 'pullsign'"]),
  )
  writeFileSync(
    join(project, 'nock.cjs'),
    nockScript(["const nock = require('nock')", "const { PullSign } = require('pullsign')"]),
  )
  for (const file of ['nock.mjs', 'nock.cjs']) {
    expect(JSON.parse(run('node', [file], project)), file).toEqual({
      app: 'Answered by nock',
      done: true,
    })
  }
})
