import type { BookAmount } from '../../amounts/book-amount'
import { IssuedValue } from '../../amounts/issued-value'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { balanceOf, credit, peekAccount, readAccount, reserveFor } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { type AccountRoot, LSF, type RippleState } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { createLine, heldBy, isLow, shiftTo } from '../../state/trust-line'
import { transferRate } from './trust-line-flags'

/**
 * What an account can spend of an asset and how assets move between accounts, for offer crossing
 * and issued payments alike (rippled `View.cpp`: `accountFunds`, `accountHolds`, `xrpLiquid`,
 * `transferRate`, `isFrozen`, `rippleCredit`; docs/protocol.md §8.5, §8.7).
 */

/**
 * `account`'s trust line for an issued asset, if it has one.
 *
 * @example
 * ```ts
 * trustLineFor(view, holder, { currency: 'USD', issuer })?.Balance
 * ```
 */
export const trustLineFor = (view: ReadView, account: string, asset: LedgerAsset) =>
  view.read(rippleStateIndex(account, asset.issuer as string, asset.currency)) as
    | Readonly<RippleState>
    | undefined

/**
 * The drops an account can spend: its balance above the reserve for what it owns, never below
 * zero (rippled `xrpLiquid`).
 *
 * @example
 * ```ts
 * liquidDrops(view, root) // 98999988n
 * ```
 */
export function liquidDrops(view: ReadView, root: Readonly<AccountRoot>): bigint {
  const liquid = balanceOf(root) - reserveFor(view.fees, root.OwnerCount)
  return liquid > 0n ? liquid : 0n
}

/**
 * Moves drops between two existing AccountRoots (rippled `accountSend` of the native asset).
 *
 * @example
 * ```ts
 * moveDrops(view, payer, payee, 1_000_000n)
 * ```
 */
export function moveDrops(view: ApplyView, from: string, to: string, drops: bigint): void {
  credit(view, peekAccount(view, from) as AccountRoot, -drops)
  credit(view, peekAccount(view, to) as AccountRoot, drops)
}

/**
 * The transfer rate of an asset as a factor (rules/common/trust-line-flags.ts `transferRate` of its
 * issuer; 1 for the native asset), what a holder pays on top of what it sends.
 *
 * @example
 * ```ts
 * assetTransferRate(view, { currency: 'USD', issuer }).toString() // '1.002' with TransferRate 1002000000
 * ```
 */
export const assetTransferRate = (view: ReadView, asset: LedgerAsset): IssuedValue =>
  new IssuedValue(asset.issuer === null ? 1 : transferRate(view, asset.issuer))

/**
 * Whether `account`'s holding of an issued asset is frozen (rippled `isFrozen`): the issuer's
 * `GlobalFreeze`, or the issuer's freeze (or either side's deep freeze) on the line.
 *
 * @example
 * ```ts
 * isFrozen(view, holder, { currency: 'USD', issuer }) // true after the issuer's tfSetFreeze
 * ```
 */
export function isFrozen(view: ReadView, account: string, asset: LedgerAsset): boolean {
  if (asset.issuer === null || account === asset.issuer) return false
  if (isGlobalFrozen(view, asset)) return true
  const found = trustLineFor(view, account, asset)
  if (!found) return false
  const issuerFreeze = isLow(found, asset.issuer)
    ? LSF.RippleState.LowFreeze
    : LSF.RippleState.HighFreeze
  return (found.Flags & (issuerFreeze | DEEP_FREEZE)) !== 0
}

const DEEP_FREEZE = LSF.RippleState.LowDeepFreeze | LSF.RippleState.HighDeepFreeze

/**
 * Whether the issuer of an asset set `GlobalFreeze` (rippled `isGlobalFrozen`).
 *
 * @example
 * ```ts
 * isGlobalFrozen(view, { currency: 'USD', issuer }) // false
 * ```
 */
export function isGlobalFrozen(view: ReadView, asset: LedgerAsset): boolean {
  if (asset.issuer === null) return false
  const root = readAccount(view, asset.issuer)
  return root !== undefined && (root.Flags & LSF.AccountRoot.GlobalFreeze) !== 0
}

/**
 * Whether `account`'s line for an asset is deep frozen by either side (rippled `isDeepFrozen`).
 *
 * @example
 * ```ts
 * isDeepFrozen(view, owner, { currency: 'USD', issuer }) // false
 * ```
 */
export function isDeepFrozen(view: ReadView, account: string, asset: LedgerAsset): boolean {
  if (asset.issuer === null || account === asset.issuer) return false
  const found = trustLineFor(view, account, asset)
  return found !== undefined && (found.Flags & DEEP_FREEZE) !== 0
}

/**
 * What `account` can spend of an asset (rippled `accountFunds` with `fhZERO_IF_FROZEN`): native
 * drops above its reserve, an issuer's own asset without bound (`null`), or what it holds on its
 * line (zero when frozen or owing).
 *
 * @example
 * ```ts
 * accountFunds(view, owner, { currency: 'XRP', issuer: null })?.toString() // '98999988'
 * ```
 */
export function accountFunds(
  view: ReadView,
  account: string,
  asset: LedgerAsset,
): IssuedValue | null {
  if (asset.issuer === null) {
    const root = readAccount(view, account)
    return new IssuedValue(root ? liquidDrops(view, root).toString() : 0)
  }
  if (account === asset.issuer) return null
  const found = trustLineFor(view, account, asset)
  if (!found || isFrozen(view, account, asset)) return new IssuedValue(0)
  const held = heldBy(found, account)
  return held.gt(0) ? held : new IssuedValue(0)
}

/**
 * Moves an amount from `from` to `to` as offer crossing does (rippled `accountSend` and
 * `rippleCredit`): drops between AccountRoots; an issued asset through its issuer, `from`'s
 * holding down by `sent` (what it pays, the transfer fee included) and `to`'s up by `amount`, a
 * line created for a receiver that has none (its own reserve, limit 0; crossing ignores limits).
 * False when the receiver's owner directory is full.
 *
 * @example
 * ```ts
 * send(view, { from: taker, to: owner, amount: usd5, sent: new IssuedValue('5.01') })
 * ```
 */
export function send(
  view: ApplyView,
  move: { from: string; to: string; amount: BookAmount; sent: IssuedValue },
): boolean {
  const { from, to, amount, sent } = move
  if (from === to || amount.value.isZero()) return true
  const { asset } = amount
  if (asset.issuer === null) {
    moveDrops(view, from, to, BigInt(amount.value.toFixed(0)))
    return true
  }
  const issuer = asset.issuer
  if (from !== issuer) {
    const paying = view.peek(rippleStateIndex(from, issuer, asset.currency)) as RippleState
    shiftTo(view, paying, issuer, sent)
  }
  if (to !== issuer) {
    let receiving = view.peek(rippleStateIndex(to, issuer, asset.currency)) as
      | RippleState
      | undefined
    if (!receiving) {
      const created = createLine(view, {
        account: to,
        peer: issuer,
        currency: asset.currency,
        limit: '0',
      })
      if (!created) return false
      receiving = created
    }
    shiftTo(view, receiving, to, amount.value)
  }
  return true
}
