/**
 * Every drop a network's ledger holds: accounts' balances, escrows' amounts and what channels have
 * left. rippled's `XRPNotCreated` (InvariantCheck.cpp) says it never grows; the fuzzes check it
 * after each frame or transaction.
 *
 * @example
 * ```ts
 * nativeTotal(server.platform.ledger.view('TESTNET')) // 100000000000000000n
 * ```
 */
export function nativeTotal(view: unknown): bigint {
  let total = 0n
  const store = view as { objects(): Iterable<Record<string, unknown>> }
  for (const object of store.objects()) {
    if (object.LedgerEntryType === 'AccountRoot') total += BigInt(String(object.Balance))
    if (object.LedgerEntryType === 'Escrow') total += BigInt(String(object.Amount))
    if (object.LedgerEntryType === 'PayChannel') {
      total += BigInt(String(object.Amount)) - BigInt(String(object.Balance))
    }
  }
  return total
}
