import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, inject, test } from 'vitest'
import { installedProject, run } from './consumer-project'

/**
 * The request mocking libraries users put around the SDK on Node (msw, nock), against the packed
 * packages: every call of the SDK's `node` build (its keep-alive node:http transport) must reach
 * them, in ESM and in CJS.
 */
const project = await installedProject()
// The guide's example is TypeScript, run as written: tsx strips the types (Node 20 cannot).
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

test("the msw example of the reference server's in-process guide runs as written, its payload signed", {
  timeout: 60_000,
}, () => {
  expect(inject('docRecipes')).toContain('msw/in-process.ts')
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

const ping = `{ pong: true, auth: { application: { name: 'Answered by the mock' } } }`
const pingScript = (lines: string[]) =>
  [
    ...lines,
    `const pullsign = new PullSign({ apiKey: '${apiKey}', apiSecret: '${apiSecret}', endpoints: { api: 'https://pullsign.test' } })`,
    'console.log((await pullsign.ping()).auth.application.name)',
    'await pullsign.close()',
  ].join('\n')

test('msw listening before the SDK is imported (a setup file, then the test file) serves its node:http calls', {
  timeout: 60_000,
}, () => {
  writeFileSync(
    join(project, 'msw-first.mjs'),
    pingScript([
      // As vitest (and most apps) do before a setup file runs: from here on, node:http's ES module
      // bindings are copies, which msw's patch of the module object does not reach.
      "import 'node:http'",
      "import { http, HttpResponse } from 'msw'",
      "import { setupServer } from 'msw/node'",
      `const msw = setupServer(http.get('https://pullsign.test/api/v1/platform/ping', () => HttpResponse.json(${ping})))`,
      "msw.listen({ onUnhandledRequest: 'error' })",
      "const { PullSign } = await import('pullsign')",
    ]),
  )
  expect(run('node', ['msw-first.mjs'], project)).toBe('Answered by the mock\n')
})

test('nock, loaded before the SDK, answers the calls of its ES module build and of its CommonJS build', {
  timeout: 60_000,
}, () => {
  const scope = `nock('https://pullsign.test').get('/api/v1/platform/ping').reply(200, ${ping})`
  writeFileSync(
    join(project, 'nock.mjs'),
    pingScript(["import nock from 'nock'", "import { PullSign } from 'pullsign'", scope]),
  )
  // CommonJS has no top-level await: the same lines in an async function.
  writeFileSync(
    join(project, 'nock.cjs'),
    [
      "const nock = require('nock')",
      "const { PullSign } = require('pullsign')",
      scope,
      ';(async () => {',
      pingScript([]),
      '})().catch((err) => { console.error(err); process.exit(1) })',
    ].join('\n'),
  )
  for (const file of ['nock.mjs', 'nock.cjs']) {
    expect(run('node', [file], project), file).toBe('Answered by the mock\n')
  }
})
