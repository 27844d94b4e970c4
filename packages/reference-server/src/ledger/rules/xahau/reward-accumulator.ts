import type { AccountRoot } from '../../state/ledger-object'
import type { Sandbox } from '../../state/sandbox'
import type { AffectedNode, NodeFields } from '../../state/transaction-meta'
import type { PreflightContext } from '../transaction-rules'

const UINT64 = (1n << 64n) - 1n
const DROPS_PER_XAH = 1_000_000n

// The ModifiedNode of an AccountRoot in a transaction's metadata, or null.
const modifiedAccount = (node: AffectedNode): NodeFields | null =>
  'ModifiedNode' in node && node.ModifiedNode.LedgerEntryType === 'AccountRoot'
    ? node.ModifiedNode
    : null

// The ledgers elapsed since `last` as xahaud's uint32 subtraction makes them, or null where its
// overflow safety skips the account (fix240911 drops the `elapsed > last` test).
function elapsedLedgers(current: number, last: number, fix240911: boolean): number | null {
  const elapsed = (current - last) >>> 0
  if (elapsed === 0 || elapsed > current) return null
  if (!fix240911 && elapsed > last) return null
  return elapsed
}

/**
 * xahaud's balance-rewards bookkeeping (`Transactor::operator()` in
 * src/ripple/app/tx/impl/Transactor.cpp, amendment BalanceRewards), run on an applied
 * transaction (`tesSUCCESS` or a `tec`) after the invariant checks, from its provisional
 * metadata `nodes`: each AccountRoot it modified (not created or deleted) that opted in with
 * ClaimReward (`RewardLgrFirst`, `RewardLgrLast` and `RewardAccumulator` present) and whose
 * `Balance` stands in the node's `PreviousFields` (with fix240819; its `FinalFields` without)
 * adds that balance in whole XAH (drops / 1,000,000, rounded down; none when 0) times the ledgers
 * elapsed since `RewardLgrLast` to `RewardAccumulator`, and `RewardLgrLast` becomes the current
 * ledger. An account is skipped when no ledger elapsed, when the uint32 subtraction wrapped, or
 * when the UInt64 sum would wrap. The sandbox's accounts change, and so do the nodes' fields, as
 * the final metadata shows them.
 *
 * @example
 * ```ts
 * const nodes = affectedNodes(sandbox, txid, seq)
 * accumulateRewards(sandbox, nodes, seq, host)
 * ```
 */
export function accumulateRewards(
  sandbox: Sandbox,
  nodes: readonly AffectedNode[],
  current: number,
  host: PreflightContext,
): void {
  if (!host.enabled('BalanceRewards')) return
  const fix240911 = host.enabled('fix240911')
  const rewardFields = host.enabled('fix240819') ? 'PreviousFields' : 'FinalFields'
  for (const node of nodes) {
    const fields = modifiedAccount(node)
    const balance = fields?.[rewardFields]?.Balance
    if (!fields || typeof balance !== 'string') continue
    const root = sandbox.peek(fields.LedgerIndex) as AccountRoot | undefined
    if (
      !root ||
      root.RewardLgrFirst === undefined ||
      root.RewardLgrLast === undefined ||
      root.RewardAccumulator === undefined
    ) {
      continue
    }
    const whole = BigInt(balance) / DROPS_PER_XAH
    if (whole === 0n) continue
    const last = Number(root.RewardLgrLast)
    const elapsed = elapsedLedgers(current, last, fix240911)
    if (elapsed === null) continue
    const accumulated = BigInt(`0x${root.RewardAccumulator}`)
    const sum = (accumulated + ((whole * BigInt(elapsed)) & UINT64)) & UINT64
    if (sum < accumulated) continue
    // UInt64 fields read as lower-case hex without leading zeros (docs/protocol.md §8.11).
    const before = { RewardAccumulator: root.RewardAccumulator, RewardLgrLast: last }
    root.RewardAccumulator = sum.toString(16)
    root.RewardLgrLast = current
    sandbox.update(root)
    fields.FinalFields = { ...fields.FinalFields, RewardAccumulator: root.RewardAccumulator }
    fields.FinalFields.RewardLgrLast = current
    fields.PreviousFields = { ...fields.PreviousFields, ...before }
  }
}
