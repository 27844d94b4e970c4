import { ammLPTokens } from '../../amm/amm-formulas'
import { type AmmEntry, assetOf, lpAsset, lpBalance } from '../../amm/amm-pool'
import type { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { root2 } from '../../number/number-roots'
import type { ReadView } from '../../state/read-view'
import type { Change } from '../../state/sandbox'
import { accountHolds } from '../../view/account-holds'
import { LSF_AMM_NODE } from './amm-create'
import { amountField } from './amm-fields'

/**
 * rippled's `ValidAMM` invariant (src/xrpld/app/tx/detail/InvariantCheck.cpp, enforced with
 * fixAMMv1_3; docs/protocol.md §8.13), checked after a transaction that succeeded (or an AMMDelete
 * that answered `tecINCOMPLETE`): AMMCreate leaves √(A·B) = T exactly (both rounded as
 * `ammLPTokens`) and every balance positive; a deposit, withdrawal or AMMClawback leaves
 * √(A·B) ≥ T (or within a relative 10⁻¹¹ of it) with every balance positive, or all three zero
 * after the last withdrawal; AMMVote changes neither T nor the pool; AMMBid only burns LP tokens;
 * AMMDelete leaves no AMM behind (nor changes one on `tecINCOMPLETE`); a Payment, OfferCreate or
 * CheckCash may move a pool's balances but never changes an AMM entry.
 */

/** What the changes did to AMMs (`ValidAMM::visitEntry`; erased entries are not visited). */
interface Visited {
  /** The AMM entry left in the ledger (`ammAccount_`, `lptAMMBalanceAfter_`). */
  after: Readonly<AmmEntry> | null
  /** `LPTokenBalance` before, when an existing AMM entry changed. */
  lptBefore: LedgerAmount | null
  /** A pool's asset line (lsfAMMNode) or a pseudo-account (AMMID) changed. */
  poolChanged: boolean
}

function visit(changes: readonly Change[], base: ReadView): Visited {
  const seen: Visited = { after: null, lptBefore: null, poolChanged: false }
  for (const { index, action, object } of changes) {
    if (action === 'cache' || action === 'erase') continue
    if (object.LedgerEntryType === 'AMM') {
      seen.after = object as Readonly<AmmEntry>
      const before = base.read(index) as Readonly<AmmEntry> | undefined
      if (before?.LedgerEntryType === 'AMM') seen.lptBefore = lpBalance(before)
    } else if (
      (object.LedgerEntryType === 'RippleState' && (object.Flags & LSF_AMM_NODE) !== 0) ||
      (object.LedgerEntryType === 'AccountRoot' && object.AMMID !== undefined)
    ) {
      seen.poolChanged = true
    }
  }
  return seen
}

// `ammPoolHolds` with `fhIGNORE_FREEZE`: what the pseudo-account holds of each asset.
const poolHolds = (view: ReadView, amm: Readonly<AmmEntry>, a: LedgerAsset, b: LedgerAsset) =>
  [a, b].map((asset) => accountHolds(view, amm.Account, asset, 'ignoreFreeze')) as [
    LedgerAmount,
    LedgerAmount,
  ]

// `validBalances`: all three positive, or (after a last withdrawal) all three zero.
function validBalances(amounts: readonly LedgerAmount[], zeroAllowed: boolean): boolean {
  if (amounts.every((amount) => amount.signum() > 0)) return true
  return zeroAllowed && amounts.every((amount) => amount.isZero())
}

const RELATIVE = LedgerNumber.from('1e-11')

// AMMHelpers.h `withinRelativeDistance`: (max − min) / max < dist.
function withinRelativeDistance(a: LedgerNumber, b: LedgerNumber, dist: LedgerNumber): boolean {
  if (a.eq(b)) return true
  const [min, max] = a.lt(b) ? [a, b] : [b, a]
  return max.minus(min).div(max).lt(dist)
}

// `generalInvariant`: √(A·B) ≥ T (or within 10⁻¹¹), and `validBalances`.
function generalInvariant(
  view: ReadView,
  amm: Readonly<AmmEntry>,
  tx: JsonObject,
  zeroAllowed: boolean,
): string | null {
  const a = assetOf(tx.Asset)
  const b = assetOf(tx.Asset2)
  if (!a || !b) return `${tx.TransactionType} names no AMM assets`
  const [amount, amount2] = poolHolds(view, amm, a, b)
  const lpt = lpBalance(amm)
  const mean = root2(amount.toNumber().times(amount2.toNumber()))
  const supply = lpt.toNumber()
  const strong = mean.gte(supply)
  const weak = () => !lpt.isZero() && withinRelativeDistance(mean, supply, RELATIVE)
  if (validBalances([amount, amount2, lpt], zeroAllowed) && (strong || weak())) return null
  return (
    `AMM ${tx.TransactionType} invariant failed: pool ${amount.text()} ${amount2.text()}, ` +
    `√(A·B) ${mean.toString()}, LPTokenBalance ${lpt.text()}`
  )
}

function createInvariant(view: ReadView, seen: Visited, tx: JsonObject): string | null {
  if (!seen.after) return 'AMMCreate invariant failed: AMM object is not created'
  const amm = seen.after
  const a = amountField(tx, 'Amount')
  const b = amountField(tx, 'Amount2')
  if (!a || !b) return 'AMMCreate names no amounts'
  const [amount, amount2] = poolHolds(view, amm, a.asset, b.asset)
  const lpt = lpBalance(amm)
  if (
    validBalances([amount, amount2, lpt], false) &&
    ammLPTokens(amount, amount2, lpAsset(amm)).eq(lpt)
  ) {
    return null
  }
  return `AMMCreate invariant failed: pool ${amount.text()} ${amount2.text()}, LPTokenBalance ${lpt.text()}`
}

/**
 * What breaks rippled's `ValidAMM` invariant in a transaction's changes, as a sentence naming
 * the values, or null when it holds. `after` is the view with the changes applied, `base` the
 * view before them, `result` the transaction's result so far.
 *
 * @example
 * ```ts
 * const broken = ammInvariantFailure(sandbox.changes(), base, sandbox, tx, 'tesSUCCESS')
 * if (broken) result = 'tecINVARIANT_FAILED'
 * ```
 */
export function ammInvariantFailure(
  changes: readonly Change[],
  base: ReadView,
  after: ReadView,
  tx: JsonObject,
  result: string,
): string | null {
  // AMMDelete may answer tecINCOMPLETE when too many trust lines are left to delete.
  if (result !== 'tesSUCCESS' && result !== 'tecINCOMPLETE') return null
  const seen = visit(changes, base)
  const type = String(tx.TransactionType)
  switch (type) {
    case 'AMMCreate':
      return createInvariant(after, seen, tx)
    case 'AMMDeposit':
      if (!seen.after) return 'AMMDeposit invariant failed: AMM object is deleted'
      return generalInvariant(after, seen.after, tx, false)
    case 'AMMWithdraw':
    case 'AMMClawback':
      // The last withdrawal (or clawback) deleted the AMM.
      return seen.after ? generalInvariant(after, seen.after, tx, true) : null
    case 'AMMBid': {
      if (seen.poolChanged) return 'AMMBid invariant failed: pool changed'
      const lptAfter = seen.after ? lpBalance(seen.after) : null
      if (seen.lptBefore && lptAfter && (lptAfter.gt(seen.lptBefore) || lptAfter.signum() <= 0)) {
        return `AMMBid invariant failed: LPTokenBalance ${seen.lptBefore.text()} became ${lptAfter.text()}`
      }
      return null
    }
    case 'AMMVote': {
      const lptAfter = seen.after ? lpBalance(seen.after) : null
      const same =
        lptAfter === null || seen.lptBefore === null
          ? lptAfter === seen.lptBefore
          : lptAfter.eq(seen.lptBefore)
      if (same && !seen.poolChanged) return null
      return 'AMMVote invariant failed: the LP tokens or the pool changed'
    }
    case 'AMMDelete':
      if (!seen.after) return null
      return result === 'tesSUCCESS'
        ? 'AMMDelete invariant failed: AMM object is not deleted on tesSUCCESS'
        : 'AMMDelete invariant failed: AMM object is changed on tecINCOMPLETE'
    case 'CheckCash':
    case 'OfferCreate':
    case 'Payment':
      return seen.after ? 'AMM swap invariant failed: AMM object changed' : null
    default:
      return null
  }
}
