import { KIND, NetworkError } from '../core/errors'

/**
 * A subscription lost its socket after its payload expired unopened: nobody can open it any more,
 * so it stops reconnecting. Fetch the record (`payload.get`) for the outcome.
 *
 * @example
 * ```ts
 * subscription.resolved.catch((err) => {
 *   if (err instanceof PayloadExpiredError) console.log('expired at', err.expiresAt)
 * })
 * ```
 */
export class PayloadExpiredError extends NetworkError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'PayloadExpiredError'
  /** The payload's uuid. */
  readonly uuid: string
  /** When it expired (ISO 8601, the record's `expires_at`). */
  readonly expiresAt: string
  constructor(uuid: string, expiresAt: string, why: string) {
    super(
      `the websocket of payload ${uuid} ${why} after the payload expired unopened (${expiresAt}): not reconnecting`,
    )
    this.uuid = uuid
    this.expiresAt = expiresAt
  }
}
