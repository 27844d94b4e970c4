import { directoryEntries } from '../state/directory'
import {
  directoryPageIndex,
  isLedgerIndex,
  nftokenPageMaxIndex,
  nftokenPageMinIndex,
  ownerDirIndex,
} from '../state/keylets'
import type { LedgerObject } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'

/**
 * One page of ledger objects and where the next page starts (`marker`, absent on the last page),
 * as rippled's `account_objects` and `ledger_data` page them.
 *
 * @example
 * ```ts
 * const { objects, marker } = ledger.accountObjects('TESTNET', address, { limit: 10 }) ?? { objects: [] }
 * ```
 */
export interface ObjectsPage {
  objects: Readonly<LedgerObject>[]
  marker?: string
}

/**
 * What to read of an account's objects: the types to keep (rippled's `LedgerEntryType` names;
 * all when absent), how many entries at most, and a marker from the previous page.
 *
 * @example
 * ```ts
 * const request: OwnerObjectsRequest = { types: ['Ticket'], limit: 200 }
 * ```
 */
export interface OwnerObjectsRequest {
  types?: readonly string[]
  limit: number
  marker?: string
}

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

// "<directory page index>,<entry index>": where rippled's account_objects resumes.
const parseMarker = (marker: string) => {
  const [page, entry, ...rest] = marker.split(',')
  if (
    rest.length > 0 ||
    !isLedgerIndex(page?.toUpperCase()) ||
    !isLedgerIndex(entry?.toUpperCase())
  ) {
    return null
  }
  return { page: (page as string).toUpperCase(), entry: (entry as string).toUpperCase() }
}

const ZERO = '0'.repeat(64)

// The NFTokenPages of an owner from `start`, linked by NextPageMin (rippled walks them first).
function* nftokenPages(view: ReadView, owner: string, start: string | null) {
  const max = nftokenPageMaxIndex(owner)
  let index: string | undefined =
    start ??
    (view.read(nftokenPageMinIndex(owner))
      ? nftokenPageMinIndex(owner)
      : view.succ(nftokenPageMinIndex(owner)))
  while (index !== undefined && index <= max) {
    const page = view.read(index)
    if (!page) return
    yield page
    index = typeof page.NextPageMin === 'string' ? page.NextPageMin : undefined
  }
}

/**
 * A page of an account's objects as rippled's `account_objects` (`RPCHelpers.cpp`
 * `getAccountObjects`) pages them: its NFTokenPages first (marker `0,<page>`), then its owner
 * directory page by page (marker `<directory page>,<entry>`); every entry walked counts towards
 * `limit`, kept or not by `types`. Null when the marker points at nothing (rippled's
 * `invalidParams` on `marker`).
 *
 * @example
 * ```ts
 * const first = accountObjectsPage(view, address, { limit: 2 })
 * const next = accountObjectsPage(view, address, { limit: 2, marker: first?.marker })
 * ```
 */
export function accountObjectsPage(
  view: ReadView,
  address: string,
  request: OwnerObjectsRequest,
): ObjectsPage | null {
  const { types, limit } = request
  const keep = (object: Readonly<LedgerObject>) =>
    types === undefined || types.includes(object.LedgerEntryType)
  const marker = request.marker === undefined ? null : parseMarker(request.marker)
  if (request.marker !== undefined && !marker) return null
  const objects: Readonly<LedgerObject>[] = []
  let room = limit
  const root = ownerDirIndex(address)
  const inNftPages = marker !== null && marker.page === ZERO
  if ((marker === null || inNftPages) && (types === undefined || types.includes('NFTokenPage'))) {
    if (inNftPages && marker && !view.read(marker.entry)) return null
    for (const page of nftokenPages(view, address, inNftPages && marker ? marker.entry : null)) {
      if (room === 0) return { objects, marker: `${ZERO},${page.index}` }
      objects.push(page)
      room -= 1
    }
  } else if (inNftPages) {
    return null
  }
  let startPage = 0n
  let startEntry: string | null = null
  if (marker !== null && !inNftPages) {
    const page = pageNumberOf(view, root, marker.page)
    const node = view.read(marker.page)
    if (page === null || !(node?.Indexes as string[] | undefined)?.includes(marker.entry))
      return null
    startPage = page
    startEntry = marker.entry
  }
  for (const entry of directoryEntries(view, root, startPage)) {
    if (startEntry !== null) {
      if (entry.index !== startEntry) continue
      startEntry = null
    }
    if (room === 0) {
      return { objects, marker: `${directoryPageIndex(root, entry.page)},${entry.index}` }
    }
    room -= 1
    const object = view.read(entry.index)
    if (object && keep(object)) objects.push(object)
  }
  return { objects }
}

// The number of the page of `root` whose index is `pageIndex`, following IndexNext from the root.
function pageNumberOf(view: ReadView, root: string, pageIndex: string): bigint | null {
  let page = 0n
  for (;;) {
    if (directoryPageIndex(root, page) === pageIndex) return page
    const node = view.read(directoryPageIndex(root, page))
    page = typeof node?.IndexNext === 'string' ? BigInt(`0x${node.IndexNext}`) : 0n
    if (page === 0n) return null
  }
}

/**
 * A page of every object in index order, as rippled's `ledger_data` (`LedgerData.cpp`) pages
 * them: from the first index after `marker`; the next marker is the index before the first
 * object not returned. Objects of other `type`s are walked and counted but not returned. Null
 * when the marker is no index.
 *
 * @example
 * ```ts
 * const page = ledgerDataPage(view, { limit: 256 })
 * ```
 */
export function ledgerDataPage(
  view: ReadView,
  request: { limit: number; marker?: string; type?: string },
): ObjectsPage | null {
  const marker = request.marker?.toUpperCase()
  if (marker !== undefined && !isLedgerIndex(marker)) return null
  const objects: Readonly<LedgerObject>[] = []
  let room = request.limit
  let index = marker === undefined && view.read(ZERO) ? ZERO : view.succ(marker ?? ZERO)
  while (index !== undefined) {
    if (room === 0) {
      const previous = (BigInt(`0x${index}`) - 1n).toString(16).toUpperCase().padStart(64, '0')
      return { objects, marker: previous }
    }
    room -= 1
    const object = view.read(index)
    if (object && (request.type === undefined || object.LedgerEntryType === request.type)) {
      objects.push(object)
    }
    index = view.succ(index)
  }
  return { objects }
}
