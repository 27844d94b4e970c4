import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, test } from 'vitest'
import { installedProject, root, run } from './consumer-project'

/**
 * What a user gets from npm: both packages packed as tarballs, installed into a fresh project
 * outside the workspace (test/consumer/global-setup.ts, once per run), loaded as ESM and as CJS.
 * Run after `pnpm build` (the test command does).
 */
const project = await installedProject()

const script = (lines: string[]) => lines.join('\n')

/** The same scenario for both module systems: a SignIn created, signed in the wallet, verified. */
const scenario = [
  'const server = createReferenceServer({ ledgerCloseMs: false })',
  'const endpoints = await server.listen(0)',
  'const { applications: [app], users: [alice] } = server.platform.state()',
  'const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })',
  'const pong = await pullsign.ping()',
  "const created = await pullsign.payload.create({ TransactionType: 'SignIn' })",
  'await server.wallet.sign(created.uuid, { user: alice.uuid })',
  'const record = await pullsign.payload.get(created.uuid)',
  'const account = verifySignIn(record)',
  "let refused = ''",
  "try { await pullsign.payload.get('not-a-uuid') } catch (err) { refused = err instanceof PullSignError ? err.code : String(err) }",
  'const ctid = encodeCtid({ ledgerIndex: 349758, transactionIndex: 26, networkId: 0 })',
  "const [innerId] = innerTransactionIds(buildBatch({ mode: 'INDEPENDENT', account, sequence: 5, transactions: [{ TransactionType: 'AccountSet' }] }))",
  // The dashboard's bundled script runs only if its hash is in the page's content security policy.
  "const page = await fetch(endpoints.api + '/')",
  'const inline = /<script>([\\s\\S]*?)<\\/script>/.exec(await page.text())[1]',
  "const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(inline))).toString('base64')",
  'const scriptAllowed = page.headers.get(\'content-security-policy\').includes("\'sha256-" + digest + "\'")',
  'await server.close()',
  'console.log(JSON.stringify({ app: pong.auth.application.name, signed: record.meta.signed, account, expected: alice.accounts[0].address, refused, ctid, innerId, scriptAllowed }))',
]

function expectSignedIn(out: Record<string, unknown>) {
  expect(out.app).toEqual(expect.any(String))
  expect(out.signed).toBe(true)
  expect(out.account).toBe(out.expected)
  expect(out.refused).toMatch(/^ERR_/)
  // The subpaths load from the tarball too (pullsign/links, pullsign/batch with its hashing).
  expect(out.ctid).toBe('C005563E001A0000')
  expect(out.innerId).toMatch(/^[0-9A-F]{64}$/)
  expect(out.scriptAllowed).toBe(true)
}

test('ESM: import both packages, sign in through the simulated wallet, verify the result', {
  timeout: 30_000,
}, () => {
  writeFileSync(
    join(project, 'esm.mjs'),
    script([
      "import { createReferenceServer } from '@pullsign/reference-server'",
      "import { PullSign, PullSignError } from 'pullsign'",
      "import { verifySignIn } from 'pullsign/verify'",
      "import { buildBatch, innerTransactionIds } from 'pullsign/batch'",
      "import { encodeCtid } from 'pullsign/links'",
      ...scenario,
    ]),
  )
  expectSignedIn(JSON.parse(run('node', ['esm.mjs'], project)))
})

test('CJS: require both packages and do the same', { timeout: 30_000 }, () => {
  writeFileSync(
    join(project, 'cjs.cjs'),
    script([
      "const { createReferenceServer } = require('@pullsign/reference-server')",
      "const { PullSign, PullSignError } = require('pullsign')",
      "const { verifySignIn } = require('pullsign/verify')",
      "const { buildBatch, innerTransactionIds } = require('pullsign/batch')",
      "const { encodeCtid } = require('pullsign/links')",
      'async function main() {',
      ...scenario,
      '}',
      'main().catch((err) => { console.error(err); process.exit(1) })',
    ]),
  )
  expectSignedIn(JSON.parse(run('node', ['cjs.cjs'], project)))
})

