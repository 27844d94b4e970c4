import { LedgerAmount } from '../../amounts/ledger-amount'
import { isIssued } from '../../amounts/ledger-asset'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { adjustOwnerCount, peekAccount, readAccount, reserveFor } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { type AccountRoot, LSF, type RippleState } from '../../state/ledger-object'
import type { ApplyView, LedgerFees } from '../../state/read-view'
import { heldBy, isLow, LINE_SIDES, limitOf } from '../../state/trust-line'
import { trustCreate, trustDelete } from '../../view/trust-lines'
import {
  deepFreezePreclaim,
  TF_TRUST_SET,
  TRUST_SET_FLAGS,
  trustLineFlagsAfter,
  trustSetFlagsPreclaim,
  trustSetFlagsPreflight,
} from '../common/trust-line-flags'
import type { TransactionRules } from '../transaction-rules'

const TF = TF_TRUST_SET

// The sender's side of the line's auth, NoRipple and freeze flags (trust-line-flags.ts).
function switchLineFlags(
  view: ApplyView,
  line: RippleState,
  tx: JsonObject,
  account: Readonly<AccountRoot>,
): string {
  const outcome = trustLineFlagsAfter(line.Flags, tx, {
    high: !isLow(line, account.Account),
    noFreeze: (account.Flags & LSF.AccountRoot.NoFreeze) !== 0,
    holdsNegative: heldBy(line, account.Account).signum() < 0,
  })
  if ('result' in outcome) return outcome.result
  line.Flags = outcome.flags
  view.update(line)
  return 'tesSUCCESS'
}

/**
 * The balance a TrustSet needs to reserve a line (SetTrust::doApply's `reserveCreate`): nothing
 * while the account owns fewer than 2 objects, so a gateway can fund a new user's account
 * reserve alone and the user can still open lines; else the account reserve with one more object.
 *
 * @example
 * ```ts
 * lineReserve({ base: 10n, reserve: 1_000_000n, increment: 200_000n }, 1) // 0n
 * ```
 */
export function lineReserve(fees: LedgerFees, ownerCount: number): bigint {
  return ownerCount < 2 ? 0n : reserveFor(fees, ownerCount + 1)
}

// rippled `QUALITY_ONE`: a quality of 1.0, the same as none.
const QUALITY_ONE = 1_000_000_000

// The QualityIn and QualityOut a TrustSet writes on the sender's side: a number to set, null to
// remove, undefined to leave (SetTrust::doApply: QualityOut 1.0 is removed like 0, QualityIn 1.0
// is kept).
function qualitiesOf(tx: JsonObject) {
  const given = (field: string) =>
    typeof tx[field] === 'number' ? (tx[field] as number) : undefined
  const qualityIn = given('QualityIn')
  let qualityOut = given('QualityOut')
  if (qualityOut === QUALITY_ONE) qualityOut = 0
  const write = (q: number | undefined) => (q === undefined ? undefined : q === 0 ? null : q)
  return { In: write(qualityIn), Out: write(qualityOut) }
}

function writeQualities(line: RippleState, sender: string, tx: JsonObject): void {
  const side = isLow(line, sender) ? 'Low' : 'High'
  for (const [way, value] of Object.entries(qualitiesOf(tx))) {
    if (value === null) delete line[`${side}Quality${way}`]
    else if (value !== undefined) line[`${side}Quality${way}`] = value
  }
}

// Whether one side of the line is away from its default and so counts against its owner's
// reserve (SetTrust::doApply `bLowReserveSet`): a quality other than 0 or 1.0, NoRipple not
// matching the owner's DefaultRipple, a freeze, a limit, or a positive holding.
function sideNeedsReserve(view: ApplyView, line: RippleState, side: 'Low' | 'High'): boolean {
  const flags = LINE_SIDES[side]
  const owner = line[`${side}Limit`].issuer
  const quality = (way: string) => {
    const q = Number(line[`${side}Quality${way}`] ?? 0)
    return q !== 0 && q !== QUALITY_ONE
  }
  const defaultRipple =
    ((readAccount(view, owner)?.Flags ?? 0) & LSF.AccountRoot.DefaultRipple) !== 0
  const noRipple = (line.Flags & flags.noRipple) !== 0
  return (
    quality('In') ||
    quality('Out') ||
    noRipple === defaultRipple ||
    (line.Flags & flags.freeze) !== 0 ||
    !limitOf(line, owner).isZero() ||
    heldBy(line, owner).signum() > 0
  )
}

/**
 * TrustSet (docs/protocol.md §8.5, §8.7; rippled SetTrust::doApply): creates or changes the
 * sender's side of a trust line (a RippleState in both owner directories) to the `LimitAmount`
 * issuer: its limit, `QualityIn`/`QualityOut` (`LowQualityIn`… on the line; 0 removes one,
 * `QualityOut` 1.0 too), auth, NoRipple and freeze flags. A side away from its default (a limit,
 * a positive holding, a quality, a freeze, NoRipple not matching its owner's DefaultRipple)
 * reserves the line (`lsfLowReserve`/`lsfHighReserve`, one owned object), judged on the balance
 * before the fee against {@link lineReserve}: a new line → `tecNO_LINE_INSUF_RESERVE`, an
 * existing line that newly reserves → `tecINSUF_RESERVE_LINE`. Setting a line that does not
 * exist to its defaults is `tecNO_LINE_REDUNDANT`; a line neither side reserves is deleted. With
 * DisallowIncoming (SetTrust::preclaim) a missing peer is `tecNO_DST` and a peer that set
 * `lsfDisallowIncomingTrustline` refuses a new line (`tecNO_PERMISSION`); an existing line may
 * still change (fixDisallowIncomingV1). With DeepFreeze, `tfSetDeepFreeze`/`tfClearDeepFreeze`
 * switch the sender's deep freeze, under {@link deepFreezePreclaim}'s rules: a deep-frozen
 * holder can then neither send nor receive the asset but with its issuer (paths/step-checks.ts
 * `checkFreeze`, paths/offer-stream.ts).
 *
 * @example
 * ```ts
 * trustSetRules.preflight({ LimitAmount: { currency: 'USD', issuer: sender, value: '1' }, Account: sender }, context) // 'temDST_IS_SRC'
 * ```
 */
