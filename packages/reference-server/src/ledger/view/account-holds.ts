import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { balanceOf, readAccount, reserveFor } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import type { RippleState } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { isDeepFrozen, isFrozen } from './freeze'

/**
 * What an account holds and can spend (rippled src/libxrpl/ledger/View.cpp `xrpLiquid`,
 * `accountHolds`, `accountFunds`): the one copy every rule and read asks.
 */

/**
 * Whether a frozen holding counts (`fhIGNORE_FREEZE`) or reads as zero (`fhZERO_IF_FROZEN`).
 *
 * @example
 * ```ts
 * accountHolds(view, holder, usd, 'zeroIfFrozen')
 * ```
 */
export type FreezeHandling = 'ignoreFreeze' | 'zeroIfFrozen'

/**
 * The drops an account can spend: its balance above the reserve for its owned objects and
 * `ownerCountAdjustment` more (rippled `xrpLiquid`; an AMM's account keeps no reserve), never
 * below zero; zero for an account that does not exist.
 *
 * @example
 * ```ts
 * xrpLiquid(view, address).text() // '98999988'
 * ```
 */
export function xrpLiquid(view: ReadView, account: string, ownerCountAdjustment = 0): LedgerAmount {
  const root = readAccount(view, account)
  if (!root) return LedgerAmount.drops(0n)
  const owners = Math.max(0, root.OwnerCount + ownerCountAdjustment)
  const reserve = root.AMMID === undefined ? reserveFor(view.fees, owners) : 0n
  const balance = balanceOf(root)
  return LedgerAmount.drops(balance < reserve ? 0n : balance - reserve)
}

/**
 * What `account` holds of `asset` (rippled `accountHolds`): native drops above the reserve, or the
 * balance of its line in its own terms (negative: what it owes), zero without a line or, with
 * `zeroIfFrozen`, when the line is frozen or deep frozen.
 *
 * @example
 * ```ts
 * accountHolds(view, holder, { currency: 'USD', issuer }, 'zeroIfFrozen').text() // '10'
 * ```
 */
export function accountHolds(
  view: ReadView,
  account: string,
  asset: LedgerAsset,
  freeze: FreezeHandling,
): LedgerAmount {
  if (asset.issuer === null) return xrpLiquid(view, account).withAsset(asset)
  const line = view.read(rippleStateIndex(account, asset.issuer, asset.currency)) as
    | Readonly<RippleState>
    | undefined
  if (!line) return LedgerAmount.zero(asset)
  if (freeze === 'zeroIfFrozen') {
    if (isFrozen(view, account, asset) || isDeepFrozen(view, account, asset)) {
      return LedgerAmount.zero(asset)
    }
  }
  const balance = LedgerAmount.fromJson(line.Balance, 'XRP').withAsset(asset)
  // The balance is the low account's holding: the high account holds its negation.
  return line.LowLimit.issuer === account ? balance : balance.negated()
}

/**
 * What `account` can spend of `amount`'s asset (rippled `accountFunds`): its issuer can spend any
 * amount of its own asset (`amount` itself comes back), anyone else what `accountHolds` says.
 *
 * @example
 * ```ts
 * accountFunds(view, owner, takerGets, 'zeroIfFrozen').signum() > 0 // funded
 * ```
 */
export function accountFunds(
  view: ReadView,
  account: string,
  amount: LedgerAmount,
  freeze: FreezeHandling,
): LedgerAmount {
  if (!amount.native && amount.asset.issuer === account) return amount
  return accountHolds(view, account, amount.asset, freeze)
}
