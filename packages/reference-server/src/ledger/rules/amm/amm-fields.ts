import { assetOf } from '../../amm/amm-pool'
import { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'

/**
 * What the AMM's transactions share before the ledger is read (rippled
 * src/libxrpl/protocol/AMMCore.cpp `invalidAMMAsset`, `invalidAMMAssetPair`, `invalidAMMAmount`;
 * include/xrpl/protocol/TxFlags.h): their flags and the checks of their assets and amounts.
 */

/** AMMDeposit's and AMMWithdraw's mode flags (TxFlags.h). */
export const AMM_FLAGS = {
  LPToken: 0x00010000,
  WithdrawAll: 0x00020000,
  OneAssetWithdrawAll: 0x00040000,
  SingleAsset: 0x00080000,
  TwoAsset: 0x00100000,
  OneAssetLPToken: 0x00200000,
  LimitLPToken: 0x00400000,
  TwoAssetIfEmpty: 0x00800000,
} as const

/** AMMClawback's `tfClawTwoAssets` (TxFlags.h). */
export const TF_CLAW_TWO_ASSETS = 0x00000001

/** A trading fee above 1 % (1000 of 1/100,000) is `temBAD_FEE` (AMMCore.h `TRADING_FEE_THRESHOLD`). */
export const TRADING_FEE_THRESHOLD = 1000

/** The number of bits set (rippled `std::popcount` of the mode flags). */
export const popcount = (flags: number): number => {
  let count = 0
  for (let rest = flags >>> 0; rest !== 0; rest &= rest - 1) count += 1
  return count
}

/** The transaction's flags (0 when absent). */
export const flagsOf = (tx: JsonObject): number => (typeof tx.Flags === 'number' ? tx.Flags : 0)

/**
 * An amount field of the transaction, or undefined when absent or not an amount.
 *
 * @example
 * ```ts
 * amountField(tx, 'Amount')?.text() // '100'
 * ```
 */
export function amountField(tx: JsonObject, field: string): LedgerAmount | undefined {
  if (tx[field] === undefined) return undefined
  try {
    return LedgerAmount.fromJson(tx[field])
  } catch {
    return undefined
  }
}

const sameAsset = (a: LedgerAsset, b: LedgerAsset) =>
  a.issuer === b.issuer && (a.issuer === null || a.currency === b.currency)

/**
 * `invalidAMMAsset`: an issued "XRP" → `temBAD_CURRENCY`; an asset outside `pair` →
 * `temBAD_AMM_TOKENS`; else null.
 */
export function invalidAsset(
  asset: LedgerAsset,
  pair?: readonly [LedgerAsset, LedgerAsset],
): string | null {
  if (asset.issuer !== null && (asset.currency === 'XRP' || asset.currency === '0'.repeat(40)))
    return 'temBAD_CURRENCY'
  if (pair && !sameAsset(asset, pair[0]) && !sameAsset(asset, pair[1])) return 'temBAD_AMM_TOKENS'
  return null
}

/** `invalidAMMAssetPair`: the same asset twice → `temBAD_AMM_TOKENS`, else each asset's check. */
export function invalidAssetPair(
  a: LedgerAsset,
  b: LedgerAsset,
  pair?: readonly [LedgerAsset, LedgerAsset],
): string | null {
  if (sameAsset(a, b)) return 'temBAD_AMM_TOKENS'
  return invalidAsset(a, pair) ?? invalidAsset(b, pair)
}

/** `invalidAMMAmount`: its asset's check, then negative (or zero unless `validZero`) → `temBAD_AMOUNT`. */
export function invalidAmount(
  amount: LedgerAmount,
  pair?: readonly [LedgerAsset, LedgerAsset],
  validZero = false,
): string | null {
  const bad = invalidAsset(amount.asset, pair)
  if (bad) return bad
  if (amount.signum() < 0 || (!validZero && amount.isZero())) return 'temBAD_AMOUNT'
  return null
}

/** Whether two amounts are of the same asset. */
export const sameIssue = (a: LedgerAmount, b: LedgerAmount): boolean => sameAsset(a.asset, b.asset)

/**
 * The transaction's `Asset` and `Asset2`, or the result that refuses them: absent or not an
 * asset → `temMALFORMED`; the same twice or a bad one → `invalidAssetPair`'s code.
 */
export function assetPair(tx: JsonObject): [LedgerAsset, LedgerAsset] | string {
  const a = assetOf(tx.Asset)
  const b = assetOf(tx.Asset2)
  if (!a || !b) return 'temMALFORMED'
  return invalidAssetPair(a, b) ?? [a, b]
}

/** The pair and amounts of a deposit or withdrawal, each parsed (absent when not given). */
export interface ModeAmounts {
  pair: [LedgerAsset, LedgerAsset]
  amount?: LedgerAmount
  amount2?: LedgerAmount
  ePrice?: LedgerAmount
  tokens?: LedgerAmount
}

/**
 * What AMMDeposit's and AMMWithdraw's preflights check alike once the fields match the mode
 * (AMMDeposit.cpp, AMMWithdraw.cpp `preflight`): the asset pair, every amount given readable
 * (`temBAD_AMOUNT`), two amounts of one asset or LP tokens (`tokens`: LPTokenOut or LPTokenIn)
 * not above zero (`temBAD_AMM_TOKENS`). The rest of each preflight is its own.
 *
 * @example
 * ```ts
 * const read = modeAmounts(tx, 'LPTokenOut')
 * if (typeof read === 'string') return read
 * ```
 */
export function modeAmounts(
  tx: JsonObject,
  tokens: 'LPTokenOut' | 'LPTokenIn',
): ModeAmounts | string {
  const pair = assetPair(tx)
  if (typeof pair === 'string') return pair
  const read: ModeAmounts = { pair }
  const fields = { amount: 'Amount', amount2: 'Amount2', ePrice: 'EPrice', tokens } as const
  for (const [key, field] of Object.entries(fields) as [keyof typeof fields, string][]) {
    if (tx[field] === undefined) continue
    const value = amountField(tx, field)
    if (!value) return 'temBAD_AMOUNT'
    read[key] = value
  }
  const { amount, amount2 } = read
  if (amount && amount2 && sameIssue(amount, amount2)) return 'temBAD_AMM_TOKENS'
  if (read.tokens && read.tokens.signum() <= 0) return 'temBAD_AMM_TOKENS'
  return read
}
