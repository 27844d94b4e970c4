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
  /** The kept headers as a snapshot holds them ({@link loadLedgerChain} reads them back). */
  saveState(): LedgerChainState
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
 * A chain's kept headers as a snapshot holds them (ledger-state.ts): the first one's parent (hash
 * and close time), then each ledger's `[ledger_index, close_time, transaction_hash,
 * account_hash, total_coins]`, oldest first; each hash, parent hash and parent close time follow
 * from these, so a restored chain answers the same `ledger_hash` for every index.
 *
 * @example
 * ```ts
 * const state: LedgerChainState = chain.saveState()
 * loadLedgerChain(state).latest().ledger_hash === chain.latest().ledger_hash // true
 * ```
 */
export interface LedgerChainState {
  parent: [hash: string, closeTime: number]
  ledgers: [index: number, closeTime: number, transactions: string, state: string, coins: string][]
}

// A header from its own fields and its parent's (rippled's calculateLedgerHash, ledger-header.ts).
const headerOf = (
  fields: {
    ledger_index: number
    close_time: number
    transaction_hash: string
    account_hash: string
    total_coins: string
  },
  parent: { hash: string; closeTime: number },
): LedgerHeader => {
  const header = {
    ledger_index: fields.ledger_index,
    parent_hash: parent.hash,
    transaction_hash: fields.transaction_hash,
    account_hash: fields.account_hash,
    close_time: fields.close_time,
    close_time_iso: rippleTimeIso(fields.close_time),
    close_time_resolution: CLOSE_TIME_RESOLUTION,
    close_flags: 0,
    parent_close_time: parent.closeTime,
    total_coins: fields.total_coins,
  }
  return { ...header, ledger_hash: ledgerHash(header) }
}

// The chain over its kept headers (oldest first, at least one).
const chainOf = (kept: readonly LedgerHeader[], history: number): LedgerChain => {
  const headers = new Map<number, LedgerHeader>(kept.map((header) => [header.ledger_index, header]))
  let latest = kept[kept.length - 1] as LedgerHeader
  const keep = (header: LedgerHeader) => {
    headers.set(header.ledger_index, header)
    for (const index of headers.keys()) {
      if (headers.size <= history) break
      headers.delete(index)
    }
  }
  return {
    close(nowMs, ledgers, transactions, burnt, accountHash) {
      const header = headerOf(
        {
          ledger_index: latest.ledger_index + ledgers,
          close_time: effectiveCloseTime(nowMs, latest.close_time),
          transaction_hash: transactionTreeHash(transactions),
          account_hash: accountHash,
          total_coins: (BigInt(latest.total_coins) - burnt).toString(),
        },
        { hash: latest.ledger_hash, closeTime: latest.close_time },
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
    saveState() {
      const [first] = headers.values()
      const oldest = first as LedgerHeader
      return {
        parent: [oldest.parent_hash, oldest.parent_close_time],
        ledgers: [...headers.values()].map((header) => [
          header.ledger_index,
          header.close_time,
          header.transaction_hash,
          header.account_hash,
          header.total_coins,
        ]),
      }
    },
  }
}

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
  const genesis = headerOf(
    {
      ledger_index: firstIndex,
      close_time: effectiveCloseTime(nowMs, 0),
      transaction_hash: ZERO_HASH,
      account_hash: accountHash,
      total_coins: GENESIS_COINS.toString(),
    },
    { hash: ZERO_HASH, closeTime: 0 },
  )
  return chainOf([genesis], history)
}

/**
 * The chain a snapshot saved (`saveState()`), header for header: the same indexes, close times
 * and hashes, so a restored node answers `ledger` as it did when the snapshot was taken.
 *
 * @example
 * ```ts
 * const chain = loadLedgerChain(saved.chain)
 * ```
 */
export function loadLedgerChain(
  state: LedgerChainState,
  history = LEDGER_HEADER_HISTORY,
): LedgerChain {
  const headers: LedgerHeader[] = []
  let [hash, closeTime] = state.parent
  for (const [
    ledger_index,
    close_time,
    transaction_hash,
    account_hash,
    total_coins,
  ] of state.ledgers) {
    const header = headerOf(
      { ledger_index, close_time, transaction_hash, account_hash, total_coins },
      { hash, closeTime },
    )
    headers.push(header)
    hash = header.ledger_hash
    closeTime = header.close_time
  }
  return chainOf(headers, history)
}
