import { systemClock } from '../core/clock'
import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import type { Clock } from '../core/seams'
import type { XrplTxResponse } from '../wire/lookups'
import { isNetworkKey, NETWORK_IDS, type NetworkKey } from '../wire/networks'
import type { PayloadRecord } from '../wire/payload'
import type { Amount } from '../wire/transaction'
import { compareAmounts, isIssuedAmount, sameAsset } from './amount-compare'
import type { TransactionLookup } from './transaction-lookup'
import { otherNetwork, waitForValidation } from './validation-wait'

/**
 * What the application asked for: the amount (drops as a string, or `{currency, issuer, value}`),
 * the network real money lives on (default `MAINNET`), and optionally who must receive it.
 *
 * @example
 * ```ts
 * const expected: ExpectedPayment = {
 *   amount: { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '5' },
 *   destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
 * }
 * ```
 */
export interface ExpectedPayment {
  amount: Amount
  /**
   * Default `MAINNET` (docs/protocol.md §9.1 rule 3); a test network only on purpose. It goes here,
   * in what is expected, not in the options (where `canPay` takes it): `options.network` is an
   * `ERR_INPUT`.
   */
  network?: NetworkKey
  destination?: string
  destinationTag?: number
}

/**
 * Options of {@link verifyPayment}.
 *
 * @example
 * ```ts
 * const options: VerifyPaymentOptions = { lookup: pullsign, signal: AbortSignal.timeout(120_000) }
 * ```
 */
export interface VerifyPaymentOptions {
  lookup: TransactionLookup
  /** Aborting stops the ledger wait: `verifyPayment` rejects with an `AbortError`. */
  signal?: AbortSignal
  /** Time source of the ledger wait (default the process clock). */
  clock?: Clock
  /** How long to wait between lookups; default 4000 ms, the ledger close rhythm (§8.1). */
  intervalMs?: number
  /** How long to wait for validation before answering `not-validated`; default 60 000 ms. */
  timeoutMs?: number
}

/**
 * Which rule of docs/protocol.md §9.1 failed, and how:
 * 1 `not-a-record` (a websocket or webhook message is a hint, not proof); 2 `not-signed`;
 * 3 `wrong-network`; 4 `not-submitted`, `not-validated` (still not validated when the wait ended)
 * or `failed` (validated with a result other than `tesSUCCESS`); 5 `not-a-payment`,
 * `wrong-destination`, `delivered-unknown`, `delivered-less` or `delivered-more`; 6 `other-asset`.
 *
 * @example
 * ```ts
 * const failure: PaymentFailure = 'delivered-less'
 * ```
 */
export type PaymentFailure =
  | 'not-a-record'
  | 'not-signed'
  | 'wrong-network'
  | 'not-submitted'
  | 'not-validated'
  | 'failed'
  | 'not-a-payment'
  | 'wrong-destination'
  | 'delivered-unknown'
  | 'delivered-less'
  | 'delivered-more'
  | 'other-asset'

/**
 * The answer of {@link verifyPayment}: paid (with what arrived), or the first failed rule of
 * docs/protocol.md §9.1 with a message that says what to do.
 *
 * @example
 * ```ts
 * const verdict: PaymentVerdict = await verifyPayment(record, expected, { lookup: pullsign })
 * if (!verdict.ok) console.log(`rule ${verdict.rule}: ${verdict.reason}`)
 * ```
 */
export type PaymentVerdict =
  | { ok: true; txid: string; network: NetworkKey; delivered: Amount; transaction: XrplTxResponse }
  | {
      ok: false
      rule: 1 | 2 | 3 | 4 | 5 | 6
      reason: PaymentFailure
      message: string
      txid: string | null
      delivered: Amount | null
      transaction: XrplTxResponse | null
    }

const RULE: Record<PaymentFailure, 1 | 2 | 3 | 4 | 5 | 6> = {
  'not-a-record': 1,
  'not-signed': 2,
  'wrong-network': 3,
  'not-submitted': 4,
  'not-validated': 4,
  failed: 4,
  'not-a-payment': 5,
  'wrong-destination': 5,
  'delivered-unknown': 5,
  'delivered-less': 5,
  'delivered-more': 5,
  'other-asset': 6,
}

const show = (amount: Amount) =>
  isIssuedAmount(amount) ? `${amount.value} ${amount.currency}/${amount.issuer}` : `${amount} drops`

const isRecord = (value: unknown): value is PayloadRecord => {
  const record = value as PayloadRecord
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.meta === 'object' &&
    record.meta !== null &&
    typeof record.response === 'object' &&
    record.response !== null
  )
}

const checkExpected = (expected: ExpectedPayment) => {
  if (typeof expected !== 'object' || expected === null) {
    throw new PullSignError(
      'ERR_INPUT',
      `expected must be {amount, network?, destination?}, got ${describeValue(expected)}`,
    )
  }
  const { amount, network = 'MAINNET' } = expected
  const validAmount = isIssuedAmount(amount) || (typeof amount === 'string' && /^\d+$/.test(amount))
  if (!validAmount) {
    throw new PullSignError(
      'ERR_INPUT',
      `expected.amount must be drops (an integer string) or {currency, issuer, value}, got ${describeValue(amount)}`,
    )
  }
  if (!isNetworkKey(network)) {
    throw new PullSignError(
      'ERR_INPUT',
      `expected.network must be a rails key, got ${describeValue(network)}`,
    )
  }
  return { ...expected, network }
}

