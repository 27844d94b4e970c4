import { LedgerAmount } from '../../amounts/ledger-amount'
import { parseDrops } from '../../amounts/native-amount'
import type { JsonObject } from '../../codec/json-object'
import {
  credit,
  newAccountRoot,
  peekAccount,
  readAccount,
  reserveFor,
} from '../../state/account-root'
import { LSF } from '../../state/ledger-object'
import { refuse, type Verdict } from '../../view/refusal'
import { credentialIdsPreclaim, credentialIdsPreflight } from '../common/credential-ids'
import { destinationTagResult, paymentDepositResult } from '../common/deposit-authorization'
import type { PreflightContext, TransactionRules } from '../transaction-rules'
import { applyMptPayment, movesMpt, mptPaymentPreflight } from './mpt-payment'
import { tooManyPaths } from './payment-paths'
import { applyRipplePayment, movesIssuedAsset, TF_PAYMENT } from './ripple-payment'

// The flags Payment defines (TxFlags.h tfPaymentMask's complement).
const PAYMENT_FLAGS = Object.values(TF_PAYMENT).reduce((all, flag) => all | flag, 0)

const positive = (amount: unknown) => {
  try {
    return LedgerAmount.fromJson(amount).signum() > 0
  } catch {
    return false
  }
}

// Issued Amount, or a SendMax in another asset (docs/protocol.md §8.5).
function issuedPreflight(tx: JsonObject, flags: number): string | null {
  if (!positive(tx.Amount)) return 'temBAD_AMOUNT'
  if (tx.SendMax !== undefined && !positive(tx.SendMax)) return 'temBAD_AMOUNT'
  if (tx.DeliverMin !== undefined) {
    if (!(flags & TF_PAYMENT.PartialPayment) || !positive(tx.DeliverMin)) return 'temBAD_AMOUNT'
  }
  // With paths it may be an arbitrage loop, not redundant (Payment::preflight).
  if (tx.Destination === tx.Account && tx.SendMax === undefined && tx.Paths === undefined) {
    return 'temREDUNDANT'
  }
  return null
}

// Payment::preflight's checks of the amounts and flags.
function amountPreflight(tx: JsonObject, context: PreflightContext): Verdict | null {
  if (typeof tx.Destination !== 'string') return 'temDST_NEEDED'
  if (movesMpt(tx)) return mptPaymentPreflight(tx, context)
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  if (movesIssuedAsset(tx)) return issuedPreflight(tx, flags)
  const amount = parseDrops(tx.Amount)
  if (amount === null || amount === 0n) return 'temBAD_AMOUNT'
  if (tx.Destination === tx.Account) return 'temREDUNDANT'
  if (tx.SendMax !== undefined) return 'temBAD_SEND_XRP_MAX'
  if (tx.DeliverMin !== undefined) return 'temBAD_AMOUNT'
  if (flags & TF_PAYMENT.PartialPayment) return 'temBAD_SEND_XRP_PARTIAL'
  if (flags & TF_PAYMENT.LimitQuality) return 'temBAD_SEND_XRP_LIMIT'
  if (flags & TF_PAYMENT.NoRippleDirect) return 'temBAD_SEND_XRP_NO_DIRECT'
  if (tx.Paths !== undefined) return 'temBAD_SEND_XRP_PATHS'
  return null
}

/**
 * Payment rules. Native Payments move drops with the reserve rule of docs/protocol.md §8.1
 * (`balance ≥ amount + max(reserve, fee)`, else `tecUNFUNDED_PAYMENT`) and create the destination
 * when it gets at least the base reserve. A partial payment is never valid native→native (§8.3).
 * A destination that requires a tag gets none without one (`tecDST_TAG_NEEDED`); one with
 * deposit authorization only from itself, preauthorized senders and senders whose
 * `CredentialIDs` it preauthorized (`tecNO_PERMISSION`, §8.7, §8.16; the credentials checked by
 * rules/common/credential-ids.ts: `tecBAD_CREDENTIALS`, `tecEXPIRED`).
 * Issued-asset Payments and pay-with-anything (`SendMax` in another asset) follow
 * {@link applyRipplePayment} (§8.5); more than 6 `Paths` or a path longer than 8 steps is
 * `telBAD_PATH_COUNT` (rules/payment/payment-paths.ts).
 *
 * @example
 * ```ts
 * paymentRules.preflight(decode(blob)) // null or 'temBAD_AMOUNT'
 * ```
 */
// The rules follow rippled's Payment.cpp.
const SOURCE = 'Payment.cpp'

export const paymentRules: TransactionRules = {
  source: SOURCE,
  amendment: null,
  flags: PAYMENT_FLAGS,
  preflight(tx: JsonObject, context) {
    return amountPreflight(tx, context) ?? credentialIdsPreflight(tx)
  },

  preclaim(view, tx) {
    const tagged = destinationTagResult(view, tx)
    if (tagged) return tagged
    // After the destination's own checks (an issued payment to no account is tecNO_DST first).
    const destination = readAccount(view, String(tx.Destination))
    if (destination && tooManyPaths(tx)) return 'telBAD_PATH_COUNT'
    return credentialIdsPreclaim(view, tx)
  },

  doApply(context) {
    if (movesMpt(context.tx)) return applyMptPayment(context)
    if (movesIssuedAsset(context.tx)) return applyRipplePayment(context)
    const { view, tx, account, fee, priorBalance } = context
    const destination = String(tx.Destination)
    const amount = parseDrops(tx.Amount) ?? 0n
    // balance ≥ amount + max(reserve, fee), docs/protocol.md §8.1
    const needed = reserveFor(view.fees, account.OwnerCount)
    if (priorBalance < amount + needed || priorBalance < amount + fee) {
      const detail = `the balance of ${priorBalance} drops less the reserve of ${needed} drops (or the fee of ${fee}) cannot pay ${amount} drops`
      return refuse('tecUNFUNDED_PAYMENT', 'unfunded', detail, SOURCE)
    }
    let receiver = peekAccount(view, destination)
    const refused = paymentDepositResult(context, account.Account, receiver, amount)
    if (refused) return refused
    if (!receiver) {
      if (amount < view.fees.reserve) {
        const detail = `${amount} drops cannot create ${destination}: the base reserve is ${view.fees.reserve} drops`
        return refuse('tecNO_DST_INSUF_XRP', 'create-below-reserve', detail, SOURCE)
      }
      receiver = newAccountRoot(destination, view.info.seq, 0n)
      view.insert(receiver)
    }
    // Native funds re-arm the free key change of SetRegularKey (Payment.cpp).
    receiver.Flags &= ~LSF.AccountRoot.PasswordSpent
    credit(view, account, -amount)
    credit(view, receiver, amount)
    return 'tesSUCCESS'
  },
}