test('an error thrown by the CJS copy is instanceof the ESM classes, and the other way round; classes keep their names', {
  timeout: 30_000,
}, () => {
  writeFileSync(
    join(project, 'copies.mjs'),
    script([
      "import { createRequire } from 'node:module'",
      "import * as esm from 'pullsign'",
      "const cjs = createRequire(import.meta.url)('pullsign')",
      'let config',
      "try { new cjs.PullSign({ apiKey: 'nope' }) } catch (err) { config = err }",
      "const details = { status: 429, errorCode: 429, reference: null, serverMessage: null, method: 'GET', path: '/x' }",
      'const limited = new cjs.RateLimitError(details, 5)',
      "const network = new esm.NetworkError('down')",
      'console.log(JSON.stringify({',
      '  distinct: cjs.PullSignError !== esm.PullSignError,',
      '  config: config instanceof esm.PullSignError,',
      '  limited: [limited instanceof esm.RateLimitError, limited instanceof esm.ApiError, limited instanceof esm.PullSignError, limited instanceof esm.AuthError],',
      "  guard: esm.isPullSignError(limited, 'ERR_RATE_LIMIT'),",
      '  names: [esm.PullSign.name, cjs.PullSign.name, esm.PullSignError.name, cjs.RateLimitError.name],',
      '  back: [network instanceof cjs.NetworkError, network instanceof cjs.PullSignError, network instanceof cjs.TimeoutError],',
      '}))',
    ]),
  )
  expect(JSON.parse(run('node', ['copies.mjs'], project))).toEqual({
    distinct: true,
    config: true,
    limited: [true, true, true, false],
    guard: true,
    names: ['PullSign', 'PullSign', 'PullSignError', 'RateLimitError'],
    back: [true, true, false],
  })
})

test('TypeScript with moduleResolution node10 finds the types of every entry and subpath', {
  timeout: 60_000,
}, () => {
  // Each `@ts-expect-error` fails the compile if its import resolved to `any` (types not found).
  writeFileSync(
    join(project, 'node10.ts'),
    script([
      "import { createReferenceServer, type RefApplication } from '@pullsign/reference-server'",
      "import { createHandlers } from '@pullsign/reference-server/msw'",
      "import { PullSign, PullSignError } from 'pullsign'",
      "import { buildBatch } from 'pullsign/batch'",
      "import { encodeCtid } from 'pullsign/links'",
      "import { verifySignIn } from 'pullsign/verify'",
      "import { type Endpoints, PRODUCTION_ENDPOINTS } from 'pullsign/wire'",
      "import { createSignRequest } from 'pullsign/ui'",
      "import { usePayload } from 'pullsign/react'",
      'const endpoints: Endpoints = PRODUCTION_ENDPOINTS',
      '// @ts-expect-error a status is a string union',
      'const status: number = createSignRequest().getSnapshot().status',
      '// @ts-expect-error usePayload takes a uuid or a created answer',
      'usePayload(1)',
      '// @ts-expect-error api is a string',
      'const api: number = endpoints.api',
      '// @ts-expect-error a reference server takes options, not a number',
      'createReferenceServer(1)',
      '// @ts-expect-error createHandlers needs the server',
      'createHandlers()',
      '// @ts-expect-error the options are an object or an API key',
      'new PullSign(1)',
      '// @ts-expect-error code is a string union',
      'const code: number = new PullSignError("ERR_INPUT", "x").code',
      '// @ts-expect-error buildBatch takes an options object',
      'buildBatch("x")',
      '// @ts-expect-error encodeCtid takes the parts',
      'encodeCtid("x")',
      '// @ts-expect-error verifySignIn returns the account',
      'const account: number = verifySignIn({} as never)',
      '// @ts-expect-error apiKey is a string',
      'const key: number = ({} as RefApplication).apiKey',
      'export { api, code, account, key, status }',
    ]),
  )
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'commonjs',
        moduleResolution: 'node10',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        strict: true,
        noEmit: true,
        // The packages' own .d.ts may name optional peers (msw) that this project lacks.
        skipLibCheck: true,
        types: [],
      },
      files: ['node10.ts'],
    }),
  )
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  expect(run('node', [tsc, '-p', 'tsconfig.json'], project)).toBe('')
})

// esbuild heads each module it bundles with its path: `// ../../node_modules/.pnpm/x@1/node_modules/x/dist/x.cjs`.
const BUNDLED_MODULE =
  /^\/\/ \S*node_modules\/\.pnpm\/([^/]+)\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(\S+)$/gm

test("the reference server's bundles carry each package they bundle once", () => {
  const dist = join(project, 'node_modules/@pullsign/reference-server/dist')
  const twice: string[] = []
  for (const file of readdirSync(dist).filter((name) => /\.c?js$/.test(name))) {
    // A module, whatever flavour of its package it came from: `dist/x.cjs` and `dist/x.mjs`, or
    // `lib/cjs/x.js` and `lib/esm/x.js`, are one module; so are two versions' copies of it.
    const flavours = new Map<string, Set<string>>()
    for (const [, version = '', name = '', path = ''] of readFileSync(
      join(dist, file),
      'utf8',
    ).matchAll(BUNDLED_MODULE)) {
      const module = `${name}/${path.replace(/(^|\/)(?:cjs|esm|mjs|commonjs|module)\//, '$1').replace(/\.[cm]?js$/, '')}`
      flavours.set(module, (flavours.get(module) ?? new Set()).add(`${version}/${path}`))
    }
    for (const [module, copies] of flavours) {
      if (copies.size > 1) twice.push(`${file}: ${module} from ${[...copies].join(' and ')}`)
    }
  }
  expect(twice).toEqual([])
})

