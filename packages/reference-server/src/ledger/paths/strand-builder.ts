import type { LedgerAsset } from '../amounts/ledger-asset'
import type { Quality } from '../amounts/quality'
import type { ReadView } from '../state/read-view'
import type { Book } from '../view/order-book'
import { XRP_ACCOUNT } from '../view/ripple-credit'
import { NO_ACCOUNT } from '../view/trust-lines'
import { bookStep } from './book-step'
import { directStep } from './direct-step'
import type { LiquiditySource, OfferCrossing, Step, StrandContext } from './step'
import { xrpEndpointStep } from './xrp-endpoint-step'

/**
 * Strands from a payment's paths (rippled src/xrpld/app/paths/detail/PaySteps.cpp `toStrand`,
 * `toStrands`): each path is made whole (the sender first with the asset it pays, the `SendMax`
 * issuer, the path's own steps, the book to the delivered asset when the path does not reach it,
 * the delivered asset's issuer, the destination), then each pair of elements becomes a step: two
 * accounts a trust-line step (or a native end), an account and an offer element a book step. The
 * default path is the empty path: between two issued currencies it is their direct book only;
 * the native bridge is a path that names the native currency (`[{currency: "XRP"}]`), as offer
 * crossing adds it.
 */

/**
 * One element of a payment path as its JSON carries it (rippled `STPathElement`): an account, or
 * an offer element with a currency and/or an issuer.
 *
 * @example
 * ```ts
 * const bridge: PathElement = { currency: 'XRP' }
 * ```
 */
export interface PathElement {
  account?: string
  currency?: string
  issuer?: string
}

/** What every strand of one flow is built with. */
export interface StrandRequest {
  readonly view: ReadView
  readonly source: string
  readonly destination: string
  readonly deliver: LedgerAsset
  readonly sendMax: LedgerAsset | null
  readonly limitQuality: Quality | null
  readonly ownerPaysTransferFee: boolean
  readonly offerCrossing: OfferCrossing
  enabled(amendment: string): boolean
  liquidity(book: Book, view: ReadView): readonly LiquiditySource[]
}

const isNativeCurrency = (currency: string | undefined) =>
  currency === 'XRP' || currency === '0000000000000000000000000000000000000000'

// rippled's checks of each path element (`toStrand`): temBAD_PATH when malformed.
function malformed(element: PathElement): boolean {
  const { account, currency, issuer } = element
  if (account === undefined && currency === undefined && issuer === undefined) return true
  if (account !== undefined && (currency !== undefined || issuer !== undefined)) return true
  if (issuer === XRP_ACCOUNT || account === XRP_ACCOUNT) return true
  if (currency !== undefined && issuer !== undefined && isNativeCurrency(currency)) return true
  return issuer === NO_ACCOUNT || account === NO_ACCOUNT
}

// rippled `Issue`: a currency and its account, the native one's being the zero account.
interface Issue {
  currency: string
  account: string
}

// rippled `STPathElement` as toStrand reads it: an account or an offer element; `currency` and
// `issuer` present when its type says so (their value otherwise the zero currency and account).
interface Element {
  offer: boolean
  account: string
  currency?: string
  issuer?: string
}

const XRP_ISSUE: Issue = { currency: 'XRP', account: XRP_ACCOUNT }
const issueOf = (asset: LedgerAsset): Issue =>
  asset.issuer === null ? XRP_ISSUE : { currency: asset.currency, account: asset.issuer }
const assetOf = (issue: Issue): LedgerAsset =>
  issue.currency === 'XRP'
    ? { currency: 'XRP', issuer: null }
    : { currency: issue.currency, issuer: issue.account }
const sameIssue = (a: Issue, b: Issue) =>
  a.currency === b.currency && (a.currency === 'XRP' || a.account === b.account)
const accountElement = (account: string): Element => ({ offer: false, account })
const elementOf = (element: PathElement): Element => ({
  offer: element.account === undefined,
  account: element.account ?? XRP_ACCOUNT,
  ...(element.currency !== undefined && {
    currency: isNativeCurrency(element.currency) ? 'XRP' : element.currency,
  }),
  ...(element.issuer !== undefined && { issuer: element.issuer }),
})

