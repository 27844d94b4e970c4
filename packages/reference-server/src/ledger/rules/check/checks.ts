import type { IssuedAmount } from 'pullsign/wire'
import { LedgerAmount } from '../../amounts/ledger-amount'
import { isIssued, type LedgerAsset } from '../../amounts/ledger-asset'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { flow } from '../../paths/flow'
import { readAccount } from '../../state/account-root'
import { checkIndex, rippleStateIndex } from '../../state/keylets'
import {
  type IssuedJson,
  type LedgerObject,
  LSF,
  type RippleState,
} from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { isLow } from '../../state/trust-line'
import { accountFunds, xrpLiquid } from '../../view/account-holds'
import { expiredRefusal, hasExpired } from '../../view/expiration'
import { isFrozen, isGlobalFrozen } from '../../view/freeze'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import type { Verdict } from '../../view/refusal'
import { accountSend } from '../../view/ripple-credit'
import { trustCreate } from '../../view/trust-lines'
import { incomingRefusal, tagRefusal } from '../common/deposit-authorization'
import { copyFields, sequenceUsed } from '../common/transaction-fields'
import { isBadCurrency, isPositive, lacks } from '../preflight-fields'
import type { ApplyContext, PreflightContext, TransactionRules } from '../transaction-rules'

// Check rules, rippled's CreateCheck.cpp, CashCheck.cpp and CancelCheck.cpp
// (docs/protocol.md §8.7).

// An amount in a multi-purpose token: MPTokensV2 is a disabled amendment.
const isMptAmount = (amount: unknown) =>
  typeof amount === 'object' && amount !== null && 'mpt_issuance_id' in amount

/**
 * CheckCreate's preflight (`CreateCheck::preflight`): not to oneself (`temREDUNDANT`), a
 * positive `SendMax` (`temBAD_AMOUNT`) in a currency other than "XRP" issued
 * (`temBAD_CURRENCY`), an `Expiration` other than 0 (`temBAD_EXPIRATION`).
 *
 * @example
 * ```ts
 * checkCreatePreflight({ Account: alice, Destination: alice, SendMax: '1' }) // 'temREDUNDANT'
 * ```
 */
export function checkCreatePreflight(tx: JsonObject): string | null {
  if (lacks(tx, 'Destination', 'SendMax')) return 'temMALFORMED'
  if (tx.Account === tx.Destination) return 'temREDUNDANT'
  if (isMptAmount(tx.SendMax)) return 'temDISABLED'
  if (!isPositive(tx.SendMax)) return 'temBAD_AMOUNT'
  if (isBadCurrency(tx.SendMax)) return 'temBAD_CURRENCY'
  if (tx.Expiration === 0) return 'temBAD_EXPIRATION'
  return null
}

/**
 * CheckCash's preflight (`CashCheck::preflight`): exactly one of `Amount` and `DeliverMin`
 * (`temMALFORMED`), positive (`temBAD_AMOUNT`), not issued "XRP" (`temBAD_CURRENCY`).
 *
 * @example
 * ```ts
 * checkCashPreflight({ CheckID, Amount: '1', DeliverMin: '1' }) // 'temMALFORMED'
 * ```
 */
export function checkCashPreflight(tx: JsonObject): string | null {
  if (isMptAmount(tx.Amount) || isMptAmount(tx.DeliverMin)) return 'temDISABLED'
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  if ((tx.Amount === undefined) === (tx.DeliverMin === undefined)) return 'temMALFORMED'
  const value = tx.Amount ?? tx.DeliverMin
  if (!isPositive(value)) return 'temBAD_AMOUNT'
  if (isBadCurrency(value)) return 'temBAD_CURRENCY'
  return null
}

/**
 * CheckCancel's preflight (`CancelCheck::preflight`): a `CheckID` (its flags are the rules'
 * declared ones).
 *
 * @example
 * ```ts
 * checkCancelPreflight({ CheckID }) // null
 * ```
 */
export function checkCancelPreflight(tx: JsonObject): string | null {
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  return null
}

const line = (view: ReadView, a: string, b: string, currency: string) =>
  view.read(rippleStateIndex(a, b, currency)) as Readonly<RippleState> | undefined

// Whether `who` froze its own side of the line (CreateCheck::preclaim asks it of the destination).
const frozenBy = (state: Readonly<RippleState>, who: string) =>
  (state.Flags & (isLow(state, who) ? LSF.RippleState.LowFreeze : LSF.RippleState.HighFreeze)) !== 0

