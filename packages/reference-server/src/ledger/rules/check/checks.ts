import type { Amount, IssuedAmount } from 'pullsign/wire'
import { IssuedValue } from '../../amounts/issued-value'
import { isIssued, unitsOf } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import {
  adjustOwnerCount,
  balanceOf,
  credit,
  peekAccount,
  readAccount,
  reserveFor,
} from '../../state/account-root'
import { checkIndex, rippleStateIndex } from '../../state/keylets'
import {
  type AccountRoot,
  type IssuedJson,
  type LedgerObject,
  LSF,
  type RippleState,
} from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { createLine, heldBy, isLow } from '../../state/trust-line'
import { incomingRefusal, tagRefusal } from '../common/deposit-authorization'
import { copyFields, link, sequenceUsed, unlink } from '../common/owned-object'
import { applyIssuedPayment, TF_PARTIAL_PAYMENT } from '../payment/issued-payment'
import { hasUnknownFlags, isBadCurrency, isPositive, lacks } from '../preflight-fields'
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
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
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
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  if ((tx.Amount === undefined) === (tx.DeliverMin === undefined)) return 'temMALFORMED'
  const value = tx.Amount ?? tx.DeliverMin
  if (!isPositive(value)) return 'temBAD_AMOUNT'
  if (isBadCurrency(value)) return 'temBAD_CURRENCY'
  return null
}

/**
 * CheckCancel's preflight (`CancelCheck::preflight`): the universal flags and a `CheckID`.
 *
 * @example
 * ```ts
 * checkCancelPreflight({ CheckID }) // null
 * ```
 */
export function checkCancelPreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  return null
}

const line = (view: ReadView, a: string, b: string, currency: string) =>
  view.read(rippleStateIndex(a, b, currency)) as Readonly<RippleState> | undefined

// Whether `holder`'s side of its line to `issuer` is frozen by the issuer, or `holder` froze it.
const frozenBy = (state: Readonly<RippleState>, who: string) =>
  (state.Flags & (isLow(state, who) ? LSF.RippleState.LowFreeze : LSF.RippleState.HighFreeze)) !== 0

// rippled `hasExpired`: the parent ledger closed at or after the expiration.
const expired = (view: ReadView, expiration: unknown) =>
  typeof expiration === 'number' && view.info.parentCloseTime >= expiration

// rippled `isFrozen(view, account, currency, issuer)`: the issuer's GlobalFreeze, or the issuer
// froze the account's line.
function isFrozen(view: ReadView, account: string, asset: IssuedAmount): boolean {
  if (account === asset.issuer) return false
  const issuer = readAccount(view, asset.issuer)
  if (issuer && issuer.Flags & LSF.AccountRoot.GlobalFreeze) return true
  const state = line(view, account, asset.issuer, asset.currency)
  return state !== undefined && frozenBy(state, asset.issuer)
}

export const checkCreateRules: TransactionRules = {
  preflight: checkCreatePreflight,
  preclaim(view, tx, context) {
    const destination = String(tx.Destination)
    const target = readAccount(view, destination)
    if (!target) return 'tecNO_DST'
    const refusal = incomingRefusal(target, tx, context, LSF.AccountRoot.DisallowIncomingCheck)
    if (refusal) return refusal
    const sendMax = tx.SendMax
    if (isIssued(sendMax)) {
      const issuer = readAccount(view, sendMax.issuer)
      if (issuer && issuer.Flags & LSF.AccountRoot.GlobalFreeze) return 'tecFROZEN'
      const sender = String(tx.Account)
      // The issuer froze the sender's line, or the destination froze its own.
      const own =
        sender === sendMax.issuer ? undefined : line(view, sender, sendMax.issuer, sendMax.currency)
      if (own && frozenBy(own, sendMax.issuer)) return 'tecFROZEN'
      const theirs =
        destination === sendMax.issuer
          ? undefined
          : line(view, destination, sendMax.issuer, sendMax.currency)
      if (theirs && frozenBy(theirs, destination)) return 'tecFROZEN'
    }
    return expired(view, tx.Expiration) ? 'tecEXPIRED' : null
  },
  doApply({ view, tx, account, priorBalance }) {
    // The check's reserve is judged on the balance before the fee (CreateCheck::doApply).
    if (priorBalance < reserveFor(view.fees, account.OwnerCount + 1)) {
      return 'tecINSUFFICIENT_RESERVE'
    }
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
    if (
      !link(view, check, destination, 'DestinationNode') ||
      !link(view, check, owner, 'OwnerNode')
    ) {
      return 'tecDIR_FULL'
    }
    view.insert(check)
    adjustOwnerCount(view, account, 1)
    return 'tesSUCCESS'
  },
}

// Takes a check out of both directories and the ledger; its writer owns one object less.
function deleteCheck(view: ApplyView, check: LedgerObject): void {
  const owner = String(check.Account)
  const destination = String(check.Destination)
  if (owner !== destination) unlink(view, destination, check.DestinationNode, check.index)
  unlink(view, owner, check.OwnerNode, check.index)
  const root = peekAccount(view, owner)
  if (root) adjustOwnerCount(view, root, -1)
  view.erase(check)
}

const readCheck = (view: ReadView, id: unknown) => {
  const check = typeof id === 'string' ? view.read(id) : undefined
  return check?.LedgerEntryType === 'Check' ? check : undefined
}