// The path made whole (rippled `toStrand`'s normPath): the sender with the asset it pays, the
// SendMax issuer, the path, the book to the delivered asset when the path does not reach it (for
// offer crossing also when only the issuer differs), the delivered asset's issuer, the receiver.
function normalize(request: StrandRequest, path: readonly PathElement[]): Element[] {
  const { source, destination } = request
  const deliver = issueOf(request.deliver)
  const sendMax = request.sendMax && issueOf(request.sendMax)
  const paying = sendMax ?? deliver
  const start = paying.currency === 'XRP' ? XRP_ISSUE : { ...paying, account: source }
  const normalized: Element[] = [
    { offer: false, account: source, currency: start.currency, issuer: start.account },
  ]
  if (
    sendMax &&
    sendMax.account !== source &&
    (path.length === 0 || path[0]?.account === undefined || path[0].account !== sendMax.account)
  ) {
    normalized.push(accountElement(sendMax.account))
  }
  normalized.push(...path.map(elementOf))
  const lastCurrency = [...normalized].reverse().find((element) => element.currency !== undefined)
  if (
    lastCurrency?.currency !== deliver.currency ||
    (request.offerCrossing !== 'no' && (lastCurrency.issuer ?? XRP_ACCOUNT) !== deliver.account)
  ) {
    normalized.push({
      offer: true,
      account: XRP_ACCOUNT,
      currency: deliver.currency,
      issuer: deliver.account,
    })
  }
  const last = () => normalized[normalized.length - 1] as Element
  if (!((!last().offer && last().account === deliver.account) || destination === deliver.account)) {
    normalized.push(accountElement(deliver.account))
  }
  if (last().offer || last().account !== destination) normalized.push(accountElement(destination))
  return normalized
}

/**
 * The strand of one path (rippled `toStrand`), or the result that refuses it.
 *
 * @example
 * ```ts
 * const strand = toStrand(request, [{ currency: 'XRP' }])
 * ```
 */
export function toStrand(request: StrandRequest, path: readonly PathElement[]): Step[] | string {
  const { source, destination, deliver, sendMax } = request
  if (source === XRP_ACCOUNT || destination === XRP_ACCOUNT) return 'temBAD_PATH'
  if (sendMax?.issuer === NO_ACCOUNT || deliver.issuer === NO_ACCOUNT) return 'temBAD_PATH'
  if (source === NO_ACCOUNT || destination === NO_ACCOUNT) return 'temBAD_PATH'
  if (path.some(malformed)) return 'temBAD_PATH'

  const normalized = normalize(request, path)
  const strand: Step[] = []
  const seenDirect: [Set<string>, Set<string>] = [new Set(), new Set()]
  const seenBookOuts = new Set<string>()
  const context = (isLast = false): StrandContext => ({
    view: request.view,
    strandSource: source,
    strandDestination: destination,
    deliver,
    limitQuality: request.limitQuality,
    isFirst: strand.length === 0,
    isLast,
    ownerPaysTransferFee: request.ownerPaysTransferFee,
    offerCrossing: request.offerCrossing,
    isDefaultPath: path.length === 0,
    previous: strand[strand.length - 1] ?? null,
    seenDirect,
    seenBookOuts,
    enabled: request.enabled,
    liquidity: request.liquidity,
  })
  const add = (step: Step | string): string | null => {
    if (typeof step === 'string') return step
    strand.push(step)
    return null
  }

  const paying = issueOf(sendMax ?? deliver)
  const current: Issue =
    paying.currency === 'XRP' ? { ...XRP_ISSUE } : { ...paying, account: source }
  for (let i = 0; i < normalized.length - 1; i += 1) {
    let here = normalized[i] as Element
    const next = normalized[i + 1] as Element
    if (!here.offer) current.account = here.account
    else if (here.issuer !== undefined) current.account = here.issuer
    if (here.currency !== undefined) {
      current.currency = here.currency
      if (here.currency === 'XRP') current.account = XRP_ACCOUNT
    }
    // An account between two others that is not the issuer, or before an offer of another
    // issuer's asset: the implied step to that issuer first.
    const implied =
      !here.offer &&
      (next.offer
        ? current.account !== here.account
        : current.currency !== 'XRP' &&
          current.account !== here.account &&
          current.account !== next.account)
    if (implied) {
      const refused = add(directStep(context(), here.account, current.account, current.currency))
      if (refused) return refused
      here = accountElement(current.account)
    } else if (here.offer && !next.offer) {
      // After an offer: the issuer of what it gives passes it on to the next account.
      if (current.account !== next.account && next.account !== XRP_ACCOUNT) {
        const refused =
          current.currency === 'XRP'
            ? i !== normalized.length - 2
              ? 'temBAD_PATH'
              : add(xrpEndpointStep(context(), next.account))
            : add(directStep(context(), current.account, next.account, current.currency))
        if (refused) return refused
      }
      continue
    }
    if (next.offer === false && next.currency !== undefined && next.currency !== current.currency) {
      return 'temBAD_PATH'
    }
    const refused = add(toStep(context(i === normalized.length - 2), here, next, current))
    if (refused) return refused
  }
  return checkStrand(request, strand) ? strand : 'temBAD_PATH'
}

