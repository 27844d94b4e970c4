import { existsSync } from 'node:fs'
import type { Platform } from '../src/create-platform'
import type { Application } from '../src/platform'

/**
 * `createReferenceServer` from the built package (dist/), the code `pullsign-server` and every
 * importer run, not the TypeScript source as tsx compiles it (tsx keeps function names with a
 * helper call per closure, a few per cent of a request). Typed from the source it is built from.
 *
 * @example
 * ```ts
 * const createReferenceServer = await builtServer()
 * const server = createReferenceServer({ rateLimits: false })
 * ```
 */
export async function builtServer(): Promise<typeof import('../src/index').createReferenceServer> {
  const dist = new URL('../dist/index.js', import.meta.url)
  if (!existsSync(dist)) {
    throw new Error('dist/index.js is missing: run `pnpm build` first (the root `pnpm bench` does)')
  }
  const built = (await import(dist.href)) as typeof import('../src/index')
  return built.createReferenceServer
}

/**
 * The address of Bob, the demo fixtures' payee, which every bench pays.
 *
 * @example
 * ```ts
 * const destination = bobAddress(server.platform)
 * ```
 */
export function bobAddress(platform: Platform): string {
  const [, bob] = platform.users.list()
  const address = bob && platform.users.view(bob).accounts[0]?.address
  if (!address) throw new Error('the demo fixtures should hold Bob with an account')
  return address
}

/**
 * The headers of a key+secret JSON call by `app`.
 *
 * @example
 * ```ts
 * fetch(url, { method: 'POST', headers: apiHeaders(app), body })
 * ```
 */
export function apiHeaders(app: Application): Record<string, string> {
  return {
    'x-api-key': app.apiKey,
    'x-api-secret': app.apiSecret,
    'content-type': 'application/json',
  }
}
