import { IssuedValue } from '../../amounts/issued-value'
import { isIssued } from '../../amounts/ledger-asset'
import { accountIdOf } from '../../codec/account-ids'
import { balanceOf, credit, peekAccount, readAccount, reserveFor } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { type AccountRoot, type IssuedJson, LSF, type RippleState } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { createLine, heldBy, shiftTo } from '../../state/trust-line'

/**
 * An offer's amount as the ledger writes it: drops as a string, or an issued amount.
 *
 * @example
 * ```ts
 * const price: OfferAmount = { currency: 'USD', issuer, value: '10' }
 * ```
 */
export type OfferAmount = string | IssuedJson

/**
 * The value of an amount in its own unit (drops for the native asset), for comparing and
 * splitting amounts of one asset.
 *
 * @example
 * ```ts
 * amountValue('1000').toString() // '1000'
 * ```
 */
export const amountValue = (amount: OfferAmount): IssuedValue =>
  new IssuedValue(isIssued(amount) ? amount.value : amount)

/**
 * An amount of the same asset as `like` with value `value` (drops truncated to an integer; issued
 * values kept to the ledger's 16 significant digits).
 *
 * @example
 * ```ts
 * withValue('1000', amountValue('1000').times(0.5)) // '500'
 * ```
 */
export function withValue(like: OfferAmount, value: IssuedValue): OfferAmount {
  if (!isIssued(like)) return value.integerValue(IssuedValue.ROUND_DOWN).toFixed()
  return { ...like, value: value.precision(16, IssuedValue.ROUND_DOWN).toString() }
}

/**
 * Whether two amounts are of the same asset (rippled `STAmount::issue()` equality).
 *
 * @example
 * ```ts
 * sameIssue('10', '20') // true
 * ```
 */
export function sameIssue(a: OfferAmount, b: OfferAmount): boolean {
  if (!isIssued(a) || !isIssued(b)) return !isIssued(a) && !isIssued(b)
  return a.currency === b.currency && a.issuer === b.issuer
}

/**
 * Whether an expiration (seconds since the Ripple epoch) has passed: the parent ledger's close
 * time is at or past it (rippled `hasExpired`).
 *
 * @example
 * ```ts
 * if (hasExpired(view, tx.Expiration)) return 'tecEXPIRED'
 * ```
 */
export const hasExpired = (view: ReadView, expiration: unknown): boolean =>
  typeof expiration === 'number' && view.info.parentCloseTime >= expiration

const lineOf = (view: ReadView, a: string, b: string, currency: string) =>
  view.read(rippleStateIndex(a, b, currency)) as Readonly<RippleState> | undefined

/**
 * Whether `account`'s holding of an issuer's currency is frozen: the issuer's global freeze, or
 * the issuer's freeze on their line (rippled `isFrozen`); an issuer's own currency never is.
 *
 * @example
 * ```ts
 * isFrozen(view, holder, 'USD', issuer) // false
 * ```
 */
export function isFrozen(view: ReadView, account: string, currency: string, issuer: string) {
  if (account === issuer) return false
  const root = readAccount(view, issuer)
  if (root && (root.Flags & LSF.AccountRoot.GlobalFreeze) !== 0) return true
  const line = lineOf(view, account, issuer, currency)
  if (!line) return false
  const issuerHigh = accountIdOf(issuer) > accountIdOf(account)
  const flag = issuerHigh ? LSF.RippleState.HighFreeze : LSF.RippleState.LowFreeze
  return (line.Flags & flag) !== 0
}

/**
 * What `account` can spend of `amount`'s asset (rippled `accountFunds` with `fhZERO_IF_FROZEN`):
 * native drops above its reserve, its holding of an issued asset (zero when frozen), or without
 * bound for the asset's own issuer.
 *
 * @example
 * ```ts
 * fundsOf(view, buyer, offer.Amount).gte(amountValue(offer.Amount))
 * ```
 */
export function fundsOf(view: ReadView, account: string, amount: OfferAmount): IssuedValue {
  if (!isIssued(amount)) {
    const root = readAccount(view, account)
    if (!root) return new IssuedValue(0)
    const liquid = balanceOf(root) - reserveFor(view.fees, root.OwnerCount)
    return new IssuedValue(liquid > 0n ? liquid.toString() : '0')
  }
  if (account === amount.issuer) return new IssuedValue(Number.POSITIVE_INFINITY)
  if (isFrozen(view, account, amount.currency, amount.issuer)) return new IssuedValue(0)
  const line = lineOf(view, account, amount.issuer, amount.currency)
  const held = line ? heldBy(line, account) : new IssuedValue(0)
  return held.isNegative() ? new IssuedValue(0) : held
}

// One step of an issued payment between an account and the issuer (rippled `rippleCredit`): the
// line takes the value; a receiver without a line gets one at a zero limit, reserved on its side.
function rippleCredit(
  view: ApplyView,
  from: string,
  to: string,
  asset: IssuedJson,
  value: IssuedValue,
) {
  let line = view.peek(rippleStateIndex(from, to, asset.currency)) as RippleState | undefined
  if (!line) {
    const receiver = readAccount(view, to)
    const noRipple = !receiver || (receiver.Flags & LSF.AccountRoot.DefaultRipple) === 0
    line =
      createLine(view, {
        account: to,
        peer: from,
        currency: asset.currency,
        limit: '0',
        noRipple,
      }) ?? undefined
    if (!line) return 'tecDIR_FULL'
  }
  shiftTo(view, line, to, value)
  return null
}

const BILLION = new IssuedValue(1_000_000_000)

/**
 * Moves `amount` from one account to another as rippled's `accountSend`, then checks neither
 * side's funds went negative (`NFTokenAcceptOffer::pay`, fixNonFungibleTokensV1_2): native drops
 * directly; an issued asset between two holders through its issuer, the sender paying the
 * issuer's `TransferRate` on top.
 *
 * @example
 * ```ts
 * pay(view, buyer, seller, '1000000') // 'tesSUCCESS'
 * ```
 */
export function pay(view: ApplyView, from: string, to: string, amount: OfferAmount): string {
  if (!isIssued(amount)) {
    const drops = BigInt(amount)
    const sender = peekAccount(view, from) as AccountRoot
    if (balanceOf(sender) < drops) return 'tecFAILED_PROCESSING'
    credit(view, sender, -drops)
    credit(view, peekAccount(view, to) as AccountRoot, drops)
    return 'tesSUCCESS'
  }
  const value = amountValue(amount)
  const { issuer } = amount
  let refused: string | null
  if (from === issuer || to === issuer) refused = rippleCredit(view, from, to, amount, value)
  else {
    const rate = readAccount(view, issuer)?.TransferRate
    const charged = typeof rate === 'number' && rate > 0 ? value.times(rate).div(BILLION) : value
    refused =
      rippleCredit(view, issuer, to, amount, value) ??
      rippleCredit(view, from, issuer, amount, charged.precision(16, IssuedValue.ROUND_UP))
  }
  if (refused) return refused
  const line = from === issuer ? undefined : lineOf(view, from, issuer, amount.currency)
  if (line && heldBy(line, from).isNegative()) return 'tecINSUFFICIENT_FUNDS'
  return 'tesSUCCESS'
}
