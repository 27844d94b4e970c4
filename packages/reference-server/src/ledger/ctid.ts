/**
 * The concise transaction id of PROTOCOL §9.2: `C` + 28-bit ledger index + 16-bit transaction index
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
