import { KIND, PullSignError, type PullSignErrorCode } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'

/**
 * A rippled node's answer to `createLedgerLookup` was an error or not what rippled sends:
 * `rpcError` is rippled's error name (`txnNotFound`, `notImpl`, `tooBusy`…) when the node said
 * one, `field` the field of its answer that was missing or wrong when it did not.
 *
 * @example
 * ```ts
 * try {
 *   await lookup.getTransaction(txid)
 * } catch (err) {
 *   if (err instanceof LedgerNodeError && err.rpcError === 'txnNotFound') console.log('not yet')
 * }
 * ```
 */
export class LedgerNodeError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'LedgerNodeError'
  declare readonly code: 'ERR_API' | 'ERR_RESPONSE' | 'ERR_NETWORK'
  declare readonly rpcError: string | null
  declare readonly field: string | null
  constructor(
    code: 'ERR_API' | 'ERR_RESPONSE' | 'ERR_NETWORK',
    message: string,
    details: { rpcError?: string; field?: string; cause?: unknown } = {},
  ) {
    super(code satisfies PullSignErrorCode, message, { cause: details.cause })
    this.rpcError = details.rpcError ?? null
    this.field = details.field ?? null
  }
}

// The error for a field of a node's answer that is not what rippled sends: it names the field.
export const malformed = (field: string, want: string, got: unknown) =>
  new LedgerNodeError(
    'ERR_RESPONSE',
    `the node's answer has ${field} ${describeValue(got)}, expected ${want}`,
    {
      field,
    },
  )
