import { LedgerAmount } from '../amounts/ledger-amount'
import { multiplyRate } from '../amounts/transfer-rate'
import { accountIdOf } from '../codec/account-ids'
import { adjustOwnerCount, balanceOf, peekAccount, readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { type AccountRoot, LSF, type RippleState } from '../state/ledger-object'
import type { ApplyView } from '../state/read-view'
import { LINE_SIDES } from '../state/trust-line'
import { transferRate } from './issuer-transfer-rate'
import { trustCreate, trustDelete } from './trust-lines'

/**
 * Moving value (rippled src/libxrpl/ledger/View.cpp `rippleCreditIOU`, `rippleSendIOU`,
 * `accountSend`): the one place a balance changes, for payments, offer crossing, checks, NFT
 * sales and escrows alike.
 */

/**
 * The native asset's pseudo-issuer (rippled `xrpAccount()`, the zero AccountID): the payment
 * engine sends drops to and from it between steps; it has no AccountRoot.
 */
export const XRP_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

// rippled's condition for clearing the sender's reserve once its balance is no longer positive:
// its side is back at every default (no limit, no quality, no freeze, NoRipple as its account's
// DefaultRipple asks).
function senderAtDefaults(
  view: ApplyView,
  line: RippleState,
  sender: string,
  side: 'Low' | 'High',
) {
  const flags = LINE_SIDES[side]
  const ripplesByDefault =
    ((readAccount(view, sender)?.Flags ?? 0) & LSF.AccountRoot.DefaultRipple) !== 0
  return (
    (line.Flags & flags.reserve) !== 0 &&
    ((line.Flags & flags.noRipple) !== 0) !== ripplesByDefault &&
    (line.Flags & flags.freeze) === 0 &&
    LedgerAmount.fromJson(line[`${side}Limit`], 'XRP').isZero() &&
    !line[`${side}QualityIn`] &&
    !line[`${side}QualityOut`]
  )
}

/**
 * Moves an issued amount one step between `sender` and `receiver`, one of which issues it
 * (rippled `rippleCreditIOU`): the line's balance moves; a sender whose balance drops to zero or
 * below with its side at every default gives up its reserve, and a line left with no balance and
 * no reserve is deleted; a receiver without a line gets one (limit 0, its side reserved, NoRipple
 * unless it set DefaultRipple). Returns the result: `tesSUCCESS`, or `tecDIR_FULL`… from
 * creating the line.
 *
 * @example
 * ```ts
 * rippleCredit(view, issuer, holder, usd('5'))
 * ```
 */
export function rippleCredit(
  view: ApplyView,
  sender: string,
  receiver: string,
  amount: LedgerAmount,
): string {
  const currency = amount.asset.currency
  const senderHigh = accountIdOf(sender) > accountIdOf(receiver)
  const line = view.peek(rippleStateIndex(sender, receiver, currency)) as RippleState | undefined
  if (!line) {
    const root = readAccount(view, receiver)
    if (!root) return 'tefINTERNAL'
    const created = trustCreate(view, {
      account: receiver,
      peer: sender,
      currency,
      limit: LedgerAmount.zero({ currency, issuer: receiver }),
      balance: amount,
      noRipple: (root.Flags & LSF.AccountRoot.DefaultRipple) === 0,
    })
    return typeof created === 'string' ? created : 'tesSUCCESS'
  }
  const stored = LedgerAmount.fromJson(line.Balance, 'XRP')
  const before = senderHigh ? stored.negated() : stored
  const after = before.minus(amount.withAsset(before.asset))
  const side = senderHigh ? 'High' : 'Low'
  const other = senderHigh ? 'Low' : 'High'
  let remove = false
  if (before.signum() > 0 && after.signum() <= 0 && senderAtDefaults(view, line, sender, side)) {
    adjustOwnerCount(view, peekAccount(view, sender) as AccountRoot, -1)
    line.Flags = (line.Flags & ~LINE_SIDES[side].reserve) >>> 0
    remove = after.isZero() && (line.Flags & LINE_SIDES[other].reserve) === 0
  }
  line.Balance = { ...line.Balance, value: (senderHigh ? after.negated() : after).text() }
  if (remove) {
    trustDelete(view, line)
    return 'tesSUCCESS'
  }
  view.update(line)
  return 'tesSUCCESS'
}

/**
 * Sends an amount from one account to another (rippled `accountSend`): drops between
 * AccountRoots (either may be {@link XRP_ACCOUNT}, the engine's pass-through; a sender short of
 * the drops → `tecFAILED_PROCESSING`); an issued amount straight to or from its issuer, or between
 * two holders through the issuer, the sender paying the issuer's transfer rate on top unless
 * `waiveFee` (rippled `rippleSendIOU`, `WaiveTransferFee`).
 *
 * @example
 * ```ts
 * accountSend(view, buyer, seller, price) // 'tesSUCCESS'
 * ```
 */
export function accountSend(
  view: ApplyView,
  from: string,
  to: string,
  amount: LedgerAmount,
  waiveFee = false,
): string {
  if (amount.isZero() || from === to) return 'tesSUCCESS'
  if (!amount.native) {
    const issuer = amount.asset.issuer as string
    if (from === issuer || to === issuer) return rippleCredit(view, from, to, amount)
    const charged = waiveFee ? amount : multiplyRate(amount, transferRate(view, issuer))
    const credited = rippleCredit(view, issuer, to, amount)
    return credited === 'tesSUCCESS' ? rippleCredit(view, from, issuer, charged) : credited
  }
  const sender = from === XRP_ACCOUNT ? undefined : peekAccount(view, from)
  const receiver = to === XRP_ACCOUNT ? undefined : peekAccount(view, to)
  if (sender) {
    if (balanceOf(sender) < amount.mantissa) return 'tecFAILED_PROCESSING'
    sender.Balance = (balanceOf(sender) - amount.mantissa).toString()
    view.update(sender)
  }
  if (receiver) {
    receiver.Balance = (balanceOf(receiver) + amount.mantissa).toString()
    view.update(receiver)
  }
  return 'tesSUCCESS'
}
