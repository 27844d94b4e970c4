import type { LedgerObject } from './ledger-object'
import type { LedgerFees, LedgerInfo, ReadView } from './read-view'
import { lowerBound } from './sorted-keys'

/**
 * The objects of a store as they were when it was taken (the validated ledger's, docs/protocol.md
 * §8.6), read like any view. `rawReplace` writes into it alone (a direct credit shown at once in
 * the validated ledger too, `Ledger.fund`).
 *
 * @example
 * ```ts
 * const validated: StoreSnapshot = objects.copy({ seq: closedIndex, parentCloseTime })
 * validated.read(index) // as at the close, whatever the open ledger did since
 * ```
 */
export interface StoreSnapshot extends ReadView {
  rawReplace(object: LedgerObject): void
}

/** What a snapshot reads below its own entries: the live store, or the snapshot taken after it. */
export type SnapshotBase = Pick<ReadView, 'read' | 'succ'>

/** A snapshot and the hooks its store feeds it through. */
export interface SnapshotFeed {
  snapshot: StoreSnapshot
  /** Called before the live store changes `index` (holding `old`, or nothing). */
  keep(index: string, old: LedgerObject | undefined): void
  /** What it reads below its own entries from now on (the next snapshot, or a frozen copy). */
  rebase(base: SnapshotBase): void
}

/**
 * A copy-on-write snapshot over `base` (the live store): it holds only the earlier value of each
 * object changed since it was taken (null: none was there), and reads the rest through `base`.
 * Taking one costs nothing, whatever the size of the store; each change costs one map entry, the
 * first time an index changes (an automined ledger closes once per transaction, and copied its
 * whole state each time before). When the store takes the next snapshot, this one reads through
 * that one, so an old snapshot still held stays true.
 *
 * @example
 * ```ts
 * const feed = createSnapshotFeed(store, info, fees)
 * feed.keep(index, store.read(index)) // before the store changes it
 * ```
 */
export function createSnapshotFeed(
  base: SnapshotBase,
  info: LedgerInfo,
  fees: LedgerFees,
): SnapshotFeed {
  let below = base
  const own = new Map<string, LedgerObject | null>()
  // The indexes this snapshot holds an object for, sorted when asked (a change unsorts them).
  let held: string[] | null = []
  const heldIndexes = () => {
    held ??= [...own].flatMap(([index, object]) => (object ? [index] : [])).sort()
    return held
  }
  const set = (index: string, object: LedgerObject | null) => {
    own.set(index, object)
    held = null
  }
  const snapshot: StoreSnapshot = {
    info,
    fees,
    read: (index) => (own.has(index) ? (own.get(index) ?? undefined) : below.read(index)),
    succ(index, last) {
      // The next index below that this snapshot does not know as absent …
      let next = below.succ(index, last)
      while (next !== undefined && own.get(next) === null) next = below.succ(next, last)
      // … or the next one it holds itself, whichever comes first.
      const keys = heldIndexes()
      let at = lowerBound(keys, index)
      if (keys[at] === index) at += 1
      const mine = keys[at]
      const first = mine !== undefined && (last === undefined || mine < last) ? mine : undefined
      if (next === undefined) return first
      return first === undefined || next < first ? next : first
    },
    rawReplace: (object) => set(object.index, object),
  }
  return {
    snapshot,
    keep(index, old) {
      if (!own.has(index)) set(index, old ?? null)
    },
    rebase(next) {
      below = next
    },
  }
}