export const trustSetRules: TransactionRules = {
  source: 'SetTrust.cpp',
  amendment: null,
  flags: TRUST_SET_FLAGS,
  preflight(tx: JsonObject, context) {
    const flagged = trustSetFlagsPreflight(tx, context)
    if (flagged) return flagged
    const limit = tx.LimitAmount
    if (!isIssued(limit)) return 'temBAD_LIMIT'
    if (limit.currency === 'XRP') return 'temBAD_CURRENCY'
    if (limit.issuer === tx.Account) return 'temDST_IS_SRC'
    if (!(typeof limit.value === 'string' && LedgerNumber.from(limit.value).signum() >= 0)) {
      return 'temBAD_LIMIT'
    }
    return null
  },
  preclaim(view, tx, context) {
    const root = readAccount(view, String(tx.Account))
    if (!root) return 'terNO_ACCOUNT'
    const flagged = trustSetFlagsPreclaim(tx, root.Flags)
    if (flagged) return flagged
    const limit = tx.LimitAmount as { currency: string; issuer: string }
    const line = view.read(rippleStateIndex(root.Account, limit.issuer, limit.currency))
    if (context.enabled('DisallowIncoming')) {
      const peer = readAccount(view, limit.issuer)
      if (!peer) return 'tecNO_DST'
      // The peer refuses new lines; an existing one may still change (fixDisallowIncomingV1).
      const refuses = (peer.Flags & LSF.AccountRoot.DisallowIncomingTrustline) !== 0
      if (refuses && !(line && context.enabled('fixDisallowIncomingV1'))) return 'tecNO_PERMISSION'
    }
    if (!context.enabled('DeepFreeze')) return null
    return deepFreezePreclaim(tx, line?.Flags ?? 0, {
      high: accountIdOf(root.Account) > accountIdOf(limit.issuer),
      noFreeze: (root.Flags & LSF.AccountRoot.NoFreeze) !== 0,
    })
  },
  doApply({ view, tx, account, priorBalance }) {
    const limit = tx.LimitAmount as { currency: string; issuer: string; value: string }
    const sender = String(tx.Account)
    if (!readAccount(view, limit.issuer)) return 'tecNO_DST'
    const value = LedgerAmount.fromJson({ ...limit, issuer: sender })
    const affordable = priorBalance >= lineReserve(view.fees, account.OwnerCount)
    const line = view.peek(rippleStateIndex(sender, limit.issuer, limit.currency)) as
      | RippleState
      | undefined
    if (!line) {
      const qualities = qualitiesOf(tx)
      // An authorization or a quality creates the line even at a zero limit (SetTrust::doApply).
      const authorizes = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF.SetfAuth) !== 0
      const quality = typeof qualities.In === 'number' || typeof qualities.Out === 'number'
      if (value.isZero() && !authorizes && !quality) return 'tecNO_LINE_REDUNDANT'
      if (!affordable) return 'tecNO_LINE_INSUF_RESERVE'
      const created = trustCreate(view, {
        account: sender,
        peer: limit.issuer,
        currency: limit.currency,
        limit: value,
        balance: LedgerAmount.zero({ currency: limit.currency, issuer: limit.issuer }),
      })
      if (typeof created === 'string') return created
      writeQualities(created, sender, tx)
      return switchLineFlags(view, created, tx, account)
    }
    const side = isLow(line, sender) ? 'LowLimit' : 'HighLimit'
    line[side] = { ...line[side], value: value.text() }
    writeQualities(line, sender, tx)
    const switched = switchLineFlags(view, line, tx, account)
    if (switched !== 'tesSUCCESS') return switched
    // Both sides' reserves follow what the line now is (bLowReserveSet, bHighReserveSet).
    let increased = false
    for (const lineSide of ['Low', 'High'] as const) {
      const { reserve } = LINE_SIDES[lineSide]
      const needs = sideNeedsReserve(view, line, lineSide)
      if (needs === ((line.Flags & reserve) !== 0)) continue
      const owner = line[`${lineSide}Limit`].issuer
      line.Flags ^= reserve
      adjustOwnerCount(
        view,
        owner === sender ? account : (peekAccount(view, owner) as AccountRoot),
        needs ? 1 : -1,
      )
      if (needs && owner === sender) increased = true
    }
    view.update(line)
    const anyReserve = LSF.RippleState.LowReserve | LSF.RippleState.HighReserve
    if ((line.Flags & anyReserve) === 0) {
      trustDelete(view, line)
      return 'tesSUCCESS'
    }
    return increased && !affordable ? 'tecINSUF_RESERVE_LINE' : 'tesSUCCESS'
  },
}
