import type { BrowserOptions } from '../client-options'
import type { SignInResult } from '../oauth/sign-in-session'
import { type SignInClient, signInClient } from '../sign-in-client'

/**
 * A page's client: signs the person in (OAuth2 PKCE or implicit, popup or redirect,
 * docs/protocol.md §7.1) and calls the JWT routes as them. No API secret, no backend routes, no
 * wallet commands.
 *
 * @example
 * ```ts
 * const pullsign: BrowserClient = createBrowserClient({ apiKey })
 * ```
 */
export interface BrowserClient extends SignInClient {
  readonly runtime: 'browser'
  /**
   * Signs the person in: a popup (PKCE by default), or a full redirect when asked or when the
   * browser blocks the popup. Resolves `{me, jwt}`, or `undefined` when the page is leaving for
   * a redirect (the page loaded back completes it and emits `success`). Rejects with a
   * `SignInError`, also when the provider refuses the request (`provider`, with its `error` and
   * `error_description`).
   */
  authorize(): Promise<SignInResult | undefined>
}

/**
 * Creates a page's client. Its session is kept in `localStorage` (or the `storage` given); a page
 * loaded back from a redirect sign-in completes it by itself. Importing the SDK touches no
 * `window`; creating this client does. `apiSecret` is refused (a type error, and `ERR_CONFIG`
 * naming the field at run time).
 *
 * @example
 * ```ts
 * import { createBrowserClient } from 'pullsign'
 *
 * const pullsign = createBrowserClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 * pullsign.on('success', async () => console.log('signed in as', await pullsign.user.account))
 * button.onclick = () => pullsign.authorize()
 * ```
 */
export function createBrowserClient(options: BrowserOptions): BrowserClient {
  return signInClient(
    options,
    'createBrowserClient',
    () => window.localStorage,
    (m, config) => m.startBrowserRuntime(config),
    (runtime) => ({
      runtime: 'browser' as const,
      authorize: async () => (await runtime).authorize(),
    }),
  )
}
