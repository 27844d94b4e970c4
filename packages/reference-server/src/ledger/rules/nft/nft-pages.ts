import { adjustOwnerCount, peekAccount } from '../../state/account-root'
import { nftokenPageIndex, nftokenPageMaxIndex, nftokenPageMinIndex } from '../../state/keylets'
import type { AccountRoot, LedgerObject } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'

/**
 * One NFToken as an NFTokenPage holds it: its id and, when minted with one, its `URI` (hex).
 *
 * @example
 * ```ts
 * const token: NFTokenEntry = { NFToken: { NFTokenID: id, URI: '697066733A2F2F' } }
 * ```
 */
export interface NFTokenEntry {
  [field: string]: { NFTokenID: string; URI?: string }
  NFToken: { NFTokenID: string; URI?: string }
}

/**
 * An NFTokenPage (xrpl.org "NFTokenPage"): up to 32 tokens of one owner, sorted, its index the
 * owner's AccountID then the low 96 bits just above its highest token; pages linked by
 * `PreviousPageMin`/`NextPageMin`, the last one always at the owner's highest index.
 *
 * @example
 * ```ts
 * const page = view.read(nftokenPageMaxIndex(owner)) as NFTokenPage | undefined
 * ```
 */
export interface NFTokenPage extends LedgerObject {
  LedgerEntryType: 'NFTokenPage'
  NFTokens: NFTokenEntry[]
  PreviousPageMin?: string
  NextPageMin?: string
}

/** Tokens one page holds (rippled `dirMaxTokensPerPage`). */
export const NFTOKENS_PER_PAGE = 32

// The low 96 bits of an NFTokenID (`nft::pageMask`): what pages sort and split on.
const low96 = (id: string) => id.slice(40)
const ALL_ONES_96 = (1n << 96n) - 1n

/**
 * rippled's token order (`nft::compareTokens`): by the low 96 bits, then by the whole id.
 *
 * @example
 * ```ts
 * tokens.sort((a, b) => compareTokenIds(a.NFToken.NFTokenID, b.NFToken.NFTokenID))
 * ```
 */
export function compareTokenIds(a: string, b: string): number {
  const low = low96(a) < low96(b) ? -1 : low96(a) > low96(b) ? 1 : 0
  if (low !== 0) return low
  return a < b ? -1 : a > b ? 1 : 0
}

const byToken = (a: NFTokenEntry, b: NFTokenEntry) =>
  compareTokenIds(a.NFToken.NFTokenID, b.NFToken.NFTokenID)

// `uint256::next()` as far as a page index sees it: the low 96 bits plus one, wrapping.
function nextId(id: string): string {
  const low = (BigInt(`0x${low96(id)}`) + 1n) & ALL_ONES_96
  return id.slice(0, 40) + low.toString(16).toUpperCase().padStart(24, '0')
}

// The index of the only page that can hold `id`: the first page above the id's own page index,
// up to the owner's last page (`nft::locatePage`).
function pageIndexFor(view: ReadView, owner: string, id: string): string {
  const last = nftokenPageMaxIndex(owner)
  const next = view.succ(nftokenPageIndex(owner, id))
  return next === undefined || next > last ? last : next
}

const asPage = (object: Readonly<LedgerObject> | undefined) =>
  object?.LedgerEntryType === 'NFTokenPage' ? (object as NFTokenPage) : undefined

/**
 * The page that holds (or would hold) `id` among `owner`'s pages, read-only, or undefined.
 *
 * @example
 * ```ts
 * readTokenPage(view, owner, id)?.NFTokens.length
 * ```
 */
export const readTokenPage = (view: ReadView, owner: string, id: string) =>
  asPage(view.read(pageIndexFor(view, owner, id))) as Readonly<NFTokenPage> | undefined

/**
 * The token `id` as `owner` holds it, or undefined when `owner` does not hold it
 * (`nft::findToken`).
 *
 * @example
 * ```ts
 * if (!findToken(view, owner, id)) return 'tecNO_ENTRY'
 * ```
 */
export function findToken(view: ReadView, owner: string, id: string): NFTokenEntry | undefined {
  return readTokenPage(view, owner, id)?.NFTokens.find((t) => t.NFToken.NFTokenID === id)
}

const ownerCount = (view: ApplyView, owner: string, delta: number) => {
  if (delta !== 0) adjustOwnerCount(view, peekAccount(view, owner) as AccountRoot, delta)
}

