import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * What a user gets from npm: both packages packed as tarballs, installed into a fresh project
 * outside the workspace, loaded as ESM and as CJS. Run after `pnpm build` (the test command does).
 */
const root = resolve(import.meta.dirname, '../..')
let project = ''

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'pullsign-consumer-'))
  const packs = join(project, 'packs')
  mkdirSync(packs)
  for (const pkg of ['sdk', 'reference-server']) {
    run(
      'npx',
      ['-y', 'pnpm@10.34.8', 'pack', '--pack-destination', packs],
      join(root, 'packages', pkg),
    )
  }
  const tarball = (prefix: string) => {
    const name = readdirSync(packs).find((file) => file.startsWith(prefix))
    if (!name) throw new Error(`no tarball starting with ${prefix} in ${packs}`)
    return `file:./packs/${name}`
  }
  const sdk = tarball('pullsign-')
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: {
        pullsign: sdk,
        '@pullsign/reference-server': tarball('pullsign-reference-server-'),
      },
      // The server depends on pullsign@<version>, which is not on the registry: use the tarball.
      overrides: { pullsign: sdk },
    }),
  )
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project)
}, 240_000)

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

const script = (lines: string[]) => lines.join('\n')

test('ESM: import both packages, start the server and construct a client', () => {
  writeFileSync(
    join(project, 'esm.mjs'),
    script([
      "import { createReferenceServer } from '@pullsign/reference-server'",
      "import { PullSign, PullSignError } from 'pullsign'",
      "import { PRODUCTION_ENDPOINTS } from 'pullsign/wire'",
      'const server = createReferenceServer()',
      'const endpoints = await server.listen(0)',
      'const res = await fetch(endpoints.api)',
      "let refused = ''",
      "try { new PullSign({ apiKey: 'x' }) } catch (err) { refused = err instanceof PullSignError ? err.code : 'other' }",
      'await server.close()',
      'console.log(JSON.stringify({ status: res.status, refused, api: PRODUCTION_ENDPOINTS.api }))',
    ]),
  )
  const out = JSON.parse(run('node', ['esm.mjs'], project))
  expect(out).toEqual({ status: 200, refused: 'ERR_CONFIG', api: 'https://xumm.app' })
})

test('CJS: require both packages and use them', async () => {
  writeFileSync(
    join(project, 'cjs.cjs'),
    script([
      "const { createReferenceServer } = require('@pullsign/reference-server')",
      "const { PullSign } = require('pullsign')",
      "const { webhookSignature } = require('pullsign/verify')",
      'const server = createReferenceServer()',
      'server.listen(0).then(async (endpoints) => {',
      '  const res = await fetch(endpoints.api)',
      "  const client = new PullSign({ apiKey: '00000000-0000-4000-8000-000000000000' })",
      "  const signature = webhookSignature('a-b-c', '1', '{}')",
      '  await server.close()',
      '  console.log(JSON.stringify({ status: res.status, key: client.apiKey, signature }))',
      '})',
    ]),
  )
  const out = JSON.parse(run('node', ['cjs.cjs'], project))
  expect(out.status).toBe(200)
  expect(out.key).toBe('00000000-0000-4000-8000-000000000000')
  expect(out.signature).toMatch(/^[0-9a-f]{40}$/)
})