export const checkCreateRules: TransactionRules = {
  source: 'CreateCheck.cpp',
  amendment: 'Checks',
  flags: 0,
  preflight: checkCreatePreflight,
  preclaim(view, tx, context) {
    const destination = String(tx.Destination)
    const target = readAccount(view, destination)
    if (!target) return 'tecNO_DST'
    const refusal = incomingRefusal(target, tx, context, LSF.AccountRoot.DisallowIncomingCheck)
    if (refusal) return refusal
    const sendMax = tx.SendMax
    if (isIssued(sendMax)) {
      if (isGlobalFrozen(view, sendMax)) return 'tecFROZEN'
      // The issuer froze the sender's line, or the destination froze its own.
      if (isFrozen(view, String(tx.Account), sendMax)) return 'tecFROZEN'
      const theirs =
        destination === sendMax.issuer
          ? undefined
          : line(view, destination, sendMax.issuer, sendMax.currency)
      if (theirs && frozenBy(theirs, destination)) return 'tecFROZEN'
    }
    return expiredRefusal(view, tx.Expiration, "the check's", 'CreateCheck.cpp')
  },
  doApply({ view, tx, account, priorBalance }) {
    // The check's reserve is judged on the balance before the fee (CreateCheck::doApply).
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, 'CreateCheck.cpp')
    if (short) return short
    const owner = account.Account
    const destination = String(tx.Destination)
    const sequence = sequenceUsed(tx)
    const index = checkIndex(owner, sequence)
    const check: LedgerObject = {
      LedgerEntryType: 'Check',
      Flags: 0,
      Account: owner,
      Destination: destination,
      SendMax: tx.SendMax as string | IssuedJson,
      Sequence: sequence,
      index,
    }
    copyFields(tx, check, ['SourceTag', 'DestinationTag', 'InvoiceID', 'Expiration'])
    // The destination's directory first, as CreateCheck::doApply.
    return addOwnedObject(view, check, { owner: account, destination })
  },
}

// Takes a check out of both directories and the ledger; its writer owns one object less
// (CashCheck::doApply, CancelCheck::doApply: `dirRemove(..., true)`).
const deleteCheck = (view: ApplyView, check: LedgerObject) =>
  removeOwnedObject(view, check, {
    owner: String(check.Account),
    destination: String(check.Destination),
    keepRoot: true,
  })

const readCheck = (view: ReadView, id: unknown) => {
  const check = typeof id === 'string' ? view.read(id) : undefined
  return check?.LedgerEntryType === 'Check' ? check : undefined
}

// What the check's writer can pay in the cashed asset (rippled `accountFunds`, frozen funds as
// none); native: plus the reserve the check itself frees (CashCheck::preclaim).
function funds(view: ReadView, writer: string, value: LedgerAmount): LedgerAmount {
  const available = accountFunds(view, writer, value, 'zeroIfFrozen')
  return value.native ? available.plus(LedgerAmount.drops(view.fees.increment)) : available
}

const sameAssetAs = (a: unknown, b: unknown) =>
  isIssued(a) ? isIssued(b) && a.currency === b.currency : !isIssued(b)

// CashCheck::preclaim's checks of an issued value for its receiver (not its issuer).
function issuedReceiver(
  view: ReadView,
  receiver: string,
  value: IssuedAmount,
  context: PreflightContext,
): string | null {
  const state = line(view, receiver, value.issuer, value.currency)
  if (!state && !context.enabled('CheckCashMakesTrustLine')) return 'tecNO_LINE'
  const issuer = readAccount(view, value.issuer)
  if (!issuer) return 'tecNO_ISSUER'
  if (issuer.Flags & LSF.AccountRoot.RequireAuth) {
    const auth =
      state && isLow(state, value.issuer) ? LSF.RippleState.LowAuth : LSF.RippleState.HighAuth
    if (!state || (state.Flags & auth) === 0) return 'tecNO_AUTH'
  }
  return isFrozen(view, receiver, value) ? 'tecFROZEN' : null
}

export const checkCashRules: TransactionRules = {
  source: 'CashCheck.cpp',
  amendment: 'Checks',
  flags: 0,
  preflight: checkCashPreflight,
  preclaim(view, tx, context) {
    const check = readCheck(view, tx.CheckID)
    if (!check) return 'tecNO_ENTRY'
    const writer = String(check.Account)
    const receiver = String(check.Destination)
    if (tx.Account !== receiver) return 'tecNO_PERMISSION'
    const target = readAccount(view, receiver)
    if (!readAccount(view, writer) || !target) return 'tecNO_ENTRY'
    const untagged = tagRefusal(target.Flags, check)
    if (untagged) return untagged
    const expired = expiredRefusal(view, check.Expiration, "the check's", 'CashCheck.cpp')
    if (expired) return expired
    const value = tx.Amount ?? tx.DeliverMin
    const sendMax = check.SendMax
    // Another asset or issuer than the check's: malformed, though found only against the ledger.
    if (!sameAssetAs(value, sendMax)) return 'temMALFORMED'
    if (isIssued(value) && isIssued(sendMax) && value.issuer !== sendMax.issuer)
      return 'temMALFORMED'
    const cashed = LedgerAmount.fromJson(value)
    if (cashed.gt(LedgerAmount.fromJson(sendMax))) return 'tecPATH_PARTIAL'
    if (cashed.gt(funds(view, writer, cashed))) return 'tecPATH_PARTIAL'
    if (isIssued(value) && value.issuer !== receiver) {
      return issuedReceiver(view, receiver, value, context)
    }
    return null
  },
  doApply(context) {
    const { view, tx } = context
    const check = view.peek(String(tx.CheckID)) as LedgerObject
    const result = isIssued(check.SendMax) ? cashIssued(context, check) : cashNative(context, check)
    if (result !== 'tesSUCCESS') return result
    deleteCheck(view, check)
    return 'tesSUCCESS'
  },
}