// What the check's writer can pay in the cashed asset (rippled `accountFunds`, frozen funds as
// none); native: the balance over the reserve, plus the reserve the check itself frees.
function funds(view: ReadView, writer: string, value: unknown): IssuedValue {
  if (!isIssued(value)) {
    const root = readAccount(view, writer)
    if (!root) return new IssuedValue(0)
    const spare = balanceOf(root) - reserveFor(view.fees, root.OwnerCount) + view.fees.increment
    return unitsOf(String(spare > 0n ? spare : 0n))
  }
  if (writer === value.issuer) return new IssuedValue(Number.POSITIVE_INFINITY)
  if (isFrozen(view, writer, value)) return new IssuedValue(0)
  const state = line(view, writer, value.issuer, value.currency)
  return state ? IssuedValue.max(heldBy(state, writer), 0) : new IssuedValue(0)
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
    if (expired(view, check.Expiration)) return 'tecEXPIRED'
    const value = tx.Amount ?? tx.DeliverMin
    const sendMax = check.SendMax
    // Another asset or issuer than the check's: malformed, though found only against the ledger.
    if (!sameAssetAs(value, sendMax)) return 'temMALFORMED'
    if (isIssued(value) && isIssued(sendMax) && value.issuer !== sendMax.issuer)
      return 'temMALFORMED'
    if (unitsOf(value).gt(unitsOf(sendMax))) return 'tecPATH_PARTIAL'
    if (unitsOf(value).gt(funds(view, writer, value))) return 'tecPATH_PARTIAL'
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
// SendMax (CashCheck::doApply; the check's own reserve is freed first).
function cashNative(context: ApplyContext, check: LedgerObject): string {
  const { view, tx, account } = context
  const writer = peekAccount(view, String(check.Account)) as AccountRoot
  const reserve = reserveFor(view.fees, Math.max(0, writer.OwnerCount - 1))
  const liquid = balanceOf(writer) > reserve ? balanceOf(writer) - reserve : 0n
  const sendMax = BigInt(String(check.SendMax))
  let deliver: bigint
  if (tx.DeliverMin !== undefined) {
    const least = BigInt(String(tx.DeliverMin))
    const most = sendMax < liquid ? sendMax : liquid
    deliver = least > most ? least : most
  } else {
    deliver = BigInt(String(tx.Amount))
  }
  if (liquid < deliver) return 'tecUNFUNDED_PAYMENT'
  if (tx.DeliverMin !== undefined) context.deliver(String(deliver))
  credit(view, writer, -deliver)
  credit(view, account, deliver)
  return 'tesSUCCESS'
}

// The highest limit an issued value can have: the receiver's line takes anything while cashing.
const NO_LIMIT = '9999999999999999e80'

// An issued check: a payment from the writer to the receiver at most SendMax, through a line
// the receiver gets if it has none (CheckCashMakesTrustLine), whose limit does not count.
function cashIssued(context: ApplyContext, check: LedgerObject): string {
  const { view, tx, account } = context
  const sendMax = check.SendMax as IssuedJson
  const receiver = account.Account
  let state: RippleState | undefined
  if (receiver !== sendMax.issuer) {
    state = view.peek(rippleStateIndex(receiver, sendMax.issuer, sendMax.currency)) as
      | RippleState
      | undefined
    if (!state) {
      if (context.priorBalance < reserveFor(view.fees, account.OwnerCount + 1)) {
        return 'tecNO_LINE_INSUF_RESERVE'
      }
      const noRipple = (account.Flags & LSF.AccountRoot.DefaultRipple) === 0
      const created = createLine(view, {
        account: receiver,
        peer: sendMax.issuer,
        currency: sendMax.currency,
        limit: '0',
        noRipple,
      })
      if (!created) return 'tecDIR_FULL'
      state = created
    }
  }
  const side = state && isLow(state, receiver) ? 'LowLimit' : 'HighLimit'
  const saved = state?.[side]
  if (state) {
    state[side] = { ...state[side], value: NO_LIMIT }
    view.update(state)
  }
  const wanted = (tx.Amount ?? sendMax) as IssuedJson
  let delivered: Amount = wanted
  const payment = {
    TransactionType: 'Payment',
    Account: String(check.Account),
    Destination: receiver,
    Amount: wanted,
    SendMax: sendMax,
    Flags: tx.DeliverMin === undefined ? 0 : TF_PARTIAL_PAYMENT,
    ...(tx.DeliverMin === undefined ? {} : { DeliverMin: tx.DeliverMin }),
  }
  const payer = peekAccount(view, String(check.Account)) as AccountRoot
  const result = applyIssuedPayment({
    ...context,
    tx: payment,
    account: payer,
    deliver: (amount) => {
      delivered = amount
    },
  })
  if (state && saved) {
    state[side] = saved
    view.update(state)
  }
  if (result !== 'tesSUCCESS') return result
  context.deliver(delivered)
  return 'tesSUCCESS'
}

export const checkCancelRules: TransactionRules = {
  preflight: checkCancelPreflight,
  preclaim(view, tx) {
    const check = readCheck(view, tx.CheckID)
    if (!check) return 'tecNO_ENTRY'
    // Before it expires, only its writer or its destination may cancel a check.
    if (
      !expired(view, check.Expiration) &&
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
