import { directoryEntries } from './state/directory'
import { ownerDirIndex } from './state/keylets'
import type { LedgerObject } from './state/ledger-object'
import type { ReadView } from './state/read-view'

/**
 * Every object in an account's owner directory, in the directory's order (page after page), as
 * rippled's `account_objects` walks it.
 *
 * @example
 * ```ts
 * ownerObjects(view, address).filter((object) => object.LedgerEntryType === 'Ticket')
 * ```
 */
export function ownerObjects(view: ReadView, address: string): Readonly<LedgerObject>[] {
  const found: Readonly<LedgerObject>[] = []
  for (const { index } of directoryEntries(view, ownerDirIndex(address))) {
    const object = view.read(index)
    if (object) found.push(object)
  }
  return found
}