/**
 * Decides whether a payload paid what was asked, by the rules of docs/protocol.md §9.1: the
 * record (never a websocket or webhook message) must be resolved and signed (2), dispatched to the
 * expected network (3), its transaction found on the ledger and validated with `tesSUCCESS` (4:
 * looks up again on the ledger close rhythm until validated, `timeoutMs` or an abort), delivering
 * exactly the expected amount by `delivered_amount`, never `Amount` (5), of the expected asset
 * (6). Returns a typed verdict naming the first failed rule; throws only on bad arguments, a
 * lookup error other than "not found yet", or an abort.
 *
 * @example
 * ```ts
 * import { verifyPayment } from 'pullsign/verify'
 *
 * const record = await pullsign.payload.get(uuid) // rule 1: fetch after any hint
 * const verdict = await verifyPayment(record, { amount: '5000000' }, { lookup: pullsign })
 * if (verdict.ok) ship(order)
 * else console.log(`not paid: rule ${verdict.rule} (${verdict.reason}): ${verdict.message}`)
 * ```
 */
export async function verifyPayment(
  record: PayloadRecord,
  expected: ExpectedPayment,
  options: VerifyPaymentOptions,
): Promise<PaymentVerdict> {
  const want = checkExpected(expected)
  // canPay takes its network in the options; verifyPayment in what is expected. A JavaScript
  // caller who wrote it in the options would otherwise verify against MAINNET: `wrong-network`.
  if (typeof options === 'object' && options !== null && 'network' in options) {
    throw new PullSignError(
      'ERR_INPUT',
      `options.network is not an option of verifyPayment: the network belongs to what you expect, its second argument: verifyPayment(record, { amount, network: ${JSON.stringify(String((options as { network?: unknown }).network))} }, { lookup })`,
    )
  }
  if (typeof options?.lookup?.getTransaction !== 'function') {
    throw new PullSignError(
      'ERR_INPUT',
      'options.lookup must have getTransaction(hash), e.g. { lookup: pullsign }',
    )
  }
  const { lookup, signal, clock = systemClock, intervalMs = 4000, timeoutMs = 60_000 } = options
  let txid: string | null = null
  let transaction: XrplTxResponse | null = null
  let delivered: Amount | null = null
  const fail = (reason: PaymentFailure, message: string): PaymentVerdict => ({
    ok: false,
    rule: RULE[reason],
    reason,
    message,
    txid,
    delivered,
    transaction,
  })

  if (!isRecord(record)) {
    return fail(
      'not-a-record',
      'pass the payload record (pullsign.payload.get): a websocket or webhook message proves nothing',
    )
  }
  if (!record.meta.resolved || !record.meta.signed) {
    return fail(
      'not-signed',
      `payload ${record.meta.uuid} is ${record.meta.resolved ? 'rejected' : 'not resolved'}`,
    )
  }
  const network = record.response.dispatched_nodetype
  if (network !== want.network) {
    return fail(
      'wrong-network',
      `the payment went to ${network ?? 'no network'}, not ${want.network}`,
    )
  }
  txid = record.response.txid
  if (!txid)
    return fail(
      'not-submitted',
      `payload ${record.meta.uuid} has no transaction id: it was not submitted`,
    )

  // Rule 3 again, on the node itself when it can say (server_info): not after the wait.
  const nodeNetwork = await otherNetwork(lookup, NETWORK_IDS[want.network], signal)
  if (nodeNetwork !== null) {
    return fail(
      'wrong-network',
      `the lookup's node serves network ${nodeNetwork}, not ${want.network} (${NETWORK_IDS[want.network]})`,
    )
  }
  // Rule 4: a transaction is not final until the ledger holding it closes (about every 4 s, §8.1).
  const waited = await waitForValidation(lookup, txid, { clock, intervalMs, timeoutMs, signal })
  transaction = waited.transaction
  if (!waited.validated) return fail('not-validated', waited.message)
  const tx = waited.transaction.transaction
  if (tx.meta.TransactionResult !== 'tesSUCCESS') {
    return fail('failed', `${txid} failed with ${tx.meta.TransactionResult}: nothing was delivered`)
  }
  if (tx.TransactionType !== 'Payment')
    return fail('not-a-payment', `${txid} is a ${tx.TransactionType}`)
  if (want.destination !== undefined && tx.Destination !== want.destination) {
    return fail(
      'wrong-destination',
      `${txid} paid ${String(tx.Destination)}, not ${want.destination}`,
    )
  }
  if (want.destinationTag !== undefined && tx.DestinationTag !== want.destinationTag) {
    return fail(
      'wrong-destination',
      `${txid} has destination tag ${String(tx.DestinationTag)}, not ${want.destinationTag}`,
    )
  }
  // §8.3: delivered_amount says what arrived; Amount is only what was asked (partial payments).
  const arrived = tx.meta.delivered_amount ?? tx.meta.DeliveredAmount
  if (!(isIssuedAmount(arrived) || (typeof arrived === 'string' && /^\d+$/.test(arrived)))) {
    return fail(
      'delivered-unknown',
      `${txid} does not say what it delivered (${describeValue(arrived)})`,
    )
  }
  delivered = arrived
  if (!sameAsset(arrived, want.amount)) {
    return fail('other-asset', `${txid} delivered ${show(arrived)}, not ${show(want.amount)}`)
  }
  const order = compareAmounts(arrived, want.amount)
  if (order !== 0) {
    return fail(
      order === 1 ? 'delivered-more' : 'delivered-less',
      `${txid} delivered ${show(arrived)}, expected ${show(want.amount)}`,
    )
  }
  return {
    ok: true,
    txid,
    network: want.network,
    delivered: arrived,
    transaction: waited.transaction,
  }
}