const peekPage = (view: ApplyView, index: string | undefined) =>
  index === undefined ? undefined : asPage(view.peek(index))

// Splits a full page so `id` fits, keeping tokens of equal low 96 bits together
// (`nft::getPageForToken`); null when the page is full of tokens `id` must sit with.
function splitFor(view: ApplyView, owner: string, page: NFTokenPage, id: string) {
  const tokens = page.NFTokens
  const half = NFTOKENS_PER_PAGE / 2
  const cmp = low96((tokens[half - 1] as NFTokenEntry).NFToken.NFTokenID)
  const same = (t: NFTokenEntry) => low96(t.NFToken.NFTokenID) === cmp
  let split = tokens.findIndex((t, i) => i >= half && !same(t))
  if (split < 0) split = tokens.findIndex(same)
  if (split === 0) {
    if (low96(id) === cmp) return null
    if (low96(id) > cmp) split = tokens.length
  }
  const lower = tokens.slice(0, split)
  const upper = tokens.slice(split)
  const newPageToken =
    lower.length === NFTOKENS_PER_PAGE
      ? nextId((lower[NFTOKENS_PER_PAGE - 1] as NFTokenEntry).NFToken.NFTokenID)
      : (upper[0] as NFTokenEntry).NFToken.NFTokenID
  const fresh: NFTokenPage = {
    LedgerEntryType: 'NFTokenPage',
    Flags: 0,
    NFTokens: lower,
    NextPageMin: page.index,
    index: nftokenPageIndex(owner, newPageToken),
  }
  if (page.PreviousPageMin !== undefined) {
    fresh.PreviousPageMin = page.PreviousPageMin
    const before = peekPage(view, page.PreviousPageMin)
    if (before) {
      before.NextPageMin = fresh.index
      view.update(before)
    }
  }
  view.insert(fresh)
  page.NFTokens = upper
  page.PreviousPageMin = fresh.index
  view.update(page)
  ownerCount(view, owner, 1)
  return nftokenPageIndex(owner, id) < fresh.index ? fresh : page
}

// The page `id` goes to, created (the owner's last page) or split when needed.
function pageForToken(view: ApplyView, owner: string, id: string): NFTokenPage | null {
  const page = peekPage(view, pageIndexFor(view, owner, id))
  if (!page) {
    const created: NFTokenPage = {
      LedgerEntryType: 'NFTokenPage',
      Flags: 0,
      NFTokens: [],
      index: nftokenPageMaxIndex(owner),
    }
    view.insert(created)
    ownerCount(view, owner, 1)
    return created
  }
  return page.NFTokens.length === NFTOKENS_PER_PAGE ? splitFor(view, owner, page, id) : page
}

/**
 * Adds a token to `owner`'s pages, sorted, as rippled's `nft::insertToken`: a new page (one more
 * owned object) when the owner has none, a full page split in two (one more). Returns
 * `tesSUCCESS`, or `tecNO_SUITABLE_NFTOKEN_PAGE` when a full page of tokens with the same low 96
 * bits leaves no place.
 *
 * @example
 * ```ts
 * insertToken(view, owner, { NFToken: { NFTokenID: id } }) // 'tesSUCCESS'
 * ```
 */
export function insertToken(view: ApplyView, owner: string, token: NFTokenEntry): string {
  const page = pageForToken(view, owner, token.NFToken.NFTokenID)
  if (!page) return 'tecNO_SUITABLE_NFTOKEN_PAGE'
  page.NFTokens = [...page.NFTokens, token].sort(byToken)
  view.update(page)
  return 'tesSUCCESS'
}

// Moves p1's tokens into p2 (its next page) and erases p1 when they fit in one page
// (`nft::mergePages`).
function mergePages(view: ApplyView, p1: NFTokenPage, p2: NFTokenPage): boolean {
  if (p1.NFTokens.length + p2.NFTokens.length > NFTOKENS_PER_PAGE) return false
  p2.NFTokens = [...p1.NFTokens, ...p2.NFTokens].sort(byToken)
  delete p2.PreviousPageMin
  const before = peekPage(view, p1.PreviousPageMin)
  if (before) {
    before.NextPageMin = p2.index
    view.update(before)
    p2.PreviousPageMin = before.index
  }
  view.update(p2)
  view.erase(p1)
  return true
}