test('pullsign/ui and pullsign/react load as ESM and CJS in Node, touching no page; a store follows a payload to signed', {
  timeout: 30_000,
}, () => {
  // The page's globals are watched while the kit loads and a store is made, then removed.
  const watch = [
    "const pageGlobals = ['window', 'document', 'customElements', 'location', 'HTMLElement']",
    'const touched = []',
    'for (const name of pageGlobals) Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name) } })',
  ]
  const follow = [
    'const server = createReferenceServer({ ledgerCloseMs: false })',
    'const endpoints = await server.listen(0)',
    'const { applications: [app], users: [alice] } = server.platform.state()',
    'const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })',
    "const created = await pullsign.payload.create({ TransactionType: 'SignIn' })",
    'const request = ui.createSignRequest({ payload: created })',
    'const statuses = []',
    'let signing',
    'await new Promise((resolve) => request.subscribe((s) => {',
    '  if (statuses.at(-1) !== s.status) statuses.push(s.status)',
    '  if (s.expiresAt !== null) signing ??= server.wallet.sign(created.uuid, { user: alice.uuid })',
    "  if (s.status === 'signed') resolve()",
    '}))',
    'await pullsign.close()',
    'await server.close()',
    'console.log(JSON.stringify({ touched, statuses, hooks: Object.keys(react).sort(), txid: request.getSnapshot().result.txid }))',
  ]
  const expectFollowed = (out: {
    touched: string[]
    statuses: string[]
    hooks: string[]
    txid: string
  }) => {
    expect(out.touched).toEqual([])
    expect(out.statuses).toEqual(['waiting', 'opened', 'signing', 'signed'])
    expect(out.hooks).toEqual(['usePayload', 'useSession', 'useSignRequest', 'useXapp'])
    expect(out.txid).toMatch(/^[0-9A-F]{64}$/)
  }
  writeFileSync(
    join(project, 'ui-esm.mjs'),
    script([
      "import { createReferenceServer } from '@pullsign/reference-server'",
      "import { PullSign } from 'pullsign'",
      ...watch,
      "const ui = await import('pullsign/ui')",
      "const react = await import('pullsign/react')",
      'ui.createCountdown(ui.createSignRequest({ payload: crypto.randomUUID() })).getSnapshot()',
      'for (const name of pageGlobals) delete globalThis[name]',
      ...follow,
    ]),
  )
  expectFollowed(JSON.parse(run('node', ['ui-esm.mjs'], project)))
  writeFileSync(
    join(project, 'ui-cjs.cjs'),
    script([
      "const { createReferenceServer } = require('@pullsign/reference-server')",
      "const { PullSign } = require('pullsign')",
      ...watch,
      "const ui = require('pullsign/ui')",
      "const react = require('pullsign/react')",
      'ui.createCountdown(ui.createSignRequest({ payload: crypto.randomUUID() })).getSnapshot()',
      'for (const name of pageGlobals) delete globalThis[name]',
      'async function main() {',
      ...follow,
      '}',
      'main().catch((err) => { console.error(err); process.exit(1) })',
    ]),
  )
  expectFollowed(JSON.parse(run('node', ['ui-cjs.cjs'], project)))
})

test('npx @pullsign/reference-server runs the one bin of the installed package', {
  timeout: 60_000,
}, () => {
  // The documented form (packages/reference-server/README.md): the package has one bin, so npx
  // runs it by the package's name; `npx pullsign-server` would look for a package of that name.
  const usage = run('npx', ['--offline', '@pullsign/reference-server', '--help'], project)
  expect(usage).toContain('Usage: pullsign-server')
  expect(usage).toContain('--state-file')
})

test('the test kit recipes of its guide pass in vitest, jest and node:test', {
  timeout: 180_000,
}, () => {
  expect(inject('docRecipes')).toEqual(
    expect.arrayContaining([
      'test/kit-hooks.test.ts',
      'test/kit-fixture.test.ts',
      'test/kit-clock.test.ts',
      'jest/kit.test.mjs',
      'jest/global-setup.mjs',
      'node-test/kit.test.mjs',
      'shared/global-setup.ts',
      'shared/tenant.test.ts',
    ]),
  )
  const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs')
  const jest = join(project, 'node_modules', 'jest', 'bin', 'jest.js')
  // Each runner exits by itself: a handle left open would hang it past the timeout.
  expect(run('node', [vitest, 'run', '--dir', 'test'], project)).toMatch(/Tests\s+5 passed/)
  expect(run('node', [vitest, 'run', '--root', 'shared'], project)).toMatch(/Tests\s+1 passed/)
  expect(
    run('node', ['--experimental-vm-modules', jest, '--config', 'jest/jest.config.mjs'], project),
  ).toBe('')
  expect(run('node', ['--test', 'node-test/'], project)).toMatch(/# pass 1\b/)
})
