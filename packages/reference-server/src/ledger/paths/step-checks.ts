import { LedgerAmount } from '../amounts/ledger-amount'
import { accountIdOf } from '../codec/account-ids'
import { readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { LSF, type RippleState } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { isDeepFrozen } from '../view/freeze'

/**
 * The checks a strand's steps make of the trust lines they cross (rippled
 * src/xrpld/app/paths/detail/StepChecks.h, Credit.cpp).
 */

const higher = (a: string, b: string) => accountIdOf(a) > accountIdOf(b)
const line = (view: ReadView, a: string, b: string, currency: string) =>
  view.read(rippleStateIndex(a, b, currency)) as Readonly<RippleState> | undefined

/**
 * Whether value may move from `source` to `destination` on their line (rippled `checkFreeze`):
 * `terNO_LINE` when the destination froze everything (`GlobalFreeze`), froze this line, or either
 * side deep froze it; null when it may.
 *
 * @example
 * ```ts
 * checkFreeze(view, holder, issuer, 'USD') // 'terNO_LINE' after the issuer's GlobalFreeze
 * ```
 */
export function checkFreeze(
  view: ReadView,
  source: string,
  destination: string,
  currency: string,
): string | null {
  const root = readAccount(view, destination)
  if (root && (root.Flags & LSF.AccountRoot.GlobalFreeze) !== 0) return 'terNO_LINE'
  const found = line(view, source, destination, currency)
  if (!found) return null
  const frozenByDestination = higher(destination, source)
    ? LSF.RippleState.HighFreeze
    : LSF.RippleState.LowFreeze
  // A deep freeze stops the line whichever side set it (view/freeze.ts, View.cpp isDeepFrozen).
  const deep = isDeepFrozen(view, source, { currency, issuer: destination })
  return deep || (found.Flags & frozenByDestination) !== 0 ? 'terNO_LINE' : null
}

/**
 * Whether value may ripple through `current` from `previous` to `next` (rippled
 * `checkNoRipple`): both lines must exist (`terNO_LINE`), and `current` must not have set
 * NoRipple on both (`terNO_RIPPLE`); null when it may.
 *
 * @example
 * ```ts
 * checkNoRipple(view, sender, issuer, receiver, 'USD') // 'terNO_RIPPLE' through an issuer without DefaultRipple
 * ```
 */
export function checkNoRipple(
  view: ReadView,
  previous: string,
  current: string,
  next: string,
  currency: string,
): string | null {
  const into = line(view, previous, current, currency)
  const out = line(view, current, next, currency)
  if (!into || !out) return 'terNO_LINE'
  const noRipple = (state: Readonly<RippleState>, other: string) =>
    (state.Flags &
      (higher(current, other) ? LSF.RippleState.HighNoRipple : LSF.RippleState.LowNoRipple)) !==
    0
  return noRipple(into, previous) && noRipple(out, next) ? 'terNO_RIPPLE' : null
}

// One side of a line as rippled's Credit.cpp reads it: the line's field of `account`'s side in
// `account`'s own currency (zero without a line).
function sideAmount(
  view: ReadView,
  account: string,
  issuer: string,
  currency: string,
  field: (found: Readonly<RippleState>, high: boolean) => LedgerAmount,
): LedgerAmount {
  const asset = { currency, issuer: account }
  const found = line(view, account, issuer, currency)
  if (!found) return LedgerAmount.zero(asset)
  return field(found, higher(account, issuer)).withAsset(asset)
}

/**
 * How much of `issuer`'s currency `account` is willing to hold: its limit on their line, zero
 * without one (rippled Credit.cpp `creditLimit`).
 *
 * @example
 * ```ts
 * creditLimit(view, holder, issuer, 'USD').text() // '100'
 * ```
 */
export const creditLimit = (view: ReadView, account: string, issuer: string, currency: string) =>
  sideAmount(view, account, issuer, currency, (found, high) =>
    LedgerAmount.fromJson(high ? found.HighLimit : found.LowLimit),
  )

/**
 * What `issuer` holds of `account`'s currency on their line (rippled Credit.cpp `creditBalance`:
 * the balance from the account's side, negated), zero without a line.
 *
 * @example
 * ```ts
 * creditBalance(view, holder, issuer, 'USD').signum() <= 0 // the holder owes nothing
 * ```
 */
export const creditBalance = (view: ReadView, account: string, issuer: string, currency: string) =>
  sideAmount(view, account, issuer, currency, (found, high) => {
    const balance = LedgerAmount.fromJson(found.Balance)
    return high ? balance : balance.negated()
  })
