import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'

/**
 * The three numbers a CTID packs (XLS-37, docs/protocol.md §9.2).
 *
 * @example
 * ```ts
 * const position: CtidParts = { ledgerIndex: 349_758, transactionIndex: 26, networkId: 0 }
 * ```
 */
export interface CtidParts {
  /** Ledger index, 28 bits (0..268 435 455). */
  ledgerIndex: number
  /** Index of the transaction in its ledger, 16 bits. */
  transactionIndex: number
  /** Network id of §8.1, 16 bits. */
  networkId: number
}

const CTID = /^C[0-9A-F]{15}$/

const requireBits = (value: unknown, field: string, bits: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= 2 ** bits) {
    throw new PullSignError(
      'ERR_INPUT',
      `${field} must be an integer from 0 to ${2 ** bits - 1}, got ${describeValue(value)}`,
    )
  }
  return value
}

/**
 * Encodes a concise transaction id (XLS-37, docs/protocol.md §9.2): `C` + 28-bit ledger index +
 * 16-bit transaction index + 16-bit network id, 16 upper-case hex characters. A part out of its
 * range is an `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * import { encodeCtid } from 'pullsign/links'
 *
 * encodeCtid({ ledgerIndex: 349_758, transactionIndex: 26, networkId: 0 }) // 'C005563E001A0000'
 * ```
 */
export function encodeCtid(parts: CtidParts): string {
  if (typeof parts !== 'object' || parts === null) {
    throw new PullSignError('ERR_INPUT', `a CTID needs {ledgerIndex, transactionIndex, networkId}`)
  }
  const ledger = requireBits(parts.ledgerIndex, 'ledgerIndex', 28)
  const index = requireBits(parts.transactionIndex, 'transactionIndex', 16)
  const network = requireBits(parts.networkId, 'networkId', 16)
  const hex = (value: number, width: number) =>
    value.toString(16).toUpperCase().padStart(width, '0')
  return `C${hex(ledger, 7)}${hex(index, 4)}${hex(network, 4)}`
}

/**
 * Whether a value is a well-formed CTID (16 upper-case hex characters starting with `C`).
 *
 * @example
 * ```ts
 * isCtid('C005563E001A0000') // true
 * isCtid('c005563e001a0000') // false: §9.2 CTIDs are upper-case
 * ```
 */
export function isCtid(value: unknown): value is string {
  return typeof value === 'string' && CTID.test(value)
}

/**
 * Decodes a CTID (XLS-37, docs/protocol.md §9.2) into its ledger index, transaction index and
 * network id. Anything but 16 upper-case hex characters starting with `C` is an `ERR_INPUT`.
 *
 * @example
 * ```ts
 * import { decodeCtid } from 'pullsign/links'
 *
 * decodeCtid('C005563E001A0000') // { ledgerIndex: 349758, transactionIndex: 26, networkId: 0 }
 * ```
 */
export function decodeCtid(ctid: string): CtidParts {
  if (!isCtid(ctid)) {
    throw new PullSignError(
      'ERR_INPUT',
      `ctid must be C followed by 15 upper-case hex characters, got ${describeValue(ctid)}`,
    )
  }
  return {
    ledgerIndex: Number.parseInt(ctid.slice(1, 8), 16),
    transactionIndex: Number.parseInt(ctid.slice(8, 12), 16),
    networkId: Number.parseInt(ctid.slice(12, 16), 16),
  }
}
