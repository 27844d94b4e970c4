import { divide } from '../amounts/amount-arithmetic'
import { LedgerAmount, RATE_ASSET } from '../amounts/ledger-amount'
import { LedgerNumber } from '../number/ledger-number'
import { root2 } from '../number/number-roots'

/**
 * What `get_aggregate_price` computes over the ledger's oracles (rippled
 * `src/xrpld/rpc/handlers/GetAggregatePrice.cpp`): each oracle's latest price of a pair, looked
 * for in the oracle and up to three of the transactions that changed it before, then the mean,
 * median and standard deviation of the prices in `STAmount` and `Number` arithmetic.
 */

/** One oracle's price of the pair and the `LastUpdateTime` it carries. */
export interface PricePoint {
  /** Unix seconds. */
  readonly time: number
  /** `AssetPrice × 10^-Scale`, as rippled's `STAmount{noIssue(), price, -scale}`. */
  readonly price: LedgerAmount
}

/** What the oracle walk reads: an oracle object, and a closed transaction's affected nodes. */
export interface OracleHistory {
  /** An object that carries `PriceDataSeries`, `LastUpdateTime`, `PreviousTxnID`, `PreviousTxnLgrSeq`. */
  readonly oracle: Readonly<Record<string, unknown>> | null
  /** The `AffectedNodes` of a transaction in a closed ledger, or null when none is kept. */
  affectedNodes(txid: string): readonly Record<string, unknown>[] | null
}

// rippled `iteratePriceData`: at most three transactions back.
const MAX_HISTORY = 3

// The PriceData of `pair` with a price in an object's series, as a point; null when none.
function pointOf(
  node: Readonly<Record<string, unknown>>,
  base: string,
  quote: string,
): PricePoint | null {
  const series = Array.isArray(node.PriceDataSeries) ? node.PriceDataSeries : []
  for (const entry of series) {
    const data = (entry as { PriceData?: Record<string, unknown> }).PriceData
    if (!data || data.BaseAsset !== base || data.QuoteAsset !== quote) continue
    if (typeof data.AssetPrice !== 'string') continue
    const price = LedgerAmount.of(
      RATE_ASSET,
      BigInt(`0x${data.AssetPrice}`),
      -Number(data.Scale ?? 0),
    )
    return { time: Number(node.LastUpdateTime), price }
  }
  return null
}

/**
 * An oracle's price of `base`/`quote` (rippled `iteratePriceData` with its callback): the oracle's
 * own, else the one the transactions that changed it before wrote (their `FinalFields`, or the
 * creation's `NewFields`), three at most; null when none has it with a price.
 *
 * @example
 * ```ts
 * oraclePrice({ oracle, affectedNodes }, 'XRP', 'USD')?.price.text() // '0.74'
 * ```
 */
export function oraclePrice(
  history: OracleHistory,
  base: string,
  quote: string,
): PricePoint | null {
  let oracle = history.oracle
  let chain = oracle
  let previousChain: typeof chain = null
  let isNew = false
  let steps = 0
  while (oracle && chain && previousChain !== chain) {
    const point = pointOf(oracle, base, quote)
    if (point || isNew) return point
    steps += 1
    if (steps > MAX_HISTORY) return null
    const nodes = history.affectedNodes(String(chain.PreviousTxnID))
    if (!nodes) return null
    previousChain = chain
    for (const wrapper of nodes) {
      const [kind, node] = Object.entries(wrapper)[0] ?? []
      const fields = node as Record<string, unknown> | undefined
      if (fields?.LedgerEntryType !== 'Oracle') continue
      chain = fields
      isNew = kind === 'CreatedNode'
      // The creation of the object read first: there is no older price.
      if (isNew && steps === 1) return null
      oracle = (isNew ? fields.NewFields : fields.FinalFields) as typeof oracle
      break
    }
  }
  return null
}

/** The mean, size and standard deviation of a set of prices (rippled `getStats`). */
export interface PriceStats {
  readonly mean: LedgerAmount
  readonly size: number
  readonly standardDeviation: LedgerNumber
}

// rippled `getStats`: the STAmount sum over the count; the Number sample deviation from two on.
function statsOf(prices: readonly LedgerAmount[]): PriceStats {
  const size = prices.length
  let sum = LedgerAmount.zero(RATE_ASSET)
  for (const price of prices) sum = sum.plus(price)
  const mean = divide(sum, LedgerAmount.of(RATE_ASSET, BigInt(size)), RATE_ASSET)
  let deviation = LedgerNumber.ZERO
  if (size > 1) {
    for (const price of prices) {
      const d = price.minus(mean).toNumber()
      deviation = deviation.plus(d.times(d))
    }
    deviation = root2(deviation.div(LedgerNumber.from(size - 1)))
  }
  return { mean, size, standardDeviation: deviation }
}

/** The aggregate of `get_aggregate_price`: the newest time, both sets' stats and the median. */
export interface AggregatePrice {
  /** The newest `LastUpdateTime` among the prices (Unix seconds). */
  readonly time: number
  readonly entireSet: PriceStats
  readonly median: LedgerAmount
  /** The stats without the `trim` percent lowest and highest, when `trim` is given. */
  readonly trimmedSet?: PriceStats
}

/**
 * Aggregates the oracles' prices (rippled `doGetAggregatePrice`): prices older than the newest by
 * more than `timeThreshold` seconds dropped (0: none), sorted by value; the median of the middle
 * one or two; with `trim` (1..25) the stats again without `trim`% at each end. Null when there is
 * no price (`objectNotFound`).
 *
 * @example
 * ```ts
 * aggregatePrice(points, { trim: 20, timeThreshold: 0 })?.median.text() // '0.75'
 * ```
 */
export function aggregatePrice(
  points: readonly PricePoint[],
  options: { trim: number; timeThreshold: number },
): AggregatePrice | null {
  if (points.length === 0) return null
  const times = points.map((point) => point.time)
  const latest = Math.max(...times)
  const oldest = Math.min(...times)
  let kept = points
  if (options.timeThreshold > 0) {
    const bound = latest > options.timeThreshold ? latest - options.timeThreshold : oldest
    if (bound > oldest) kept = points.filter((point) => point.time >= bound)
  }
  const prices = kept.map((point) => point.price).sort((a, b) => a.compare(b))
  const entireSet = statsOf(prices)
  const middle = Math.floor(prices.length / 2)
  const median =
    prices.length % 2 === 0
      ? divide(
          (prices[middle - 1] as LedgerAmount).plus(prices[middle] as LedgerAmount),
          LedgerAmount.of(RATE_ASSET, 2n),
          RATE_ASSET,
        )
      : (prices[middle] as LedgerAmount)
  if (options.trim === 0) return { time: latest, entireSet, median }
  const cut = Math.floor((prices.length * options.trim) / 100)
  const trimmedSet = statsOf(prices.slice(cut, prices.length - cut))
  return { time: latest, entireSet, median, trimmedSet }
}
