import { type AmmEntry, ammLPHolds, lpBalance, readAmm } from '../../amm/amm-pool'
import type { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { accountIdOf } from '../../codec/account-ids'
import { LedgerNumber } from '../../number/ledger-number'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { DISCOUNTED_FEE_FRACTION, VOTE_WEIGHT_SCALE_FACTOR } from './amm-account'
import { assetPair, TRADING_FEE_THRESHOLD } from './amm-fields'

// AMMVote, rippled src/xrpld/app/tx/detail/AMMVote.cpp (docs/protocol.md §8.13).
const SOURCE = 'AMMVote.cpp'
/** Vote slots an AMM keeps (AMMCore.h `VOTE_MAX_SLOTS`). */
const VOTE_MAX_SLOTS = 8

type VoteEntry = NonNullable<AmmEntry['VoteSlots']>[number]['VoteEntry']

const weightOf = (tokens: LedgerAmount, lpt: LedgerAmount) =>
  Number(
    tokens
      .toNumber()
      .times(LedgerNumber.from(VOTE_WEIGHT_SCALE_FACTOR))
      .div(lpt.toNumber())
      .toBigInt(),
  )

export const ammVoteRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: 0,
  required: ['TradingFee'],
  preflight(tx) {
    const pair = assetPair(tx)
    if (typeof pair === 'string') return pair
    const fee = Number(tx.TradingFee)
    if (!Number.isInteger(fee) || fee < 0 || fee > TRADING_FEE_THRESHOLD) {
      const detail = `TradingFee ${tx.TradingFee} is above ${TRADING_FEE_THRESHOLD} (1 %)`
      return refuse('temBAD_FEE', 'trading-fee', detail, SOURCE)
    }
    return null
  },
  preclaim(view, tx) {
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const amm = readAmm(view, pair[0], pair[1])
    if (!amm) return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
    if (lpBalance(amm).isZero()) return refuse('tecAMM_EMPTY', 'empty', 'the AMM is empty', SOURCE)
    if (ammLPHolds(view, amm, String(tx.Account)).isZero()) {
      return refuse('tecAMM_INVALID_TOKENS', 'not-lp', 'the sender holds no LP tokens', SOURCE)
    }
    return null
  },
  doApply({ view, tx, account }) {
    const voter = account.Account
    const feeNew = Number(tx.TradingFee)
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const amm = view.peek(found.index) as AmmEntry
    const lpt = lpBalance(amm)
    const tokensNew = ammLPHolds(view, amm, voter)
    const slots: { VoteEntry: VoteEntry }[] = []
    let num = LedgerNumber.ZERO
    let den = LedgerNumber.ZERO
    let min: { tokens: LedgerAmount; position: number; account: string; fee: number } | null = null
    let voted = false
    const entryOf = (who: string, fee: number, tokens: LedgerAmount): VoteEntry => {
      const entry: VoteEntry = { Account: who, VoteWeight: weightOf(tokens, lpt) }
      if (fee !== 0) entry.TradingFee = fee
      return entry
    }
    // Every slot refreshed by its holder's tokens now; a holder with none left loses it.
    for (const { VoteEntry: slot } of amm.VoteSlots ?? []) {
      let tokens = ammLPHolds(view, amm, slot.Account)
      if (tokens.isZero()) continue
      let fee = slot.TradingFee ?? 0
      if (slot.Account === voter) {
        tokens = tokensNew
        fee = feeNew
        voted = true
      }
      num = num.plus(LedgerNumber.from(fee).times(tokens.toNumber()))
      den = den.plus(tokens.toNumber())
      const lower =
        min === null ||
        tokens.lt(min.tokens) ||
        (tokens.eq(min.tokens) &&
          (fee < min.fee ||
            (fee === min.fee && accountIdOf(slot.Account) < accountIdOf(min.account))))
      if (lower) min = { tokens, position: slots.length, account: slot.Account, fee }
      slots.push({ VoteEntry: entryOf(slot.Account, fee, tokens) })
    }
    if (!voted) {
      const add = () => {
        num = num.plus(LedgerNumber.from(feeNew).times(tokensNew.toNumber()))
        den = den.plus(tokensNew.toNumber())
        return { VoteEntry: entryOf(voter, feeNew, tokensNew) }
      }
      if (slots.length < VOTE_MAX_SLOTS) {
        slots.push(add())
      } else if (
        min &&
        (tokensNew.gt(min.tokens) || (tokensNew.eq(min.tokens) && feeNew > min.fee))
      ) {
        // The slot with the fewest tokens gives way.
        num = num.minus(LedgerNumber.from(min.fee).times(min.tokens.toNumber()))
        den = den.minus(min.tokens.toNumber())
        slots[min.position] = add()
      }
    }
    amm.VoteSlots = slots
    const fee = Number(num.div(den).toBigInt())
    const slot = amm.AuctionSlot
    if (fee !== 0) {
      amm.TradingFee = fee
      const discounted = Math.trunc(fee / DISCOUNTED_FEE_FRACTION)
      if (slot && discounted !== 0) slot.DiscountedFee = discounted
      else if (slot) delete slot.DiscountedFee
    } else {
      delete amm.TradingFee
      if (slot) delete slot.DiscountedFee
    }
    view.update(amm)
    return 'tesSUCCESS'
  },
}
