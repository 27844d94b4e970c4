import { cloneObject, type LedgerObject } from './ledger-object'
import type { ApplyView, LedgerFees, LedgerInfo, RawView, ReadView } from './read-view'

/**
 * What a sandbox did to an object: read a copy for change (`cache`, not a change until
 * `update`), added, changed or removed it (rippled's `ApplyStateTable::Action`).
 *
 * @example
 * ```ts
 * for (const change of sandbox.changes()) if (change.action === 'insert') created.push(change.object)
 * ```
 */
export type ChangeAction = 'cache' | 'insert' | 'modify' | 'erase'

/**
 * One object a sandbox touched: its index, what happened, and its last state (for `erase`, the
 * state it had when removed).
 *
 * @example
 * ```ts
 * const change: Change = { index, action: 'modify', object }
 * ```
 */
export interface Change {
  index: string
  action: ChangeAction
  object: LedgerObject
}

/**
 * A view of changes over another view (rippled's `Sandbox` over an `ApplyStateTable`): reads fall
 * through to the view below, changes stay here until `applyTo` hands them down; dropping the
 * sandbox discards them. Sandboxes nest: one transaction's changes over the open ledger, a
 * Batch's inner transactions over the Batch (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const sandbox = createSandbox(openLedger)
 * const root = sandbox.peek(accountRootIndex(address)) as AccountRoot
 * root.Balance = '0'
 * sandbox.update(root)
 * sandbox.applyTo(openLedger)
 * ```
 */
export interface Sandbox extends ApplyView, RawView {
  /** The view it reads through to. */
  readonly base: ReadView
  /** Each touched object, in index order (the order of metadata, docs/protocol.md §8.6). */
  changes(): Change[]
  /** Hands every change (not the `cache` reads) to the view below; the sandbox is then spent. */
  applyTo(target: RawView): void
}

const logicError = (what: string, index: string) =>
  new Error(`ledger view: ${what} (${index}), a rule's bug`)

/**
 * Creates a {@link Sandbox} over `base`.
 *
 * @example
 * ```ts
 * const inner = createSandbox(outer)
 * ```
 */
export function createSandbox(base: ReadView): Sandbox {
  const items = new Map<string, Change>()
  const info: LedgerInfo = base.info
  const fees: LedgerFees = base.fees

  const item = (object: LedgerObject, what: string) => {
    const found = items.get(object.index)
    if (!found) throw logicError(`${what} of an object not peeked`, object.index)
    if (found.object !== object) throw logicError(`${what} of another copy`, object.index)
    if (found.action === 'erase') throw logicError(`${what} of an erased object`, object.index)
    return found
  }

  return {
    base,
    info,
    fees,
    read(index) {
      const found = items.get(index)
      if (!found) return base.read(index)
      return found.action === 'erase' ? undefined : found.object
    },
    succ(index, last) {
      // The base's next key not erased here, or a key added here, whichever comes first.
      let next = base.succ(index, last)
      while (next !== undefined && items.get(next)?.action === 'erase') next = base.succ(next, last)
      for (const [key, change] of items) {
        if (change.action === 'erase' || key <= index) continue
        if (last !== undefined && key >= last) continue
        if (next === undefined || key < next) next = key
      }
      return next
    },
    peek(index) {
      const found = items.get(index)
      if (found) return found.action === 'erase' ? undefined : found.object
      const original = base.read(index)
      if (!original) return undefined
      const copy = cloneObject(original as LedgerObject)
      items.set(index, { index, action: 'cache', object: copy })
      return copy
    },
    insert(object) {
      const found = items.get(object.index)
      if (!found) {
        if (base.read(object.index))
          throw logicError('insert over an existing object', object.index)
        items.set(object.index, { index: object.index, action: 'insert', object })
        return
      }
      if (found.action !== 'erase') throw logicError('insert over an existing object', object.index)
      found.action = 'modify'
      found.object = object
    },
    update(object) {
      const found = item(object, 'update')
      if (found.action === 'cache') found.action = 'modify'
    },
    erase(object) {
      const found = item(object, 'erase')
      if (found.action === 'insert') items.delete(object.index)
      else found.action = 'erase'
    },
    rawInsert(object) {
      const found = items.get(object.index)
      // Added below over an object removed here: a change of that object (`ApplyStateTable::insert`).
      const action = found?.action === 'erase' ? 'modify' : 'insert'
      items.set(object.index, { index: object.index, action, object })
    },
    rawReplace(object) {
      const found = items.get(object.index)
      const action = found?.action === 'insert' ? 'insert' : 'modify'
      items.set(object.index, { index: object.index, action, object })
    },
    rawErase(object) {
      const found = items.get(object.index)
      if (found?.action === 'insert') items.delete(object.index)
      else items.set(object.index, { index: object.index, action: 'erase', object })
    },
    changes: () => [...items.values()].sort((a, b) => (a.index < b.index ? -1 : 1)),
    applyTo(target) {
      for (const change of items.values()) {
        if (change.action === 'insert') target.rawInsert(change.object)
        else if (change.action === 'modify') target.rawReplace(change.object)
        else if (change.action === 'erase') target.rawErase(change.object)
      }
      items.clear()
    },
  }
}
