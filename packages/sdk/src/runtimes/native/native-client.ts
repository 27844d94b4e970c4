import type { NativeOptions } from '../client-options'
import type { SignInResult } from '../oauth/sign-in-session'
import { type SignInClient, signInClient } from '../sign-in-client'

/**
 * A native app's client: signs the person in through the system browser and a deep link
 * (docs/protocol.md §7.1) and calls the JWT routes as them.
 *
 * @example
 * ```ts
 * const pullsign: NativeClient = createNativeClient({ apiKey, redirectUrl: 'myapp://signin', openUrl })
 * ```
 */
export interface NativeClient extends SignInClient {
  readonly runtime: 'native'
  /** Opens the sign-in; settles when `handleRedirect` gets the deep link back. */
  authorize(): Promise<SignInResult>
  /** Completes the sign-in from the deep link the app was opened with. */
  handleRedirect(url: string): Promise<SignInResult>
}

/**
 * Creates a native app's client: `authorize()` opens `{oauth}/auth` with `openUrl` and settles
 * once the app hands the deep link it was opened with to `handleRedirect(url)`. The session is
 * kept in memory unless a `storage` is given. `apiSecret` is refused.
 *
 * @example
 * ```ts
 * import { createNativeClient } from 'pullsign'
 *
 * const pullsign = createNativeClient({
 *   apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b',
 *   redirectUrl: 'myapp://signin',
 *   openUrl: (url) => Linking.openURL(url),
 * })
 * Linking.addEventListener('url', ({ url }) => pullsign.handleRedirect(url))
 * const { me } = await pullsign.authorize()
 * ```
 */
export function createNativeClient(options: NativeOptions): NativeClient {
  return signInClient(
    options,
    'createNativeClient',
    undefined,
    (m, config) => m.startNativeRuntime(config, options.openUrl),
    (runtime) => ({
      runtime: 'native' as const,
      authorize: async () => (await runtime).authorize(),
      handleRedirect: async (url: string) => (await runtime).handleRedirect(url),
    }),
  )
}
