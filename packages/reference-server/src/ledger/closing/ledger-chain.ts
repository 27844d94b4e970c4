import {
  CLOSE_TIME_RESOLUTION,
  effectiveCloseTime,
  type LedgerHeader,
  ledgerHash,
  rippleTimeIso,
} from './ledger-header'
import { type TransactionLeaf, transactionTreeHash } from './transaction-tree'

/** The closed-ledger headers of one network, newest last, bounded. */
export interface LedgerChain {
  /**
   * Closes the next ledger at `nowMs` with these transactions, the fees they burnt and the state
   * tree's root hash; `ledgers` above 1 is a clock jump: the skipped ledgers get no header (they
   * are not in `completeLedgers`), the last one does.
   */
  close(
    nowMs: number,
    ledgers: number,
    transactions: TransactionLeaf[],
    burnt: bigint,
    accountHash: string,
  ): LedgerHeader
  /** The header of a kept closed ledger, or undefined. */
  header(index: number): LedgerHeader | undefined
  latest(): LedgerHeader
  /** Indexes of the kept headers as rippled writes `complete_ledgers`: `a-b,c-d`. */
  completeLedgers(): string
}

// 100 billion units of 1,000,000 drops: every XRP Ledger network's genesis supply.
const GENESIS_COINS = 100_000_000_000_000_000n
const ZERO_HASH = '0'.repeat(64)

/**
 * How many closed-ledger headers a network keeps (about 100 bytes each): the node's history,
 * shown as `complete_ledgers`; an older ledger is `lgrNotFound`, as on a node with little history.
 */
export const LEDGER_HEADER_HISTORY = 1_024

/**
 * Starts a network's chain with the ledger `firstIndex` closed at `nowMs` over the state whose
 * tree hashes to `accountHash` (its parent unknown: zero hash, as a node that starts from a saved
 * ledger shows; docs/protocol.md §8.6).
 *
 * @example
 * ```ts
 * const chain = createLedgerChain(5_000_000, clock.now(), tree.hash())
 * chain.close(clock.now(), 1, [], 0n, tree.hash()).ledger_index // 5_000_001
 * ```
 */
export function createLedgerChain(
  firstIndex: number,
  nowMs: number,
  accountHash: string,
  history = LEDGER_HEADER_HISTORY,
): LedgerChain {
  const headers = new Map<number, LedgerHeader>()
  const make = (
    index: number,
    nowMs: number,
    parent: LedgerHeader | undefined,
    transaction_hash: string,
    account_hash: string,
    total_coins: bigint,
  ): LedgerHeader => {
    const close_time = effectiveCloseTime(nowMs, parent?.close_time ?? 0)
    const fields = {
      ledger_index: index,
      parent_hash: parent?.ledger_hash ?? ZERO_HASH,
      transaction_hash,
      account_hash,
      close_time,
      close_time_iso: rippleTimeIso(close_time),
      close_time_resolution: CLOSE_TIME_RESOLUTION,
      close_flags: 0,
      parent_close_time: parent?.close_time ?? 0,
      total_coins: total_coins.toString(),
    }
    return { ...fields, ledger_hash: ledgerHash(fields) }
  }
  let latest = make(firstIndex, nowMs, undefined, ZERO_HASH, accountHash, GENESIS_COINS)
  headers.set(firstIndex, latest)
  const keep = (header: LedgerHeader) => {
    headers.set(header.ledger_index, header)
    for (const index of headers.keys()) {
      if (headers.size <= history) break
      headers.delete(index)
    }
  }
  return {
    close(nowMs, ledgers, transactions, burnt, accountHash) {
      const header = make(
        latest.ledger_index + ledgers,
        nowMs,
        latest,
        transactionTreeHash(transactions),
        accountHash,
        BigInt(latest.total_coins) - burnt,
      )
      keep(header)
      latest = header
      return header
    },
    header: (index) => headers.get(index),
    latest: () => latest,
    completeLedgers() {
      const ranges: string[] = []
      let start = -1
      let previous = -1
      for (const index of headers.keys()) {
        if (index !== previous + 1) {
          if (start !== -1) ranges.push(start === previous ? `${start}` : `${start}-${previous}`)
          start = index
        }
        previous = index
      }
      ranges.push(start === previous ? `${start}` : `${start}-${previous}`)
      return ranges.join(',')
    },
  }
}