// A native check: Amount exactly, or with DeliverMin as much as the writer can spend up to
// SendMax (CashCheck::doApply: `xrpLiquid(src, -1)`, the check's own reserve freed first).
function cashNative(context: ApplyContext, check: LedgerObject): Verdict {
  const { view, tx, account } = context
  const writer = String(check.Account)
  const liquid = xrpLiquid(view, writer, -1)
  const sendMax = LedgerAmount.fromJson(check.SendMax)
  const deliver =
    tx.DeliverMin === undefined
      ? LedgerAmount.fromJson(tx.Amount)
      : LedgerAmount.fromJson(tx.DeliverMin).max(sendMax.min(liquid))
  if (liquid.lt(deliver)) return 'tecUNFUNDED_PAYMENT'
  if (tx.DeliverMin !== undefined) context.deliver(deliver.text())
  return accountSend(view, writer, account.Account, deliver)
}

// rippled `STAmount::cMaxValue` / 2 at `cMaxOffset`: what a check cashed with DeliverMin asks the
// payment engine for (as much as the check gives).
const MOST = (asset: LedgerAsset) => LedgerAmount.of(asset, 4_999_999_999_999_999n, 80)
// The highest limit an issued value can have: the receiver's line takes anything while cashing.
const NO_LIMIT = '9999999999999999e80'

// An issued check (CashCheck::doApply): the payment engine delivers from the writer to the
// receiver at most SendMax, through a line the receiver gets if it has none
// (CheckCashMakesTrustLine), whose limit does not count while the check is cashed.
function cashIssued(context: ApplyContext, check: LedgerObject): Verdict {
  const { view, tx, account } = context
  const receiver = account.Account
  const writer = String(check.Account)
  const deliverMin = tx.DeliverMin === undefined ? null : LedgerAmount.fromJson(tx.DeliverMin)
  const wanted = deliverMin ? MOST(deliverMin.asset) : LedgerAmount.fromJson(tx.Amount)
  const issuer = wanted.asset.issuer as string
  const { currency } = wanted.asset
  const truster = issuer === receiver ? writer : receiver
  const index = rippleStateIndex(truster, issuer, currency)
  if (!view.read(index)) {
    const result = 'tecNO_LINE_INSUF_RESERVE'
    const owned = account.OwnerCount + 1
    const short = reserveRefusal(view, context.priorBalance, owned, 'CashCheck.cpp', result)
    if (short) return short
    const created = trustCreate(view, {
      account: receiver,
      peer: issuer,
      currency,
      limit: LedgerAmount.zero({ currency, issuer: receiver }),
      balance: LedgerAmount.zero({ currency, issuer }),
      noRipple: (account.Flags & LSF.AccountRoot.DefaultRipple) === 0,
    })
    if (typeof created === 'string') return created
  }
  const line = view.peek(index) as RippleState | undefined
  if (!line) return 'tecNO_LINE'
  const side = accountIdOf(issuer) > accountIdOf(receiver) ? 'LowLimit' : 'HighLimit'
  const saved = line[side]
  line[side] = { ...saved, value: NO_LIMIT }
  view.update(line)
  const outcome = flow({
    view,
    deliver: wanted,
    source: writer,
    destination: receiver,
    paths: [],
    defaultPaths: true,
    partial: deliverMin !== null,
    ownerPaysTransferFee: true,
    offerCrossing: 'no',
    limitQuality: null,
    sendMax: LedgerAmount.fromJson(check.SendMax),
    enabled: context.enabled,
    liquidity: () => [],
  })
  const restored = view.peek(index) as RippleState | undefined
  if (restored) {
    restored[side] = saved
    view.update(restored)
  }
  if (outcome.result !== 'tesSUCCESS') return outcome.result
  if (deliverMin && outcome.actualOut.lt(deliverMin)) return 'tecPATH_PARTIAL'
  context.deliver(outcome.actualOut.toJson())
  return 'tesSUCCESS'
}

export const checkCancelRules: TransactionRules = {
  source: 'CancelCheck.cpp',
  amendment: 'Checks',
  flags: 0,
  preflight: checkCancelPreflight,
  preclaim(view, tx) {
    const check = readCheck(view, tx.CheckID)
    if (!check) return 'tecNO_ENTRY'
    // Before it expires, only its writer or its destination may cancel a check.
    if (
      !hasExpired(view, check.Expiration) &&
      tx.Account !== check.Account &&
      tx.Account !== check.Destination
    ) {
      return 'tecNO_PERMISSION'
    }
    return null
  },
  doApply({ view, tx }) {
    deleteCheck(view, view.peek(String(tx.CheckID)) as LedgerObject)
    return 'tesSUCCESS'
  },
}
