import type { Amount } from 'pullsign/wire'
import { bookAmountOf } from '../../amounts/book-amount'
import { divRound, IssuedValue, significant } from '../../amounts/issued-value'
import {
  assetOf,
  isIssued,
  type LedgerAsset,
  sameAsset,
  toDrops,
  unitsOf,
} from '../../amounts/ledger-asset'
import { readAccount } from '../../state/account-root'
import { LSF, type RippleState } from '../../state/ledger-object'
import { heldBy, limitOf, qualityOf, shiftTo } from '../../state/trust-line'
import { paymentDepositResult } from '../common/deposit-authorization'
import { liquidDrops, moveDrops, trustLineFor } from '../common/offer-funds'
import { directPathResult, transferRate } from '../common/trust-line-flags'
import type { ApplyContext, NativePrice } from '../transaction-rules'
import { applyBookPayment, hasBook } from './book-payment'
import { defaultPathOnly, pathsResult } from './payment-paths'

/**
 * Payment flag: deliver what the payer can, not necessarily all of `Amount` (§8.3).
 *
 * @example
 * ```ts
 * const partial = { ...payment, Flags: TF_PARTIAL_PAYMENT, SendMax: amount }
 * ```
 */
export const TF_PARTIAL_PAYMENT = 0x00020000

const ZERO = new IssuedValue(0)
const UNLIMITED = new IssuedValue(Number.POSITIVE_INFINITY)
const QUALITY_ONE = 1_000_000_000

type Line = Readonly<RippleState>
type Leg = { refusal: string } | { capacity: IssuedValue; line: Line | null }

// How much of an issued asset `holder` can receive: unlimited for the issuer itself, else the room
// left under its trust line's limit; no line → no path (docs/protocol.md §8.5).
function receiving(context: ApplyContext, holder: string, asset: LedgerAsset): Leg {
  if (holder === asset.issuer) return { capacity: UNLIMITED, line: null }
  const line = trustLineFor(context.view, holder, asset)
  if (!line) return { refusal: 'tecPATH_DRY' }
  const room = limitOf(line, holder).minus(heldBy(line, holder))
  return { capacity: IssuedValue.max(room, ZERO), line }
}

// How much of an issued asset `holder` can spend: unlimited for its issuer, else what it holds.
function sending(context: ApplyContext, holder: string, asset: LedgerAsset): Leg {
  if (holder === asset.issuer) return { capacity: UNLIMITED, line: null }
  const line = trustLineFor(context.view, holder, asset) ?? null
  const held = line ? heldBy(line, holder) : ZERO
  if (!held.gt(0)) return { refusal: 'tecPATH_DRY' }
  return { capacity: held, line }
}

const amountOf = (asset: LedgerAsset, units: IssuedValue): Amount =>
  asset.issuer === null
    ? String(toDrops(units, 'down'))
    : { currency: asset.currency, issuer: asset.issuer, value: significant(units, 'down') }

/** Converts between the paying and the delivered asset at the simulator's prices. */
interface Rate {
  cost(delivered: IssuedValue): IssuedValue
  affordable(paid: IssuedValue): IssuedValue
}

// Both prices are per native unit; the same currency code converts at par. Multiplying before
// dividing keeps round prices exact (5.2 USD at 0.52 USD per XRP is 10 XRP, not 9.99…).
function rateOf(price: NativePrice, pay: LedgerAsset, deliver: LedgerAsset, native: string) {
  const perNative = (asset: LedgerAsset) =>
    asset.issuer === null ? 1 : price(asset.currency, native)
  const payPrice = pay.currency === deliver.currency ? 1 : perNative(pay)
  const deliverPrice = pay.currency === deliver.currency ? 1 : perNative(deliver)
  if (!payPrice || !deliverPrice) return null
  const rate: Rate = {
    cost: (delivered) => delivered.times(payPrice).div(deliverPrice),
    affordable: (paid) => paid.times(deliverPrice).div(payPrice),
  }
  return rate
}

interface Plan {
  deliver: LedgerAsset
  pay: LedgerAsset
  wanted: IssuedValue
  partial: boolean
  deliverMin: IssuedValue | null
}

// Shifts `value` on a line to `receiver`.
function shift(context: ApplyContext, line: Line, receiver: string, value: IssuedValue) {
  const peeked = context.view.peek(line.index) as RippleState
  shiftTo(context.view, peeked, receiver, value)
}

