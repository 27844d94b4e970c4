import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { rippleStateIndex } from '../state/keylets'
import type { LedgerObject } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { accountHolds, type FreezeHandling } from '../view/account-holds'
import { isFrozen } from '../view/freeze'
import { ammIdOf } from './amm-identifiers'

/**
 * Reading an AMM (rippled src/xrpld/app/misc/detail/AMMUtils.cpp `ammHolds`, `ammLPHolds`,
 * `getTradingFee`): its entry, the pool's two balances, the LP tokens an account holds and the
 * trading fee an account pays.
 */

/** An asset as an AMM entry or transaction writes it: `{currency: "XRP"}` or `{currency, issuer}`. */
export interface IssueJson {
  [field: string]: string
  currency: string
}

/** The AMM ledger entry (docs/protocol.md §8.13; xrpl.org `ledger-entry-types/amm.md`). */
export interface AmmEntry extends LedgerObject {
  LedgerEntryType: 'AMM'
  /** The pseudo-account that holds the pool and issues the LP token. */
  Account: string
  Asset: IssueJson
  Asset2: IssueJson
  LPTokenBalance: { currency: string; issuer: string; value: string }
  TradingFee?: number
  VoteSlots?: { VoteEntry: { Account: string; TradingFee?: number; VoteWeight: number } }[]
  AuctionSlot?: {
    Account?: string
    AuthAccounts?: { AuthAccount: { Account: string } }[]
    DiscountedFee?: number
    Expiration?: number
    Price?: { currency: string; issuer: string; value: string }
  }
  OwnerNode?: string
}

/**
 * A ledger asset from its JSON form (`{currency: "XRP"}` is the native asset), or null when it is
 * not one.
 *
 * @example
 * ```ts
 * assetOf({ currency: 'XRP' }) // { currency: 'XRP', issuer: null }
 * ```
 */
export function assetOf(json: unknown): LedgerAsset | null {
  if (typeof json !== 'object' || json === null) return null
  const { currency, issuer } = json as { currency?: unknown; issuer?: unknown }
  if (typeof currency !== 'string') return null
  if (issuer === undefined) return currency === 'XRP' ? { currency, issuer: null } : null
  return typeof issuer === 'string' ? { currency, issuer } : null
}

/**
 * An asset as an AMM entry writes it.
 *
 * @example
 * ```ts
 * issueJson({ currency: 'XRP', issuer: null }) // { currency: 'XRP' }
 * ```
 */
export const issueJson = (asset: LedgerAsset): IssueJson =>
  asset.issuer === null ? { currency: 'XRP' } : { currency: asset.currency, issuer: asset.issuer }

/** The AMM of two assets, or undefined. */
export const readAmm = (view: ReadView, a: LedgerAsset, b: LedgerAsset) =>
  view.read(ammIdOf(a, b)) as Readonly<AmmEntry> | undefined

/** The two assets of an AMM entry, in its order. */
export const ammAssets = (amm: Readonly<AmmEntry>): [LedgerAsset, LedgerAsset] => [
  assetOf(amm.Asset) as LedgerAsset,
  assetOf(amm.Asset2) as LedgerAsset,
]

/** The LP token's asset: its currency, issued by the pseudo-account. */
export const lpAsset = (amm: Readonly<AmmEntry>): LedgerAsset => ({
  currency: amm.LPTokenBalance.currency,
  issuer: amm.Account,
})

/** The LP tokens outstanding (`LPTokenBalance`). */
export const lpBalance = (amm: Readonly<AmmEntry>): LedgerAmount =>
  LedgerAmount.fromJson(amm.LPTokenBalance)

/**
 * The pool's balance of each asset and the LP tokens outstanding, `first` first when given
 * (AMMUtils.cpp `ammHolds`): what the pseudo-account holds, zero when frozen if `freeze` says.
 *
 * @example
 * ```ts
 * const [usdBalance, xrpBalance, lpt] = ammHolds(view, amm, usd, 'zeroIfFrozen')
 * ```
 */
export function ammHolds(
  view: ReadView,
  amm: Readonly<AmmEntry>,
  first: LedgerAsset | null,
  freeze: FreezeHandling,
): [LedgerAmount, LedgerAmount, LedgerAmount] {
  let [a, b] = ammAssets(amm)
  if (first && sameIssue(first, b)) [a, b] = [b, a]
  return [
    accountHolds(view, amm.Account, a, freeze),
    accountHolds(view, amm.Account, b, freeze),
    lpBalance(amm),
  ]
}

const sameIssue = (a: LedgerAsset, b: LedgerAsset) =>
  a.issuer === b.issuer && (a.issuer === null || a.currency === b.currency)

/**
 * The LP tokens `account` holds (AMMUtils.cpp `ammLPHolds`): its LP-token line's balance in its
 * own terms, zero without one or when the line is frozen.
 */
export function ammLPHolds(view: ReadView, amm: Readonly<AmmEntry>, account: string): LedgerAmount {
  const asset = lpAsset(amm)
  const line = view.read(rippleStateIndex(account, amm.Account, asset.currency))
  if (!line || isFrozen(view, account, asset)) return LedgerAmount.zero(asset)
  const balance = LedgerAmount.fromJson(line.Balance).withAsset(asset)
  return (line.LowLimit as { issuer: string }).issuer === account ? balance : balance.negated()
}

/**
 * The trading fee `account` pays (AMMUtils.cpp `getTradingFee`): the auction slot's discounted
 * fee for its holder and its authorized accounts while it has not expired, else `TradingFee`.
 */
export function tradingFeeFor(view: ReadView, amm: Readonly<AmmEntry>, account: string): number {
  const slot = amm.AuctionSlot
  if (slot && slot.Expiration !== undefined && view.info.parentCloseTime < slot.Expiration) {
    const holders = [slot.Account, ...(slot.AuthAccounts ?? []).map((a) => a.AuthAccount.Account)]
    if (holders.includes(account)) return slot.DiscountedFee ?? 0
  }
  return amm.TradingFee ?? 0
}
