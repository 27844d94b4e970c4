import { type BookSide, currencyHex, directoryPageIndex, issuerHex } from './keylets'
import type { DirectoryNode } from './ledger-object'
import type { ApplyView, ReadView } from './read-view'

/** Entries a directory page holds (rippled `dirNodeMaxEntries`). */
export const DIRECTORY_PAGE_ENTRIES = 32
/** Pages a directory may have (rippled `dirNodeMaxPages`): past it, `tecDIR_FULL`. */
const MAX_PAGES = 262_144n

/**
 * A UInt64 field as rippled writes it in JSON: hexadecimal, lower case, no leading zeros.
 *
 * @example
 * ```ts
 * uint64Json(26n) // '1a'
 * ```
 */
export const uint64Json = (value: bigint): string => value.toString(16)

/**
 * A UInt64 field's value (absent reads as 0, as rippled's `getFieldU64`).
 *
 * @example
 * ```ts
 * uint64Of(page.IndexNext) // 1n
 * ```
 */
export const uint64Of = (value: unknown): bigint =>
  typeof value === 'string' && value !== '' ? BigInt(`0x${value}`) : 0n

/**
 * Fills a new directory page's descriptive fields: `Owner` for an owner directory, the assets
 * and `ExchangeRate` for a book directory.
 *
 * @example
 * ```ts
 * const describe: DescribeDirectory = (page) => { page.Owner = address }
 * ```
 */
export type DescribeDirectory = (page: DirectoryNode) => void

/**
 * Describes an owner directory's pages (rippled `describeOwnerDir`).
 *
 * @example
 * ```ts
 * dirInsert(view, ownerDirIndex(owner), ticket.index, describeOwnerDir(owner))
 * ```
 */
export const describeOwnerDir =
  (owner: string): DescribeDirectory =>
  (page) => {
    page.Owner = owner
  }

/**
 * Describes a book directory's pages (rippled `OfferCreate` `describe`): the assets as 160-bit
 * hex (`TakerPaysCurrency`, `TakerPaysIssuer`, `TakerGetsCurrency`, `TakerGetsIssuer`; zeros for
 * the native asset) and the quality as `ExchangeRate`.
 *
 * @example
 * ```ts
 * dirAppend(view, bookDirIndex(bookBaseIndex(book), quality), offer.index, describeBook(book, quality))
 * ```
 */
export const describeBook =
  ({ pays, gets }: BookSide, quality: bigint): DescribeDirectory =>
  (page) => {
    page.TakerPaysCurrency = currencyHex(pays.currency)
    page.TakerPaysIssuer = issuerHex(pays.issuer)
    page.TakerGetsCurrency = currencyHex(gets.currency)
    page.TakerGetsIssuer = issuerHex(gets.issuer)
    page.ExchangeRate = uint64Json(quality)
  }

const newPage = (root: string, page: bigint, describe: DescribeDirectory): DirectoryNode => {
  const node: DirectoryNode = {
    LedgerEntryType: 'DirectoryNode',
    Flags: 0,
    RootIndex: root,
    Indexes: [],
    index: directoryPageIndex(root, page),
  }
  describe(node)
  return node
}

const peekPage = (view: ApplyView, root: string, page: bigint): DirectoryNode => {
  const node = view.peek(directoryPageIndex(root, page))
  if (!node) throw new Error(`ledger view: directory ${root} has no page ${page}`)
  return node as DirectoryNode
}

// rippled's ApplyView::dirAdd: the key goes to the last page (sorted in it for owner directories,
// appended for book directories); a full last page gets a new page linked after it.
function dirAdd(
  view: ApplyView,
  preserveOrder: boolean,
  root: string,
  key: string,
  describe: DescribeDirectory,
): bigint | null {
  const rootNode = view.peek(root) as DirectoryNode | undefined
  if (!rootNode) {
    const node = newPage(root, 0n, describe)
    node.Indexes = [key]
    view.insert(node)
    return 0n
  }
  let page = uint64Of(rootNode.IndexPrevious)
  const last = page === 0n ? rootNode : peekPage(view, root, page)
  if (last.Indexes.length < DIRECTORY_PAGE_ENTRIES) {
    if (last.Indexes.includes(key)) throw new Error(`ledger view: ${key} is already in ${root}`)
    if (preserveOrder) last.Indexes = [...last.Indexes, key]
    else last.Indexes = [...last.Indexes, key].sort()
    view.update(last)
    return page
  }
  page += 1n
  if (page >= MAX_PAGES) return null
  last.IndexNext = uint64Json(page)
  view.update(last)
  rootNode.IndexPrevious = uint64Json(page)
  view.update(rootNode)
  const node = newPage(root, page, describe)
  node.Indexes = [key]
  // Page 1's IndexPrevious (the root, 0) is left out, as rippled leaves the default out.
  if (page !== 1n) node.IndexPrevious = uint64Json(page - 1n)
  view.insert(node)
  return page
}