// The receiver's QualityIn below 1.0 on its line, as a fraction, or null: it values what arrives
// at that rate, so its line takes delivered ÷ quality (rippled DirectStepI::revImp; the last
// step caps a quality above 1.0 at 1.0, qualitiesSrcIssues).
function receivingQuality(line: Line | null, receiver: string): IssuedValue | null {
  const quality = line ? qualityOf(line, receiver, 'In') : 0
  return quality === 0 || quality >= QUALITY_ONE ? null : new IssuedValue(quality).div(QUALITY_ONE)
}

// Settles `delivered` of the plan: the payer's side first, then the receiver's (its line takes
// `credited`, what `delivered` is worth at its QualityIn).
function settle(
  context: ApplyContext,
  plan: Plan,
  legs: { send: Line | null; receive: Line | null },
  delivered: IssuedValue,
  credited: IssuedValue,
  cost: IssuedValue,
): void {
  const sender = String(context.tx.Account)
  const destination = String(context.tx.Destination)
  const { deliver, pay } = plan
  if (pay.issuer === null) {
    // The deliver asset's issuer makes the market: it takes the payer's native units (both
    // accounts exist: checked before settling).
    moveDrops(context.view, sender, deliver.issuer as string, toDrops(cost, 'up'))
  } else if (legs.send) {
    shift(context, legs.send, pay.issuer, cost)
  }
  if (deliver.issuer === null) {
    moveDrops(context.view, pay.issuer as string, destination, toDrops(delivered, 'down'))
  } else if (legs.receive) {
    shift(context, legs.receive, destination, credited)
  }
}

/**
 * Applies a Payment that moves an issued asset, or converts between two assets
 * (docs/protocol.md §8.5): the receiver needs a trust line with room (none → `tecPATH_DRY`,
 * over its limit → `tecPATH_PARTIAL`); holder to holder ripples through the issuer only with
 * `DefaultRipple`; a partial payment delivers what the payer can (`DeliverMin` honoured).
 * Between two assets (pay-with-anything, `SendMax` in the paying asset), the issuers make the
 * market at the simulator's prices: no price → `tecPATH_DRY`, more than `SendMax` →
 * `tecPATH_PARTIAL`, native spending below the reserve → `tecUNFUNDED_PAYMENT`. A receiver whose
 * `QualityIn` on its line is below 1.0 gets delivered ÷ quality on the line, paid by the sender.
 * Explicit `Paths` are applied only where they restate the default path (payment-paths.ts), else
 * `tecPATH_DRY`; a malformed step is `temBAD_PATH`, `tfNoRippleDirect` without paths
 * `temRIPPLE_EMPTY`.
 * Nothing changes unless the result is `tesSUCCESS`.
 *
 * @example
 * ```ts
 * applyIssuedPayment(context) // { result: 'tesSUCCESS', delivered: { currency: 'USD', issuer, value: '5' } }
 * ```
 */
