import { assetOf, type LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'

/**
 * A Payment's explicit `Paths` (xrpl.org "Paths"; rippled `Payment.cpp`, `PaySteps.cpp`
 * `toStrand`). The simulated ledger moves value along the default path only (holder → issuer →
 * holder, or the order book with its native bridge), so a path is applied only where it says no
 * more than that path does; any other is refused (docs/protocol.md §8.7).
 */

/** One step of a path as JSON carries it (an STPathElement). */
interface PathStep {
  account?: string
  currency?: string
  issuer?: string
}

// rippled `Payment::MaxPathSize` and `MaxPathLength`.
const MAX_PATHS = 6
const MAX_PATH_LENGTH = 8
// The zero account (rippled `xrpAccount`, the native asset's "issuer") and `noAccount`.
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'
const ACCOUNT_ONE = 'rrrrrrrrrrrrrrrrrrrrBZbvji'
const TF_NO_RIPPLE_DIRECT = 0x00010000

const pathsOf = (tx: JsonObject): PathStep[][] =>
  Array.isArray(tx.Paths) ? (tx.Paths as PathStep[][]) : []

/**
 * Whether a Payment has more paths, or a longer path, than rippled takes (`Payment::preclaim` →
 * `telBAD_PATH_COUNT`: more than 6 paths or a path of more than 8 steps).
 *
 * @example
 * ```ts
 * tooManyPaths({ Paths: Array(7).fill([{ currency: 'XRP' }]) }) // true
 * ```
 */
export function tooManyPaths(tx: JsonObject): boolean {
  const paths = pathsOf(tx)
  return paths.length > MAX_PATHS || paths.some((path) => path.length > MAX_PATH_LENGTH)
}

// A step rippled's `toStrand` refuses as malformed (`temBAD_PATH`).
function malformed(step: PathStep): boolean {
  const { account, currency, issuer } = step
  if (account === undefined && currency === undefined && issuer === undefined) return true
  if (account !== undefined && (currency !== undefined || issuer !== undefined)) return true
  if (issuer === ACCOUNT_ZERO || account === ACCOUNT_ZERO) return true
  if (issuer === ACCOUNT_ONE || account === ACCOUNT_ONE) return true
  // The native currency with an issuer that is not the zero account (refused above).
  return currency === 'XRP' && issuer !== undefined
}

/**
 * What rippled's payment engine answers for a rippling Payment's paths before moving anything
 * (`toStrands`, reached from `Payment::doApply`): a malformed step → `temBAD_PATH`;
 * `tfNoRippleDirect` without a path → `temRIPPLE_EMPTY`; else null.
 *
 * @example
 * ```ts
 * pathsResult({ Flags: 0x00010000 }) // 'temRIPPLE_EMPTY'
 * ```
 */
export function pathsResult(tx: JsonObject): string | null {
  const paths = pathsOf(tx)
  if (paths.some((path) => path.some(malformed))) return 'temBAD_PATH'
  const noDirect = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF_NO_RIPPLE_DIRECT) !== 0
  return noDirect && paths.length === 0 ? 'temRIPPLE_EMPTY' : null
}

const sameAsset = (a: LedgerAsset, b: LedgerAsset) =>
  a.currency === b.currency && a.issuer === b.issuer

/**
 * Whether every explicit path of a Payment only restates the default path the ledger applies:
 * each step names the issuer of the paid or delivered asset, one of those two assets (a currency,
 * with or without its issuer, or an issuer alone), or, between two different issued assets, the
 * native asset (the bridge). A payment to oneself with `Paths` (an arbitrage loop) is never one.
 *
 * @example
 * ```ts
 * defaultPathOnly({ Account: a, Destination: b, Amount: usd, Paths: [[{ account: usd.issuer }]] }, 'XRP') // true
 * ```
 */
export function defaultPathOnly(tx: JsonObject, native: string): boolean {
  if (tx.Paths === undefined) return true
  if (tx.Account === tx.Destination) return false
  const paths = pathsOf(tx)
  const deliver = assetOf(tx.Amount, native)
  const pay = tx.SendMax === undefined ? deliver : assetOf(tx.SendMax, native)
  const assets = [deliver, pay]
  if (deliver.issuer !== null && pay.issuer !== null && !sameAsset(deliver, pay)) {
    assets.push({ currency: native, issuer: null })
  }
  const issuers = new Set(assets.map((asset) => asset.issuer).filter((i) => i !== null))
  const known = (step: PathStep) => {
    if (step.account !== undefined) return issuers.has(step.account)
    if (step.currency === undefined) return issuers.has(step.issuer as string)
    const currency = step.currency === 'XRP' ? native : step.currency
    return assets.some(
      (asset) =>
        asset.currency === currency && (step.issuer === undefined || step.issuer === asset.issuer),
    )
  }
  return paths.every((path) => path.every(known))
}
