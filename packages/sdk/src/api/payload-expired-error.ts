import { KIND, NetworkError } from '../core/errors/pull-sign-error'

/**
 * A subscription lost its socket after its payload expired unopened: nobody can open it any more,
 * so it stops reconnecting. Fetch the record (`payload.get`) for the outcome.
 *
 * @example
 * ```ts
 * subscription.resolved.catch((err) => {
 *   if (err instanceof PayloadExpiredError) console.log(err.message)
 * })
 * ```
 */
export class PayloadExpiredError extends NetworkError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'PayloadExpiredError'
}
