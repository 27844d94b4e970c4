import { pseudoAccountCandidate } from '../../amm/amm-identifiers'
import type { AmmEntry } from '../../amm/amm-pool'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import {
  adjustOwnerCount,
  newAccountRoot,
  peekAccount,
  readAccount,
} from '../../state/account-root'
import { describeOwnerDir, directoryEntries, dirInsert, uint64Json } from '../../state/directory'
import { ownerDirIndex } from '../../state/keylets'
import { type AccountRoot, LSF, type RippleState, ZERO_HASH } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { unlinkOwned } from '../../view/owned-objects'
import { trustDelete } from '../../view/trust-lines'

/**
 * The AMM's pseudo-account and entry, made and removed (rippled src/libxrpl/ledger/View.cpp
 * `createPseudoAccount`, `deleteAMMTrustLine`; src/xrpld/app/misc/detail/AMMUtils.cpp
 * `initializeFeeAuctionVote`, `deleteAMMAccount`).
 */

/** Attempts at a free pseudo-account address (View.cpp `maxAccountAttempts`). */
const MAX_ACCOUNT_ATTEMPTS = 256
/** Seconds an auction slot lasts (AMMCore.h `TOTAL_TIME_SLOT_SECS`). */
export const TOTAL_TIME_SLOT_SECS = 86_400
/** The vote weight of a sole LP (AMMCore.h `VOTE_WEIGHT_SCALE_FACTOR`). */
export const VOTE_WEIGHT_SCALE_FACTOR = 100_000
/** The auction slot's fee is a tenth of the trading fee (`AUCTION_SLOT_DISCOUNTED_FEE_FRACTION`). */
export const DISCOUNTED_FEE_FRACTION = 10
/** Trust lines one transaction deletes with an empty AMM (AMMCore.h `maxDeletableAMMTrustLines`). */
export const MAX_DELETABLE_AMM_TRUST_LINES = 512

/**
 * The first free pseudo-account address for the AMM `id` (View.cpp `pseudoAccountAddress`), or
 * null when all 256 are taken.
 */
export function pseudoAccountAddress(view: ApplyView, id: string): string | null {
  const parentHash = view.info.parentHash ?? ZERO_HASH
  for (let attempt = 0; attempt < MAX_ACCOUNT_ATTEMPTS; attempt += 1) {
    const address = pseudoAccountCandidate(attempt, parentHash, id)
    if (!readAccount(view, address)) return address
  }
  return null
}

/**
 * Creates the AMM's pseudo-account (View.cpp `createPseudoAccount`): no balance, the current
 * ledger's index as its Sequence, DisableMaster, DefaultRipple and DepositAuth set, `AMMID`, no
 * key: it can never sign. Null when no address is free (`tecDUPLICATE`).
 */
export function createPseudoAccount(view: ApplyView, id: string): AccountRoot | null {
  const address = pseudoAccountAddress(view, id)
  if (address === null) return null
  const root = newAccountRoot(address, view.info.seq, 0n)
  root.Flags =
    LSF.AccountRoot.DisableMaster | LSF.AccountRoot.DefaultRipple | LSF.AccountRoot.DepositAuth
  root.AMMID = id
  view.insert(root)
  return root
}

/**
 * Gives `account` the vote slot and the free auction slot (AMMUtils.cpp
 * `initializeFeeAuctionVote`): one vote of full weight for `tfee`, the slot until a day after the
 * parent ledger closed at price 0, the discounted fee a tenth of `tfee`; fields of 0 left out.
 */
export function initializeFeeAuctionVote(
  view: ApplyView,
  amm: AmmEntry,
  account: string,
  lpt: LedgerAsset,
  tfee: number,
): void {
  const vote: { Account: string; TradingFee?: number; VoteWeight: number } = {
    Account: account,
    VoteWeight: VOTE_WEIGHT_SCALE_FACTOR,
  }
  if (tfee !== 0) vote.TradingFee = tfee
  amm.VoteSlots = [{ VoteEntry: vote }]
  const slot: NonNullable<AmmEntry['AuctionSlot']> = {
    Account: account,
    Expiration: view.info.parentCloseTime + TOTAL_TIME_SLOT_SECS,
    Price: { currency: lpt.currency, issuer: lpt.issuer as string, value: '0' },
  }
  const discounted = Math.floor(tfee / DISCOUNTED_FEE_FRACTION)
  if (discounted !== 0) slot.DiscountedFee = discounted
  amm.AuctionSlot = slot
  if (tfee !== 0) amm.TradingFee = tfee
  else delete amm.TradingFee
}

/**
 * Deletes an emptied AMM (AMMUtils.cpp `deleteAMMAccount`): at most 512 of its pseudo-account's
 * remaining trust lines (each with a zero balance; View.cpp `deleteAMMTrustLine` gives back the
 * other side's reserve), then, when none is left, the AMM entry, its directory and the
 * pseudo-account. `tecINCOMPLETE` while lines remain.
 */
export function deleteAmmAccount(view: ApplyView, amm: AmmEntry): string {
  const account = amm.Account
  const root = ownerDirIndex(account)
  let deleted = 0
  for (const { index } of [...directoryEntries(view, root)]) {
    if (index === amm.index) continue
    if (deleted === MAX_DELETABLE_AMM_TRUST_LINES) return 'tecINCOMPLETE'
    const line = view.peek(index) as RippleState | undefined
    if (line?.LedgerEntryType !== 'RippleState') return 'tecINTERNAL'
    const ammLow = line.LowLimit.issuer === account
    const other = ammLow ? line.HighLimit.issuer : line.LowLimit.issuer
    trustDelete(view, line)
    const reserve = ammLow ? LSF.RippleState.HighReserve : LSF.RippleState.LowReserve
    const otherRoot = peekAccount(view, other)
    if ((line.Flags & reserve) !== 0 && otherRoot) adjustOwnerCount(view, otherRoot, -1)
    deleted += 1
  }
  unlinkOwned(view, account, amm.OwnerNode, amm.index, false)
  view.erase(amm)
  const pseudo = peekAccount(view, account)
  if (pseudo) view.erase(pseudo)
  return 'tesSUCCESS'
}

/**
 * Links the AMM entry into its pseudo-account's directory (View.cpp `dirLink`; the owner count
 * does not change: an AMM needs no reserve) and inserts it; `tecDIR_FULL` when full.
 */
export function linkAmm(view: ApplyView, amm: AmmEntry): string {
  const page = dirInsert(view, ownerDirIndex(amm.Account), amm.index, describeOwnerDir(amm.Account))
  if (page === null) return 'tecDIR_FULL'
  amm.OwnerNode = uint64Json(page)
  view.insert(amm)
  return 'tesSUCCESS'
}

/** Whether `account` is an AMM's pseudo-account (its AccountRoot has `AMMID`). */
export const isAmmAccount = (view: ApplyView, account: string): boolean =>
  readAccount(view, account)?.AMMID !== undefined
