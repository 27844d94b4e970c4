import type { JsonObject } from '../../codec/json-object'
import { adjustOwnerCount, readAccount } from '../../state/account-root'
import { uint64Json } from '../../state/directory'
import { oracleIndex } from '../../state/keylets'
import type { LedgerObject, LedgerValue } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { addOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { type Refusal, refuse } from '../../view/refusal'
import { lacks } from '../preflight-fields'
import type { TransactionRules } from '../transaction-rules'
import {
  oracleReserveCount,
  type PriceData,
  pairKey,
  priceDataOf,
  sortedSeries,
} from './price-series'

const SOURCE = 'SetOracle.cpp'
// rippled Protocol.h: `maxOracleDataSeries`, `maxOracleProvider`, `maxOracleURI`,
// `maxOracleSymbolClass`, `maxLastUpdateTimeDelta`, `maxPriceScale`.
const MAX_PAIRS = 10
const BLOB_LIMITS = [
  ['Provider', 256],
  ['URI', 256],
  ['AssetClass', 16],
] as const
const MAX_TIME_DELTA = 300
const MAX_SCALE = 20
// Seconds from the Unix epoch (LastUpdateTime) to the Ripple epoch (ledger close times).
const RIPPLE_EPOCH_OFFSET = 946_684_800

const malformed = (rule: string, detail: string): Refusal =>
  refuse('temMALFORMED', rule, detail, SOURCE)

// SetOracle::preflight: the series' size, then each blob field neither empty nor too long.
function oracleSetPreflight(tx: JsonObject): Refusal | string | null {
  const series = priceDataOf(tx.PriceDataSeries)
  if (series.length === 0) {
    return refuse('temARRAY_EMPTY', 'oracle-series-empty', 'PriceDataSeries is empty', SOURCE)
  }
  if (series.length > MAX_PAIRS) {
    const detail = `PriceDataSeries has ${series.length} entries, more than ${MAX_PAIRS}`
    return refuse('temARRAY_TOO_LARGE', 'oracle-series-too-large', detail, SOURCE)
  }
  for (const [field, most] of BLOB_LIMITS) {
    const value = tx[field]
    if (value === undefined) continue
    const bytes = typeof value === 'string' ? value.length / 2 : 0
    if (bytes === 0 || bytes > most) {
      return malformed('oracle-field-length', `${field} has ${bytes} bytes, not 1 to ${most}`)
    }
  }
  if (
    series.some((data) => typeof data.BaseAsset !== 'string' || typeof data.QuoteAsset !== 'string')
  ) {
    return malformed('oracle-pair-missing', 'each PriceData needs BaseAsset and QuoteAsset')
  }
  return null
}

// LastUpdateTime within 300 s of the parent ledger's close, both in Unix seconds.
function updateTimeRefusal(view: ReadView, lastUpdateTime: number): Refusal | null {
  const close = view.info.parentCloseTime
  const unixClose = close + RIPPLE_EPOCH_OFFSET
  if (
    lastUpdateTime >= RIPPLE_EPOCH_OFFSET &&
    lastUpdateTime - RIPPLE_EPOCH_OFFSET >= close - MAX_TIME_DELTA &&
    lastUpdateTime - RIPPLE_EPOCH_OFFSET <= close + MAX_TIME_DELTA
  ) {
    return null
  }
  const detail = `LastUpdateTime ${lastUpdateTime} is not within ${MAX_TIME_DELTA} s of the parent ledger's close ${unixClose} (Unix seconds)`
  return refuse('tecINVALID_UPDATE_TIME', 'oracle-update-time', detail, SOURCE)
}

// SetOracle::preclaim: the time window, each pair, then the update or creation rules, the merged
// series' size and the reserve of the balance before the fee.
function oracleSetPreclaim(view: ReadView, tx: JsonObject): Refusal | null {
  const account = String(tx.Account)
  const root = readAccount(view, account)
  if (!root) return refuse('terNO_ACCOUNT', 'account-missing', `no account ${account}`, SOURCE)
  const lastUpdateTime = Number(tx.LastUpdateTime)
  const late = updateTimeRefusal(view, lastUpdateTime)
  if (late) return late
  const oracle = view.read(oracleIndex(account, Number(tx.OracleDocumentID)))
  const pairs = new Set<string>()
  const deleted = new Set<string>()
  for (const data of priceDataOf(tx.PriceDataSeries)) {
    const name = `${data.BaseAsset}/${data.QuoteAsset}`
    const key = pairKey(data)
    if (key.slice(0, 40) === key.slice(41))
      return malformed('oracle-pair-same', `${name} prices an asset in itself`)
    if (pairs.has(key) || deleted.has(key))
      return malformed('oracle-pair-twice', `${name} is given twice`)
    if (Number(data.Scale ?? 0) > MAX_SCALE) {
      return malformed('oracle-scale', `${name} has Scale ${data.Scale}, more than ${MAX_SCALE}`)
    }
    if (data.AssetPrice !== undefined) pairs.add(key)
    else if (oracle) deleted.add(key)
    else return malformed('oracle-price-missing', `${name} has no AssetPrice in a new oracle`)
  }
  let adjust: number
  if (oracle) {
    if (lastUpdateTime <= Number(oracle.LastUpdateTime)) {
      const detail = `LastUpdateTime ${lastUpdateTime} is not after the oracle's ${oracle.LastUpdateTime}`
      return refuse('tecINVALID_UPDATE_TIME', 'oracle-update-time', detail, SOURCE)
    }
    for (const field of ['Provider', 'AssetClass']) {
      if (tx[field] !== undefined && tx[field] !== oracle[field]) {
        return malformed('oracle-immutable', `${field} differs from the oracle's`)
      }
    }
    const stored = priceDataOf(oracle.PriceDataSeries)
    for (const data of stored) {
      const key = pairKey(data)
      if (pairs.has(key)) continue
      if (deleted.has(key)) deleted.delete(key)
      else pairs.add(key)
    }
    if (deleted.size > 0) {
      const detail = `${deleted.size} pair(s) to delete are not in the oracle`
      return refuse('tecTOKEN_PAIR_NOT_FOUND', 'oracle-pair-missing', detail, SOURCE)
    }
    adjust = oracleReserveCount(pairs.size) - oracleReserveCount(stored.length)
  } else {
    if (lacks(tx, 'Provider', 'AssetClass')) {
      return malformed('oracle-field-missing', 'a new oracle needs Provider and AssetClass')
    }
    adjust = oracleReserveCount(pairs.size)
  }
  if (pairs.size === 0) {
    return refuse('tecARRAY_EMPTY', 'oracle-series-empty', 'the oracle would keep no pair', SOURCE)
  }
  if (pairs.size > MAX_PAIRS) {
    const detail = `the oracle would hold ${pairs.size} pairs, more than ${MAX_PAIRS}`
    return refuse('tecARRAY_TOO_LARGE', 'oracle-series-too-large', detail, SOURCE)
  }
  return reserveRefusal(view, BigInt(root.Balance), root.OwnerCount + adjust, SOURCE)
}

// A price as rippled writes a UInt64 in JSON (STUInt64 `getJson`): hex without leading zeros.
const priceJson = (price: string): string => uint64Json(BigInt(`0x${price}`))

// The pair of a transaction's PriceData as it is stored: the price and the scale when given.
const storedPair = (data: PriceData): PriceData => ({
  BaseAsset: data.BaseAsset,
  QuoteAsset: data.QuoteAsset,
  ...(data.AssetPrice === undefined ? {} : { AssetPrice: priceJson(data.AssetPrice) }),
  ...(data.Scale === undefined ? {} : { Scale: data.Scale }),
})

/**
 * OracleSet (docs/protocol.md §8.7, rippled `SetOracle.cpp`): creates or updates the price oracle
 * `OracleDocumentID` of its owner. Preflight: an empty series `temARRAY_EMPTY`, more than 10
 * entries `temARRAY_TOO_LARGE`, `Provider`/`URI` empty or over 256 bytes and `AssetClass` over
 * 16 → `temMALFORMED`. Preclaim: `LastUpdateTime` (Unix seconds) more than 300 s from the parent
 * ledger's close, or on an update not after the stored one → `tecINVALID_UPDATE_TIME`; a pair of
 * one asset, given twice, of Scale over 20, or without a price in a new oracle → `temMALFORMED`;
 * a changed `Provider` or `AssetClass`, or a new oracle without them → `temMALFORMED`; a pair to
 * delete (no price) not in the oracle → `tecTOKEN_PAIR_NOT_FOUND`; more than 10 pairs after the
 * merge → `tecARRAY_TOO_LARGE`; the reserve of one item (two from six pairs) →
 * `tecINSUFFICIENT_RESERVE`. An update keeps the pairs not given without their price and scale.
 *
 * @example
 * ```ts
 * oracleSetRules.preflight({ OracleDocumentID: 1, LastUpdateTime: t, PriceDataSeries: [] }, context) // temARRAY_EMPTY
 * ```
 */
export const oracleSetRules: TransactionRules = {
  source: SOURCE,
  amendment: 'PriceOracle',
  flags: 0,
  required: ['OracleDocumentID', 'LastUpdateTime', 'PriceDataSeries'],
  preflight: oracleSetPreflight,
  preclaim: oracleSetPreclaim,
  doApply(context) {
    const { view, tx, account } = context
    const index = oracleIndex(account.Account, Number(tx.OracleDocumentID))
    const given = priceDataOf(tx.PriceDataSeries)
    const existing = view.peek(index)
    if (existing) {
      // The stored pairs lose their price and scale unless this update gives them again.
      const pairs = new Map<string, PriceData>()
      const stored = priceDataOf(existing.PriceDataSeries)
      for (const data of stored) {
        pairs.set(pairKey(data), { BaseAsset: data.BaseAsset, QuoteAsset: data.QuoteAsset })
      }
      for (const data of given) {
        const key = pairKey(data)
        const known = pairs.get(key)
        if (data.AssetPrice === undefined) pairs.delete(key)
        else if (known) {
          known.AssetPrice = priceJson(data.AssetPrice)
          if (data.Scale !== undefined) known.Scale = data.Scale
        } else pairs.set(key, storedPair(data))
      }
      existing.PriceDataSeries = sortedSeries(pairs)
      if (typeof tx.URI === 'string') existing.URI = tx.URI
      existing.LastUpdateTime = Number(tx.LastUpdateTime)
      const adjust = oracleReserveCount(pairs.size) - oracleReserveCount(stored.length)
      if (adjust !== 0) adjustOwnerCount(view, account, adjust)
      view.update(existing)
      return 'tesSUCCESS'
    }
    // fixPriceOracleOrder: a new oracle's pairs sorted as an update sorts them.
    const created = given.map(storedPair)
    const series = context.enabled('fixPriceOracleOrder')
      ? sortedSeries(new Map(created.map((data) => [pairKey(data), data])))
      : (created.map((data) => ({ PriceData: { ...data } })) as unknown as LedgerValue)
    const oracle: LedgerObject = {
      LedgerEntryType: 'Oracle',
      Flags: 0,
      Owner: account.Account,
      Provider: String(tx.Provider),
      ...(typeof tx.URI === 'string' ? { URI: tx.URI } : {}),
      PriceDataSeries: series,
      AssetClass: String(tx.AssetClass),
      LastUpdateTime: Number(tx.LastUpdateTime),
      OwnerNode: '0',
      index,
    }
    return addOwnedObject(view, oracle, { owner: account, count: oracleReserveCount(given.length) })
  },
}
