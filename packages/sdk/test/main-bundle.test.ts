import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { expect, test } from 'vitest'

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url))

// The sources a page's bundle loads before the first call: the entry chunk and every chunk it
// imports statically. Chunks reached only through `import()` load when their runtime is chosen.
function upFront(metafile: Metafile): { loaded: string[]; lazy: string[] } {
  const outputs = metafile.outputs
  const start = Object.keys(outputs).find((name) => outputs[name]?.entryPoint !== undefined)
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const next of outputs[name]?.imports ?? []) {
      if (next.kind === 'import-statement' && !next.external) visit(next.path)
    }
  }
  if (start) visit(start)
  const inputsOf = (names: string[]) => names.flatMap((n) => Object.keys(outputs[n]?.inputs ?? {}))
  const rest = Object.keys(outputs).filter((name) => !seen.has(name) && !name.endsWith('.map'))
  return { loaded: inputsOf([...seen]), lazy: inputsOf(rest) }
}

const bundle = (contents: string) =>
  build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: '/virtual',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })

// The sign-in flows (popup, redirect, deep link, the OAuth client) and the xApp runtime; the
// factories' shells are small and load them on demand.
const runtimeCode =
  /src\/runtimes\/(browser\/(browser-sign-in|popup-flow|page)|native\/native-sign-in|oauth\/|xapp\/(xapp-runtime|bridge))/

test('a backend bundle of `import { PullSign }` loads no sign-in or xApp runtime code up front', async () => {
  const result = await bundle(`import { PullSign } from ${JSON.stringify(entry)}
new PullSign(process.env.KEY, process.env.SECRET).ping().then(console.log)`)
  const { loaded, lazy } = upFront(result.metafile)
  expect(loaded.filter((path) => runtimeCode.test(path))).toEqual([])
  // What the backend uses is up front, and the runtimes are still in the bundle for when a page
  // chooses one.
  expect(loaded.some((path) => path.endsWith('src/runtimes/backend-credentials.ts'))).toBe(true)
  expect(lazy.some((path) => path.endsWith('src/runtimes/browser/browser-sign-in.ts'))).toBe(true)
  expect(lazy.some((path) => path.endsWith('src/runtimes/xapp/xapp-runtime.ts'))).toBe(true)
})

test("a bundle of `createBackendClient` loads no other runtime, not even the facade or the JWT clients' parts", async () => {
  const result = await bundle(`import { createBackendClient } from ${JSON.stringify(entry)}
createBackendClient({ apiKey: process.env.KEY, apiSecret: process.env.SECRET }).ping()`)
  const { loaded } = upFront(result.metafile)
  // (esbuild still emits the `import()` chunks of the runtimes; nothing loads them.)
  const others =
    /src\/runtimes\/(browser|native|oauth|xapp)\/|sign-in-runtime\.ts|jwt-(client|credentials)\.ts|deferred-props\.ts|pull-sign\.ts/
  expect(loaded.filter((path) => others.test(path))).toEqual([])
  expect(loaded.some((path) => path.endsWith('src/runtimes/backend-client.ts'))).toBe(true)
})
