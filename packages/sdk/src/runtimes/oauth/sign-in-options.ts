/**
 * How a browser or native client signs in (docs/protocol.md §7.1). Every field is optional.
 *
 * @example
 * ```ts
 * const pullsign = new PullSign(apiKey, { signIn: { implicit: true, openid: true } })
 * ```
 */
export interface SignInOptions {
  /** The implicit flow (token in the answer) instead of PKCE (default `false`). */
  implicit?: boolean
  /** A full redirect instead of a popup (default `false`: popup, redirect when blocked). */
  redirect?: boolean
  /** Ask for `openid`: a `nonce` is sent and checked, and an `id_token` comes back. */
  openid?: boolean
  /** Only this network (e.g. `'TESTNET'`), passed on to the SignIn payload. */
  forceNetwork?: string
  /** Only these accounts may sign in, passed on to the SignIn payload. */
  signers?: readonly string[]
}
