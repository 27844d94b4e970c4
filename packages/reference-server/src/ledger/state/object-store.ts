import type { LedgerObject } from './ledger-object'
import type { LedgerFees, LedgerInfo, RawView, ReadView } from './read-view'

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
   * (the last closed ledger's state).
   */
  copy(info: LedgerInfo): ObjectStore
}

// The position of the first key not below `key` in a sorted array.
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0
  let high = keys.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((keys[middle] as string) < key) low = middle + 1
    else high = middle
  }
  return low
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
  /** @internal The objects of the store `copy` copies. */
  from?: { byIndex: Map<string, LedgerObject>; keys: string[] }
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
  const { from, onChange } = options
  // The objects are never changed in place, so a copy shares them.
  const byIndex = new Map<string, LedgerObject>(from?.byIndex)
  // Sorted; insertion and removal splice (fast at the sizes a simulated ledger reaches).
  const keys: string[] = from ? [...from.keys] : []

  const add = (object: LedgerObject) => {
    if (!byIndex.has(object.index)) keys.splice(lowerBound(keys, object.index), 0, object.index)
    byIndex.set(object.index, object)
    onChange?.(object.index)
  }

  return {
    get info() {
      return info()
    },
    fees,
    read: (index) => byIndex.get(index),
    succ(index, last) {
      const at = lowerBound(keys, index)
      const next = keys[keys[at] === index ? at + 1 : at]
      return next === undefined || (last !== undefined && next >= last) ? undefined : next
    },
    rawInsert: add,
    rawReplace: add,
    rawErase(object) {
      if (!byIndex.delete(object.index)) return
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
      byIndex.clear()
      keys.length = 0
    },
    copy: (frozen) => createObjectStore(() => frozen, fees, { from: { byIndex, keys } }),
  }
}
