import type { LedgerAmount } from '../amounts/ledger-amount'
import { accountIdOf } from '../codec/account-ids'
import { adjustOwnerCount, peekAccount } from '../state/account-root'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from '../state/directory'
import { ownerDirIndex, rippleStateIndex } from '../state/keylets'
import { LSF, type RippleState } from '../state/ledger-object'
import type { ApplyView } from '../state/read-view'
import { LedgerFault } from './ledger-fault'

/**
 * Creating and deleting trust lines (rippled src/libxrpl/ledger/View.cpp `trustCreate`,
 * `trustDelete`): the one place a RippleState is made or removed, whoever asks (TrustSet,
 * crossing an offer, a payment, cashing a check, buying an NFT).
 */

/** The issuer written in a RippleState's Balance: the neutral ACCOUNT_ONE (rippled `noAccount()`). */
export const NO_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/** What {@link trustCreate} makes: `account`'s side is the one that reserves and sets the limit. */
export interface NewLine {
  /** The account whose side is set (its reserve, its limit, its flags). */
  account: string
  peer: string
  currency: string
  /** `account`'s limit (zero for a line a payment or an offer opens). */
  limit: LedgerAmount
  /** What `account` holds of the peer's asset once the line exists (negative: what it owes). */
  balance: LedgerAmount
  auth?: boolean
  noRipple?: boolean
  freeze?: boolean
  deepFreeze?: boolean
  qualityIn?: number
  qualityOut?: number
}

/**
 * Creates a trust line as rippled's `trustCreate` does: in both owner directories (`LowNode`,
 * `HighNode`), `account`'s side reserved (one more owned object) with its limit and flags, the
 * peer's side NoRipple unless the peer set DefaultRipple, the balance written in the low
 * account's terms. Returns the line, or the result that stops it: `tecDIR_FULL`, `tecNO_TARGET`
 * (no peer), `tefINTERNAL` (no account).
 *
 * @example
 * ```ts
 * const line = trustCreate(view, { account: holder, peer: issuer, currency: 'USD', limit, balance })
 * if (typeof line === 'string') return line
 * ```
 */
export function trustCreate(view: ApplyView, input: NewLine): RippleState | string {
  const { account, peer, currency } = input
  const accountRoot = peekAccount(view, account)
  if (!accountRoot) return 'tefINTERNAL'
  const peerRoot = peekAccount(view, peer)
  if (!peerRoot) return 'tecNO_TARGET'
  const high = accountIdOf(account) > accountIdOf(peer)
  const [low, highAccount] = high ? [peer, account] : [account, peer]
  const index = rippleStateIndex(low, highAccount, currency)
  const lowNode = dirInsert(view, ownerDirIndex(low), index, describeOwnerDir(low))
  if (lowNode === null) return 'tecDIR_FULL'
  const highNode = dirInsert(view, ownerDirIndex(highAccount), index, describeOwnerDir(highAccount))
  if (highNode === null) return 'tecDIR_FULL'
  const flags = LSF.RippleState
  const side = (lowFlag: number, highFlag: number) => (high ? highFlag : lowFlag)
  let Flags = side(flags.LowReserve, flags.HighReserve)
  if (input.auth) Flags |= side(flags.LowAuth, flags.HighAuth)
  if (input.noRipple) Flags |= side(flags.LowNoRipple, flags.HighNoRipple)
  if (input.freeze) Flags |= side(flags.LowFreeze, flags.HighFreeze)
  if (input.deepFreeze) Flags |= side(flags.LowDeepFreeze, flags.HighDeepFreeze)
  // The other side's default is no rippling.
  if ((peerRoot.Flags & LSF.AccountRoot.DefaultRipple) === 0) {
    Flags |= side(flags.HighNoRipple, flags.LowNoRipple)
  }
  const limit = (owner: string, value: string) => ({ currency, issuer: owner, value })
  const balance = high ? input.balance.negated() : input.balance
  const line: RippleState = {
    LedgerEntryType: 'RippleState',
    Flags: Flags >>> 0,
    Balance: { currency, issuer: NO_ACCOUNT, value: balance.text() },
    LowLimit: limit(low, high ? '0' : input.limit.text()),
    HighLimit: limit(highAccount, high ? input.limit.text() : '0'),
    LowNode: uint64Json(lowNode),
    HighNode: uint64Json(highNode),
    index,
  }
  const quality = high ? 'High' : 'Low'
  if (input.qualityIn) line[`${quality}QualityIn`] = input.qualityIn
  if (input.qualityOut) line[`${quality}QualityOut`] = input.qualityOut
  view.insert(line)
  adjustOwnerCount(view, accountRoot, 1)
  return line
}

/**
 * Removes a peeked line (rippled `trustDelete`): out of both owner directories, erased. A
 * directory that does not hold it is a broken ledger (`tefBAD_LEDGER`, thrown as a
 * {@link LedgerFault}). The caller adjusts the owner counts of the sides that reserved it.
 *
 * @example
 * ```ts
 * trustDelete(view, line)
 * ```
 */
export function trustDelete(view: ApplyView, line: RippleState): void {
  for (const [owner, node] of [
    [line.LowLimit.issuer, line.LowNode],
    [line.HighLimit.issuer, line.HighNode],
  ] as const) {
    if (!dirRemove(view, ownerDirIndex(owner), uint64Of(node), line.index, false)) {
      throw new LedgerFault(
        'tefBAD_LEDGER',
        `trust line ${line.index} is not in ${owner}'s directory`,
      )
    }
  }
  view.erase(line)
}