/**
 * Adds `key` to the directory rooted at `root` (an owner directory: kept sorted within the page),
 * creating the root or a new last page as rippled's `ApplyView::dirInsert` does. Returns the page
 * it went to (the object's `OwnerNode`), or null when the directory is full (`tecDIR_FULL`).
 *
 * @example
 * ```ts
 * const page = dirInsert(view, ownerDirIndex(owner), ticket.index, describeOwnerDir(owner))
 * if (page === null) return 'tecDIR_FULL'
 * ticket.OwnerNode = uint64Json(page)
 * ```
 */
export const dirInsert = (
  view: ApplyView,
  root: string,
  key: string,
  describe: DescribeDirectory,
): bigint | null => dirAdd(view, false, root, key, describe)

/**
 * Adds `key` at the end of the directory rooted at `root`, keeping the order of arrival (a book
 * directory: the oldest offer first at a quality, rippled's `ApplyView::dirAppend`).
 *
 * @example
 * ```ts
 * const page = dirAppend(view, bookDirIndex(base, quality), offer.index, describeBook)
 * ```
 */
export const dirAppend = (
  view: ApplyView,
  root: string,
  key: string,
  describe: DescribeDirectory,
): bigint | null => dirAdd(view, true, root, key, describe)

/**
 * Removes `key` from page `page` of the directory rooted at `root` as rippled's
 * `ApplyView::dirRemove`: an emptied page is unlinked and erased, an empty last page after it
 * too, and the root when the directory is left empty (unless `keepRoot`). False when the key is
 * not on that page.
 *
 * @example
 * ```ts
 * dirRemove(view, ownerDirIndex(owner), uint64Of(ticket.OwnerNode), ticket.index, false)
 * ```
 */
export function dirRemove(
  view: ApplyView,
  root: string,
  page: bigint,
  key: string,
  keepRoot: boolean,
): boolean {
  const node = view.peek(directoryPageIndex(root, page)) as DirectoryNode | undefined
  if (!node) return false
  const at = node.Indexes.indexOf(key)
  if (at < 0) return false
  node.Indexes = node.Indexes.filter((_, i) => i !== at)
  view.update(node)
  if (node.Indexes.length > 0) return true

  let previous = uint64Of(node.IndexPrevious)
  let next = uint64Of(node.IndexNext)
  if (page === 0n) {
    // A legacy empty last page is removed with the root's links (rippled keeps this repair).
    if (next === previous && next !== 0n) {
      const last = peekPage(view, root, next)
      if (last.Indexes.length > 0) return true
      node.IndexNext = uint64Json(0n)
      node.IndexPrevious = uint64Json(0n)
      view.update(node)
      view.erase(last)
      next = 0n
      previous = 0n
    }
    if (!keepRoot && next === 0n && previous === 0n) view.erase(node)
    return true
  }
  const previousNode = peekPage(view, root, previous)
  previousNode.IndexNext = uint64Json(next)
  view.update(previousNode)
  const nextNode = peekPage(view, root, next)
  nextNode.IndexPrevious = uint64Json(previous)
  view.update(nextNode)
  view.erase(node)
  // The next page was the last one and is empty: remove it too, the previous page becomes last.
  if (next !== 0n && uint64Of(nextNode.IndexNext) === 0n && nextNode.Indexes.length === 0) {
    view.erase(nextNode)
    previousNode.IndexNext = uint64Json(0n)
    view.update(previousNode)
    const rootNode = peekPage(view, root, 0n)
    rootNode.IndexPrevious = uint64Json(previous)
    view.update(rootNode)
    next = 0n
  }
  if (!keepRoot && next === 0n && previous === 0n && previousNode.Indexes.length === 0) {
    view.erase(previousNode)
  }
  return true
}

/**
 * Every index in a directory, page after page from the root (`IndexNext`), as `account_objects`
 * and `book_offers` walk them; from page `startPage` when given.
 *
 * @example
 * ```ts
 * for (const { index } of directoryEntries(view, ownerDirIndex(owner))) console.log(index)
 * ```
 */
export function* directoryEntries(
  view: ReadView,
  root: string,
  startPage = 0n,
): Generator<{ index: string; page: bigint }> {
  let page = startPage
  for (;;) {
    const node = view.read(directoryPageIndex(root, page)) as Readonly<DirectoryNode> | undefined
    if (!node) return
    for (const index of node.Indexes) yield { index, page }
    page = uint64Of(node.IndexNext)
    if (page === 0n) return
  }
}
