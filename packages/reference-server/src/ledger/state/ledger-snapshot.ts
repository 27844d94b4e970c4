import type { AccountState } from './account-state'
import type { TrustLine } from './trust-line'

/**
 * Takes a copy of a network's accounts and trust lines and returns the function that puts them
 * back in place (the same objects, their old values): a Batch discards the inner transactions its
 * mode rejects this way (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const restore = snapshot(accounts, lines)
 * applyInner(tx)
 * restore() // as if it never ran
 * ```
 */
export function snapshot(
  accounts: Map<string, AccountState>,
  lines: Map<string, TrustLine>,
): () => void {
  const savedAccounts = [...accounts].map(
    ([address, state]) =>
      [
        address,
        state,
        { ...state, tickets: new Set(state.tickets), lineKeys: new Set(state.lineKeys) },
      ] as const,
  )
  const savedLines = [...lines].map(([key, line]) => [key, line, { ...line }] as const)
  return () => {
    accounts.clear()
    for (const [address, state, copy] of savedAccounts) {
      Object.assign(state, copy, {
        tickets: new Set(copy.tickets),
        lineKeys: new Set(copy.lineKeys),
      })
      accounts.set(address, state)
    }
    lines.clear()
    for (const [key, line, copy] of savedLines) {
      Object.assign(line, copy)
      lines.set(key, line)
    }
  }
}