// An emptied last page takes its previous page's tokens, so the last page keeps its index
// (fixNFTokenPageLinks, `nft::removeToken`).
function refillLastPage(view: ApplyView, owner: string, last: NFTokenPage, prev: NFTokenPage) {
  last.NFTokens = prev.NFTokens
  const before = peekPage(view, prev.PreviousPageMin)
  if (before) {
    last.PreviousPageMin = before.index
    before.NextPageMin = last.index
    view.update(before)
  } else delete last.PreviousPageMin
  ownerCount(view, owner, -1)
  view.update(last)
  view.erase(prev)
}

/**
 * Removes a token from `owner`'s pages as rippled's `nft::removeToken`: a page left with tokens
 * merges with a neighbour when both fit in one; an emptied page is unlinked and erased (the last
 * page instead takes its previous page's tokens, fixNFTokenPageLinks); the owner count follows
 * the pages. `tecNO_ENTRY` when `owner` does not hold it.
 *
 * @example
 * ```ts
 * removeToken(view, owner, id) // 'tesSUCCESS'
 * ```
 */
export function removeToken(view: ApplyView, owner: string, id: string): string {
  const page = peekPage(view, pageIndexFor(view, owner, id))
  if (!page) return 'tecNO_ENTRY'
  const at = page.NFTokens.findIndex((t) => t.NFToken.NFTokenID === id)
  if (at < 0) return 'tecNO_ENTRY'
  const remaining = page.NFTokens.filter((_, i) => i !== at)
  const prev = peekPage(view, page.PreviousPageMin)
  const next = peekPage(view, page.NextPageMin)
  if (remaining.length > 0) {
    page.NFTokens = remaining
    view.update(page)
    let merged = 0
    if (prev && mergePages(view, prev, page)) merged -= 1
    if (next && mergePages(view, page, next)) merged -= 1
    ownerCount(view, owner, merged)
    return 'tesSUCCESS'
  }
  if (prev) {
    if (page.index === nftokenPageMaxIndex(owner)) {
      refillLastPage(view, owner, page, prev)
      return 'tesSUCCESS'
    }
    if (next) prev.NextPageMin = next.index
    else delete prev.NextPageMin
    view.update(prev)
  }
  if (next) {
    if (prev) next.PreviousPageMin = prev.index
    else delete next.PreviousPageMin
    view.update(next)
  }
  // Erased as it was, its last token included (rippled leaves the page's own array untouched).
  view.erase(page)
  let removed = 1
  if (prev && next && mergePages(view, prev, next)) removed += 1
  ownerCount(view, owner, -removed)
  return 'tesSUCCESS'
}

/**
 * Sets or (with `uri` undefined) removes the `URI` of a token `owner` holds, in place on its page
 * (`nft::changeTokenURI`): no page moves and no owner count changes. `tecINTERNAL` when `owner`
 * does not hold it (its caller's preclaim has found it).
 *
 * @example
 * ```ts
 * changeTokenUri(view, owner, id, '697066733A2F2F') // 'tesSUCCESS'
 * ```
 */
export function changeTokenUri(
  view: ApplyView,
  owner: string,
  id: string,
  uri: string | undefined,
): string {
  const page = peekPage(view, pageIndexFor(view, owner, id))
  const at = page ? page.NFTokens.findIndex((t) => t.NFToken.NFTokenID === id) : -1
  if (!page || at < 0) return 'tecINTERNAL'
  const token: NFTokenEntry = { NFToken: { NFTokenID: id } }
  if (uri !== undefined) token.NFToken.URI = uri
  page.NFTokens = page.NFTokens.map((held, i) => (i === at ? token : held))
  view.update(page)
  return 'tesSUCCESS'
}

/**
 * Every page of `owner` in index order, from its lowest (or the first after `after`) to its last
 * (what `account_nfts` walks).
 *
 * @example
 * ```ts
 * for (const page of ownerTokenPages(view, owner)) console.log(page.NFTokens.length)
 * ```
 */
export function* ownerTokenPages(
  view: ReadView,
  owner: string,
  after?: string,
): Generator<Readonly<NFTokenPage>> {
  const last = nftokenPageMaxIndex(owner)
  const first = nftokenPageMinIndex(owner)
  let index = after !== undefined ? view.succ(after) : view.read(first) ? first : view.succ(first)
  while (index !== undefined && index <= last) {
    const page = asPage(view.read(index))
    if (page) yield page
    index = view.succ(index)
  }
}
