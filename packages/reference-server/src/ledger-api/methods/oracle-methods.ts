import {
  aggregatePrice,
  oraclePrice,
  type PricePoint,
  type PriceStats,
} from '../../ledger/reads/aggregate-price'
import { oracleIndex } from '../../ledger/state/keylets'
import {
  isAccount,
  isCurrencyCode,
  ledgerFields,
  ledgerSelector,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { missingField, RpcError } from '../rpc-errors'

type Params = Record<string, unknown>

// rippled GetAggregatePrice.cpp: `maxOracles`; Protocol.h `maxTrim`.
const MAX_ORACLES = 200
const MAX_TRIM = 25
const UINT32_MAX = 0xffff_ffff

// rippled's `validUInt`: a non-negative integer, or a string of one that fits 32 bits.
function uintOf(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= UINT32_MAX ? value : null
  }
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= UINT32_MAX) {
    return Number(value)
  }
  return null
}

// `trim` and `time_threshold`: absent → 0; not a valid uint → invalidParams.
function optionalUint(params: Params, field: string): number {
  if (params[field] === undefined) return 0
  const value = uintOf(params[field])
  if (value === null) throw new RpcError('invalidParams')
  return value
}

// `base_asset` / `quote_asset`: a currency rippled's `currencyFromJson` reads, not empty.
function currencyParam(params: Params, field: string): string {
  const value = params[field]
  if (!isCurrencyCode(value)) throw new RpcError('invalidParams')
  return value
}

const statsJson = (stats: PriceStats) => ({
  mean: stats.mean.text(),
  size: stats.size,
  standard_deviation: stats.standardDeviation.toString(),
})

/**
 * `get_aggregate_price` (xrpl.org; rippled GetAggregatePrice.cpp): the mean, median and standard
 * deviation of `base_asset`/`quote_asset` over 1..200 `oracles` (`{account, oracle_document_id}`),
 * each oracle's latest price of the pair (itself or three of its earlier transactions), with
 * `trim` (1..25 percent of outliers cut at each end) and `time_threshold` (seconds before the
 * newest price a price may be). Errors as rippled's: `oracles` missing → invalidParams "Missing
 * field"; not an array of 1..200, or an entry without `account` or `oracle_document_id` →
 * `oracleMalformed`; a bad value → invalidParams; no price → `objectNotFound`.
 */
const getAggregatePrice: NodeMethod = (call) => {
  const { params } = call
  if (params.oracles === undefined) throw missingField('oracles')
  const oracles = params.oracles
  if (!Array.isArray(oracles) || oracles.length === 0 || oracles.length > MAX_ORACLES) {
    throw new RpcError('oracleMalformed')
  }
  if (params.base_asset === undefined) throw missingField('base_asset')
  if (params.quote_asset === undefined) throw missingField('quote_asset')
  const trim = optionalUint(params, 'trim')
  if (params.trim !== undefined && (trim === 0 || trim > MAX_TRIM)) {
    throw new RpcError('invalidParams')
  }
  const timeThreshold = optionalUint(params, 'time_threshold')
  const base = currencyParam(params, 'base_asset')
  const quote = currencyParam(params, 'quote_asset')
  const network = call.network.key
  const points: PricePoint[] = []
  let selected: ReturnType<typeof selectLedger> | undefined
  for (const entry of oracles as unknown[]) {
    const oracle = (typeof entry === 'object' && entry !== null ? entry : {}) as Params
    if (oracle.oracle_document_id === undefined || oracle.account === undefined) {
      throw new RpcError('oracleMalformed')
    }
    const documentId = uintOf(oracle.oracle_document_id)
    const account = oracle.account
    if (!isAccount(account) || documentId === null) throw new RpcError('invalidParams')
    selected ??= selectLedger(call, 'current')
    const at = ledgerSelector(selected)
    const point = oraclePrice(
      {
        oracle: call.ledger.entry(network, oracleIndex(account, documentId), at),
        affectedNodes(txid) {
          // rippled reads the ledger it was closed in: one still open is not there.
          const found = call.ledger.transaction(txid, network)?.transaction
          if (!found?.validated) return null
          const meta = found.meta as { AffectedNodes?: Record<string, unknown>[] } | undefined
          return meta?.AffectedNodes ?? null
        },
      },
      base,
      quote,
    )
    if (point) points.push(point)
  }
  const aggregate = aggregatePrice(points, { trim, timeThreshold })
  if (!aggregate || !selected) throw new RpcError('objectNotFound')
  return {
    ...ledgerFields(selected),
    entire_set: statsJson(aggregate.entireSet),
    median: aggregate.median.text(),
    time: aggregate.time,
    ...(aggregate.trimmedSet ? { trimmed_set: statsJson(aggregate.trimmedSet) } : {}),
  }
}

/** The Price Oracle read of docs/protocol.md §8.6. */
export const oracleMethods: Record<string, NodeMethod> = {
  get_aggregate_price: getAggregatePrice,
}
