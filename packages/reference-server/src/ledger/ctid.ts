/**
 * The concise transaction id of docs/protocol.md §9.2: `C` + 28-bit ledger index + 16-bit transaction index
 * + 16-bit network id, 16 upper-case hex characters.
 *
 * @example
 * ```ts
 * ctid(95_000_001, 0, 0) // 'C5A995C100000000'
 * ```
 */
export function ctid(ledgerIndex: number, transactionIndex: number, networkId: number): string {
  if (ledgerIndex >= 2 ** 28 || transactionIndex >= 2 ** 16 || networkId >= 2 ** 16) {
    throw new RangeError('ledger index, transaction index or network id out of CTID range')
  }
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0')
  return `C${hex(ledgerIndex, 7)}${hex(transactionIndex, 4)}${hex(networkId, 4)}`.toUpperCase()
}

/**
 * Where a CTID points: ledger index, transaction index, network id.
 *
 * @example
 * ```ts
 * const position: CtidPosition | null = decodeCtid('C000000100020003')
 * ```
 */
export interface CtidPosition {
  ledgerIndex: number
  transactionIndex: number
  networkId: number
}

const CTID = /^C[0-9A-F]{15}$/i

/**
 * Reads a CTID (docs/protocol.md §9.2): `C` + 7 hex of ledger index + 4 of transaction index + 4
 * of network id; null when it is not 16 hex characters starting with `C`.
 *
 * @example
 * ```ts
 * decodeCtid('C000000100020003') // { ledgerIndex: 1, transactionIndex: 2, networkId: 3 }
 * ```
 */
export function decodeCtid(value: string): CtidPosition | null {
  if (!CTID.test(value)) return null
  return {
    ledgerIndex: Number.parseInt(value.slice(1, 8), 16),
    transactionIndex: Number.parseInt(value.slice(8, 12), 16),
    networkId: Number.parseInt(value.slice(12, 16), 16),
  }
}