export function applyIssuedPayment(context: ApplyContext): string {
  const { tx, network, account, view } = context
  const native = network.native_asset
  const sender = String(tx.Account)
  const destination = String(tx.Destination)
  const receiver = readAccount(view, destination)
  if (!receiver) return 'tecNO_DST'
  // Deposit authorization (Payment::doApply): only preauthorized senders, no small-amount rule.
  const refused = paymentDepositResult(view, sender, receiver, null)
  if (refused) return refused
  // Explicit paths: malformed → tem; beyond the default path the ledger models → no liquidity.
  const pathRefusal = pathsResult(tx) ?? (defaultPathOnly(tx, native) ? null : 'tecPATH_DRY')
  if (pathRefusal) return pathRefusal
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  const deliver = assetOf(tx.Amount, native)
  const pay = tx.SendMax === undefined ? deliver : assetOf(tx.SendMax, native)
  const plan: Plan = {
    deliver,
    pay,
    wanted: unitsOf(tx.Amount),
    partial: (flags & TF_PARTIAL_PAYMENT) !== 0,
    deliverMin: tx.DeliverMin === undefined ? null : unitsOf(tx.DeliverMin),
  }
  // Where the order book sells the delivered asset for the paying one, the payment takes it.
  if (!sameAsset(pay, deliver) && hasBook(view, pay, deliver, native)) {
    return applyBookPayment(context, {
      pay,
      deliver: bookAmountOf(tx.Amount, native),
      sendMax: tx.SendMax === undefined ? null : bookAmountOf(tx.SendMax, native).value,
      partial: plan.partial,
      deliverMin: tx.DeliverMin === undefined ? null : bookAmountOf(tx.DeliverMin, native).value,
    })
  }
  const market = rateOf(context.price, pay, deliver, native)
  if (!market) return 'tecPATH_DRY'
  const direct = sameAsset(pay, deliver)
  let rate = market
  if (direct && deliver.issuer !== null) {
    const issuer = deliver.issuer
    const path = { sender, destination, currency: deliver.currency, issuer }
    const closed = directPathResult(view, path)
    if (closed) return closed
    // Holder to holder of one issuer's asset ripples through that issuer (§8.5), which charges
    // its transfer rate on the way (§8.7).
    if (sender !== issuer && destination !== issuer) {
      const root = readAccount(view, issuer)
      if (!root || (root.Flags & LSF.AccountRoot.DefaultRipple) === 0) return 'tecPATH_DRY'
      const fee = transferRate(view, issuer)
      rate = {
        cost: (delivered) => delivered.times(fee),
        affordable: (paid) => paid.div(fee),
      }
    }
  }
  const receive =
    deliver.issuer === null
      ? { capacity: UNLIMITED, line: null }
      : receiving(context, destination, deliver)
  if ('refusal' in receive) return receive.refusal
  const quality = receivingQuality(receive.line, destination)
  const credit = (delivered: IssuedValue) =>
    quality ? divRound(delivered, quality, false, 'up') : delivered
  if (quality) {
    const face = rate
    rate = {
      cost: (delivered) => face.cost(credit(delivered)),
      affordable: (paid) => face.affordable(paid).times(quality),
    }
    receive.capacity = receive.capacity.times(quality)
  }
  let send: Leg
  if (pay.issuer === null) {
    send = { capacity: unitsOf(String(liquidDrops(view, account))), line: null }
  } else {
    send = sending(context, sender, pay)
  }
  if ('refusal' in send) return send.refusal
  if (deliver.issuer === null) {
    // The paying asset's issuer pays the native units out of its own spendable balance.
    const maker = readAccount(view, pay.issuer as string)
    if (!maker) return 'tecPATH_DRY'
    const available = unitsOf(String(liquidDrops(view, maker)))
    if (available.isZero()) return 'tecPATH_DRY'
    receive.capacity = IssuedValue.min(receive.capacity, available)
  }

  // Without SendMax the payer spends at most Amount (rippled `Payment::doApply`), so a transfer
  // fee needs a SendMax that covers it.
  const sendMax = unitsOf(tx.SendMax ?? tx.Amount)
  const payable = IssuedValue.min(send.capacity, sendMax)
  const affordable = rate.affordable(payable)
  let delivered = IssuedValue.min(plan.wanted, receive.capacity, affordable)
  if (delivered.lt(plan.wanted)) {
    if (!plan.partial) {
      // Native spending that would break the reserve is unfunded (§8.5); any other shortfall
      // (limit, SendMax, holdings) is a partial path.
      const payerShort = pay.issuer === null && rate.affordable(send.capacity).lt(plan.wanted)
      return payerShort ? 'tecUNFUNDED_PAYMENT' : 'tecPATH_PARTIAL'
    }
    delivered = new IssuedValue(significant(delivered, 'down'))
    if (delivered.isZero()) return 'tecPATH_DRY'
    if (plan.deliverMin && delivered.lt(plan.deliverMin)) return 'tecPATH_PARTIAL'
  }
  const cost = IssuedValue.min(rate.cost(delivered), payable)
  const legs = { send: send.line, receive: receive.line }
  settle(context, plan, legs, delivered, credit(delivered), cost)
  // rippled's Payment writes DeliveredAmount only when it differs from Amount (§8.3).
  if (delivered.lt(plan.wanted)) context.deliver(amountOf(deliver, delivered))
  return 'tesSUCCESS'
}

/**
 * Whether a Payment needs {@link applyIssuedPayment}: an issued `Amount`, or a `SendMax` in
 * another asset than `Amount`.
 *
 * @example
 * ```ts
 * movesIssuedAsset({ Amount: '1000', SendMax: { currency: 'USD', issuer, value: '1' } }) // true
 * ```
 */
export function movesIssuedAsset(tx: { Amount?: unknown; SendMax?: unknown }): boolean {
  return isIssued(tx.Amount) || isIssued(tx.SendMax)
}
