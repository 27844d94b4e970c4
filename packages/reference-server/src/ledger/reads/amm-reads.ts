import { ammIdOf } from '../amm/amm-identifiers'
import { type AmmEntry, ammAssets, ammLPHolds, lpBalance } from '../amm/amm-pool'
import type { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { readAccount } from '../state/account-root'
import type { ReadView } from '../state/read-view'
import { accountHolds } from '../view/account-holds'
import { isFrozen } from '../view/freeze'

/**
 * What `amm_info` asks of a ledger (rippled src/xrpld/rpc/handlers/AMMInfo.cpp): an AMM found by
 * its two assets or its pseudo-account, its pool in the asked order, the LP tokens (all of them,
 * or one account's), the vote and auction slots.
 */

/** Intervals of an auction slot (AMMCore.h `AUCTION_SLOT_TIME_INTERVALS`). */
const INTERVALS = 20
const SLOT_SECS = 86_400

/** What `amm_info` reports of an AMM, in the ledger's values (ledger-api shapes the JSON). */
export interface AmmInfo {
  account: string
  amount: LedgerAmount
  amount2: LedgerAmount
  /** Whether each issued asset is frozen for the pool (absent for the native asset). */
  frozen: [boolean | null, boolean | null]
  lpToken: LedgerAmount
  tradingFee: number
  voteSlots: { account: string; tradingFee: number; voteWeight: number }[]
  auctionSlot: {
    account: string
    authAccounts: string[]
    discountedFee: number
    /** Seconds since the Ripple epoch. */
    expiration: number
    price: LedgerAmount
    /** The slot's interval now, 0..19; 20 when it is not running. */
    timeInterval: number
  } | null
}

/** Where `amm_info` looks: two assets (answered in that order) or the pseudo-account. */
export type AmmLocator = { assets: [LedgerAsset, LedgerAsset] } | { ammAccount: string }

/**
 * The AMM `locator` names with `account`'s LP tokens when given: `'noAccount'` when the
 * pseudo-account or `account` does not exist (or holds no AMM), `'noAmm'` when there is no such
 * AMM.
 *
 * @example
 * ```ts
 * ammInfo(view, { assets: [xrp, usd] })?.lpToken.text() // '10000000'
 * ```
 */
export function ammInfo(
  view: ReadView,
  locator: AmmLocator,
  account?: string,
): AmmInfo | 'noAccount' | 'noAmm' {
  if (account !== undefined && !readAccount(view, account)) return 'noAccount'
  let id: string
  if ('ammAccount' in locator) {
    const root = readAccount(view, locator.ammAccount)
    if (!root || typeof root.AMMID !== 'string') return 'noAccount'
    id = root.AMMID
  } else {
    id = ammIdOf(locator.assets[0], locator.assets[1])
  }
  const amm = view.read(id) as Readonly<AmmEntry> | undefined
  if (!amm) return 'noAmm'
  const [a, b] = 'assets' in locator ? locator.assets : ammAssets(amm)
  const holds = (asset: LedgerAsset) => accountHolds(view, amm.Account, asset, 'ignoreFreeze')
  const frozen = (asset: LedgerAsset) =>
    asset.issuer === null ? null : isFrozen(view, amm.Account, asset)
  const slot = amm.AuctionSlot
  let auctionSlot: AmmInfo['auctionSlot'] = null
  if (slot?.Account !== undefined) {
    const expiration = slot.Expiration ?? 0
    const start = expiration - SLOT_SECS
    const now = view.info.parentCloseTime
    const running = expiration >= SLOT_SECS && now >= start && now - start < SLOT_SECS
    auctionSlot = {
      account: slot.Account,
      authAccounts: (slot.AuthAccounts ?? []).map((entry) => entry.AuthAccount.Account),
      discountedFee: slot.DiscountedFee ?? 0,
      expiration,
      price: lpBalance({
        ...amm,
        LPTokenBalance: slot.Price ?? { ...amm.LPTokenBalance, value: '0' },
      }),
      timeInterval: running ? Math.floor((now - start) / (SLOT_SECS / INTERVALS)) : INTERVALS,
    }
  }
  return {
    account: amm.Account,
    amount: holds(a),
    amount2: holds(b),
    frozen: [frozen(a), frozen(b)],
    lpToken: account === undefined ? lpBalance(amm) : ammLPHolds(view, amm, account),
    tradingFee: amm.TradingFee ?? 0,
    voteSlots: (amm.VoteSlots ?? []).map(({ VoteEntry }) => ({
      account: VoteEntry.Account,
      tradingFee: VoteEntry.TradingFee ?? 0,
      voteWeight: VoteEntry.VoteWeight,
    })),
    auctionSlot,
  }
}