// rippled `toStep`: one pair of path elements as a step.
function toStep(
  context: StrandContext,
  here: Element,
  next: Element,
  current: Issue,
): Step | string {
  if (context.isFirst && !here.offer && here.currency === 'XRP') {
    return xrpEndpointStep(context, here.account)
  }
  const xrpAccount = !here.offer && here.currency === undefined && here.issuer === undefined
  if (context.isLast && xrpAccount && here.account === XRP_ACCOUNT && !next.offer) {
    return xrpEndpointStep(context, next.account)
  }
  if (!here.offer && !next.offer) {
    return directStep(context, here.account, next.account, current.currency)
  }
  if (here.offer && !next.offer) return 'temBAD_PATH'
  const outCurrency = next.currency ?? current.currency
  const outIssuer = next.issuer ?? current.account
  if (current.currency === 'XRP' && outCurrency === 'XRP') return 'temBAD_PATH'
  const out = outCurrency === 'XRP' ? XRP_ISSUE : { currency: outCurrency, account: outIssuer }
  return bookStep(context, { in: assetOf(current), out: assetOf(out) })
}

// rippled `toStrand`'s checkStrand: the steps join up from the sender to the receiver, each book
// taking in what came before, and the strand ends in the delivered asset.
function checkStrand(request: StrandRequest, strand: readonly Step[]): boolean {
  let account = request.source
  let issue: Issue = request.sendMax ? issueOf(request.sendMax) : issueOf(request.deliver)
  if (issue.currency !== 'XRP') issue = { ...issue, account: request.source }
  for (const step of strand) {
    const book = step.bookStepBook()
    const accounts =
      step.directStepAccounts() ??
      (book ? [issueOf(book.in).account, issueOf(book.out).account] : null)
    if (!accounts) return false
    if (accounts[0] !== account) return false
    if (book) {
      if (!sameIssue(issue, issueOf(book.in))) return false
      issue = issueOf(book.out)
    } else {
      issue = { ...issue, account: accounts[1] }
    }
    account = accounts[1]
  }
  const deliver = issueOf(request.deliver)
  if (account !== request.destination || issue.currency !== deliver.currency) return false
  return issue.account === deliver.account || issue.account === request.destination
}

/**
 * The strands of a payment (rippled `toStrands`): the default path unless it is turned off
 * (`tfNoRippleDirect`), then each explicit path; a malformed path refuses all (`tem…`), a path
 * that cannot be built is left out (its result kept for when none can), the same strand once.
 * `temRIPPLE_EMPTY` without a path and without the default.
 *
 * @example
 * ```ts
 * const strands = toStrands(request, tx.Paths ?? [], !(flags & tfNoRippleDirect))
 * if (typeof strands === 'string') return strands
 * ```
 */
export function toStrands(
  request: StrandRequest,
  paths: readonly (readonly PathElement[])[],
  defaultPath: boolean,
): Step[][] | string {
  const strands: Step[][] = []
  const seen = new Set<string>()
  const insert = (strand: Step[]) => {
    const key = strand.map((step) => step.key).join('|')
    if (seen.has(key)) return
    seen.add(key)
    strands.push(strand)
  }
  if (defaultPath) {
    const strand = toStrand(request, [])
    if (typeof strand === 'string') {
      if (strand.startsWith('tem') || paths.length === 0) return strand
    } else {
      insert(strand)
    }
  } else if (paths.length === 0) {
    return 'temRIPPLE_EMPTY'
  }
  let lastFailure = 'tesSUCCESS'
  for (const path of paths) {
    const strand = toStrand(request, path)
    if (typeof strand === 'string') {
      lastFailure = strand
      if (strand.startsWith('tem')) return strand
    } else {
      insert(strand)
    }
  }
  return strands.length === 0 ? lastFailure : strands
}
