import { KIND, PullSignError, type PullSignErrorOptions } from './pull-sign-error'

/**
 * A webhook, sign-in or JWT did not verify (`pullsign/verify`); `reason` says which check failed.
 *
 * @example
 * ```ts
 * try {
 *   await verifyWebhook(rawBody, headers, apiSecret)
 * } catch (err) {
 *   if (err instanceof SignatureError) console.log(err.reason) // e.g. 'mismatch'
 * }
 * ```
 */
export class SignatureError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'SignatureError'
  declare readonly code: 'ERR_SIGNATURE'
  declare readonly reason: SignatureFailure
  constructor(reason: SignatureFailure, message: string, options: PullSignErrorOptions = {}) {
    super('ERR_SIGNATURE', message, options)
    this.reason = reason
  }
}

/**
 * Why a verification failed.
 *
 * @example
 * ```ts
 * const reason: SignatureFailure = 'stale'
 * ```
 */
export type SignatureFailure =
  | 'missing'
  | 'malformed'
  | 'stale'
  | 'mismatch'
  | 'wrong-key'
  | 'expired'
  | 'not-signed'
