import type { Application, Platform } from '../src/platform'

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
