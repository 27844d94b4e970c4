import { KIND, PullSignError, type PullSignErrorOptions } from './pull-sign-error'

/**
 * Why a browser or native sign-in did not complete.
 *
 * - `popup-closed`: the person closed the sign-in window.
 * - `rejected`: the person declined in the wallet (`access_denied`).
 * - `state-mismatch`: the answer's `state` is not the one this page sent (a forged or stale answer).
 * - `nonce-mismatch`: the `id_token` does not carry the nonce this page sent.
 * - `provider`: the provider refused the request (its `error` is in the message).
 * - `invalid-response`: the answer is not a well-formed token, code or error.
 * - `not-signed-in`: a call that needs the person's JWT was made before sign-in, or the provider
 *   no longer accepts the JWT (`invalid_token`: the session ended with `loggedout`).
 *
 * @example
 * ```ts
 * const reason: SignInFailure = 'popup-closed'
 * ```
 */
export type SignInFailure =
  | 'popup-closed'
  | 'rejected'
  | 'state-mismatch'
  | 'nonce-mismatch'
  | 'provider'
  | 'invalid-response'
  | 'not-signed-in'

/**
 * A browser or native sign-in did not complete; `reason` says why. Codes, verifiers and tokens
 * never appear in its message.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.authorize()
 * } catch (err) {
 *   if (err instanceof SignInError && err.reason === 'popup-closed') showSignInButtonAgain()
 * }
 * ```
 */
export class SignInError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'SignInError'
  declare readonly code: 'ERR_SIGN_IN'
  declare readonly reason: SignInFailure
  constructor(reason: SignInFailure, message: string, options: PullSignErrorOptions = {}) {
    super('ERR_SIGN_IN', message, options)
    this.reason = reason
  }
}

/**
 * Inside an xApp, no wallet host answered the bridge within 2 s (docs/protocol.md §7.2): the page
 * is neither in the wallet's web view nor framed by a host that answers `XAPP_PROXY_INIT`.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.xapp.scanQr()
 * } catch (err) {
 *   if (err instanceof XappHostUnreachableError) console.log(err.message) // names the fixes
 * }
 * ```
 */
export class XappHostUnreachableError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'XappHostUnreachableError'
  declare readonly code: 'ERR_XAPP_HOST'
  // The message is made where the bridge gives up (the xApp runtime, loaded only in an xApp).
  constructor(message: string, options: PullSignErrorOptions = {}) {
    super('ERR_XAPP_HOST', message, options)
  }
}
