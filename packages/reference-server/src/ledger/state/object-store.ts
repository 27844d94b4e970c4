import type { LedgerObject } from './ledger-object'
import type { LedgerFees, LedgerInfo, RawView, ReadView } from './read-view'
import { lowerBound } from './sorted-keys'
import {
  createSnapshotFeed,
  type SnapshotBase,
  type SnapshotFeed,
  type StoreSnapshot,
} from './store-snapshot'

/**
 * Every object of a network's open ledger by index, with the indexes kept in order (what
 * `succ`, `ledger_data` and order books walk). The objects it holds are never changed in place:
 * a view replaces them whole.
 *
 * @example
 * ```ts
 * const store = createObjectStore(() => info, fees)
 * store.rawInsert(root)
 * store.read(root.index) === root // true
 * ```
 */
export interface ObjectStore extends ReadView, RawView {
  /** How many objects it holds. */
  readonly size: number
  /** Every object in index order, from the first index after `after` when given. */
  objects(after?: string): IterableIterator<LedgerObject>
  /** Empties it. */
  clear(): void
  /**
   * A copy of it as it is now, that later changes do not reach, reading as the ledger `info`
   * (the last closed ledger's state): copy-on-write (store-snapshot.ts), so taking one at every
   * close costs nothing however many objects the store holds.
   */
  copy(info: LedgerInfo): StoreSnapshot
}

/**
 * Options of {@link createObjectStore}.
 *
 * @example
 * ```ts
 * const options: ObjectStoreOptions = { onChange: (index) => tree.touch(index) }
 * ```
 */
export interface ObjectStoreOptions {
  /** Told the index of each object added, replaced or removed (not by `clear`): the state tree's feed. */
  onChange?: (index: string) => void
}

// What a snapshot still reading the store's objects reads once `clear` empties it: a copy.
const frozen = (byIndex: Map<string, LedgerObject>, keys: readonly string[]): SnapshotBase => {
  const objects = new Map(byIndex)
  const sorted = [...keys]
  return {
    read: (index) => objects.get(index),
    succ(index, last) {
      const at = lowerBound(sorted, index)
      const next = sorted[sorted[at] === index ? at + 1 : at]
      return next === undefined || (last !== undefined && next >= last) ? undefined : next
    },
  }
}

/**
 * Creates an empty {@link ObjectStore}; `info` is read on each call (the open ledger moves).
 *
 * @example
 * ```ts
 * const store = createObjectStore(() => ({ seq: closedIndex + 1, parentCloseTime }), fees)
 * ```
 */
export function createObjectStore(
  info: () => LedgerInfo,
  fees: LedgerFees,
  options: ObjectStoreOptions = {},
): ObjectStore {
  const { onChange } = options
  const byIndex = new Map<string, LedgerObject>()
  // Sorted; insertion and removal splice (fast at the sizes a simulated ledger reaches).
  const keys: string[] = []
  // The newest copy: told each object's earlier value before it changes (older copies read
  // through it). The objects are never changed in place, so a copy shares them.
  let newest: SnapshotFeed | null = null

  const add = (object: LedgerObject) => {
    newest?.keep(object.index, byIndex.get(object.index))
    if (!byIndex.has(object.index)) keys.splice(lowerBound(keys, object.index), 0, object.index)
    byIndex.set(object.index, object)
    onChange?.(object.index)
  }

  const succ = (index: string, last?: string) => {
    const at = lowerBound(keys, index)
    const next = keys[keys[at] === index ? at + 1 : at]
    return next === undefined || (last !== undefined && next >= last) ? undefined : next
  }
  const live: SnapshotBase = { read: (index) => byIndex.get(index), succ }

  return {
    get info() {
      return info()
    },
    fees,
    read: live.read,
    succ,
    rawInsert: add,
    rawReplace: add,
    rawErase(object) {
      if (!byIndex.has(object.index)) return
      newest?.keep(object.index, byIndex.get(object.index))
      byIndex.delete(object.index)
      keys.splice(lowerBound(keys, object.index), 1)
      onChange?.(object.index)
    },
    get size() {
      return byIndex.size
    },
    *objects(after) {
      let at = after === undefined ? 0 : lowerBound(keys, after)
      if (after !== undefined && keys[at] === after) at += 1
      for (; at < keys.length; at++) {
        const object = byIndex.get(keys[at] as string)
        if (object) yield object
      }
    },
    clear() {
      newest?.rebase(frozen(byIndex, keys))
      newest = null
      byIndex.clear()
      keys.length = 0
    },
    copy(at) {
      const feed = createSnapshotFeed(live, at, fees)
      newest?.rebase(feed.snapshot)
      newest = feed
      return feed.snapshot
    },
  }
}
