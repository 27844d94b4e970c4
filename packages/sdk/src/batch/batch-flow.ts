import type { PayloadApi } from '../api/payload'
import type { PayloadSubscription } from '../api/payload-subscription'
import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import type { PayloadOptions, PayloadRecord } from '../wire/payload'
import { type BatchSignersNotation, batchSignersFor } from './batch-signatures'
import type { BatchTransaction } from './batch-types'
import { innerSigners } from './build-batch'

/**
 * The part of the client the flow uses: its public payload API (`pullsign.payload`). `cancel`,
 * when present, withdraws the other signers' payloads once one signer declines.
 *
 * @example
 * ```ts
 * const api: BatchPayloadApi = pullsign.payload
 * ```
 */
export type BatchPayloadApi = Pick<PayloadApi, 'createAndSubscribe'> &
  Partial<Pick<PayloadApi, 'cancel'>>

/**
 * One step of one signer: `inner` signers sign the Batch with `submit: false`; the `outer`
 * account signs and submits the final payload (docs/protocol.md §8.4). `next` (on `created`) is
 * where that signer signs.
 *
 * @example
 * ```ts
 * const onProgress = (p: BatchProgress) => console.log(p.role, p.signer, p.stage, p.next ?? '')
 * ```
 */
export interface BatchProgress {
  signer: string
  role: 'inner' | 'outer'
  stage: 'created' | 'opened' | 'signed' | 'rejected' | 'expired'
  uuid: string
  next?: string
}

/**
 * Options of {@link signBatch}, {@link collectBatchSignatures} and {@link submitBatch}.
 *
 * @example
 * ```ts
 * const options: SignBatchOptions = { onProgress: console.log, signal: AbortSignal.timeout(600_000) }
 * ```
 */
export interface SignBatchOptions {
  onProgress?: (progress: BatchProgress) => void
  /** Aborting closes every subscription; the flow rejects with an `AbortError`. */
  signal?: AbortSignal
  /** How the final payload names the inner signatures; default `native`. */
  notation?: BatchSignersNotation
  /** Payload options for every payload of the flow (`submit` and `signer` are the flow's). */
  options?: Pick<PayloadOptions, 'expire' | 'force_network' | 'return_url'>
}

/**
 * Where a Batch flow ended: every signature and the submitted final payload, or the first signer
 * who rejected (or let the payload expire), with the records so far.
 *
 * @example
 * ```ts
 * const outcome: BatchOutcome = await signBatch(pullsign.payload, batch)
 * if (!outcome.signed) console.log(outcome.signer, outcome.stage)
 * ```
 */
export type BatchOutcome =
  | { signed: true; inner: PayloadRecord[]; final: PayloadRecord }
  | {
      signed: false
      signer: string
      role: 'inner' | 'outer'
      stage: 'rejected' | 'expired'
      inner: PayloadRecord[]
      final: PayloadRecord | null
    }

/**
 * What {@link collectBatchSignatures} resolves to: every inner signature, or why there is none.
 *
 * @inline
 */
type Collected = { signed: true; inner: PayloadRecord[] } | Extract<BatchOutcome, { signed: false }>

const requireBatch = (batch: BatchTransaction): BatchTransaction => {
  if (
    typeof batch !== 'object' ||
    batch === null ||
    batch.TransactionType !== 'Batch' ||
    !Array.isArray(batch.RawTransactions)
  ) {
    throw new PullSignError(
      'ERR_INPUT',
      `batch must be a Batch transaction (see buildBatch), got ${describeValue(batch)}`,
    )
  }
  return batch
}

const stageOf = (record: PayloadRecord): 'signed' | 'rejected' | 'expired' =>
  record.meta.signed ? 'signed' : record.meta.resolved ? 'rejected' : 'expired'

async function askToSign(
  api: BatchPayloadApi,
  txjson: BatchTransaction,
  signer: string,
  role: 'inner' | 'outer',
  options: SignBatchOptions,
): Promise<PayloadSubscription<PayloadRecord>> {
  const subscription = await api.createAndSubscribe<PayloadRecord>(
    { txjson, options: { ...options.options, submit: role === 'outer', signer } },
    // The handler's own subscription argument: an event can arrive before the await returns.
    (event, live) => {
      if (event.type === 'opened') {
        options.onProgress?.({ signer, role, stage: 'opened', uuid: live.uuid })
      }
    },
    options.signal ? { signal: options.signal } : {},
  )
  options.onProgress?.({
    signer,
    role,
    stage: 'created',
    uuid: subscription.uuid,
    next: subscription.created.next.always,
  })
  return subscription
}

/**
 * Step one of the Batch flow (docs/protocol.md §8.4): one payload per inner signer (the identical
 * Batch, `submit: false`, `signer` = that account), all created at once, then waits for all of them
 * on their websockets.
 * Ends early when one signer rejects or lets the payload expire: the others are closed and, when
 * the API can, cancelled.
 *
 * @example
 * ```ts
 * const collected = await collectBatchSignatures(pullsign.payload, batch, { onProgress: console.log })
 * if (collected.signed) await submitBatch(pullsign.payload, batch, collected.inner)
 * ```
 */
export async function collectBatchSignatures(
  api: BatchPayloadApi,
  batch: BatchTransaction,
  options: SignBatchOptions = {},
): Promise<Collected> {
  requireBatch(batch)
  const signers = innerSigners(batch)
  const subscriptions: PayloadSubscription<PayloadRecord>[] = []
  try {
    // The inner signers sign independently (§8.4): every request goes out at once.
    const asked = await Promise.allSettled(
      signers.map((signer) => askToSign(api, batch, signer, 'inner', options)),
    )
    for (const result of asked) if (result.status === 'fulfilled') subscriptions.push(result.value)
    const refused = asked.find((result) => result.status === 'rejected')
    if (refused) throw refused.reason
    const records: PayloadRecord[] = []
    const outcome = await new Promise<Collected>((resolve, reject) => {
      subscriptions.forEach((subscription, i) => {
        const signer = signers[i] as string
        subscription.resolved.then((settled) => {
          const record = settled as PayloadRecord
          const stage = stageOf(record)
          options.onProgress?.({ signer, role: 'inner', stage, uuid: subscription.uuid })
          if (stage !== 'signed')
            resolve({
              signed: false,
              signer,
              role: 'inner',
              stage,
              inner: records.filter(Boolean),
              final: null,
            })
          records[i] = record
          if (records.filter(Boolean).length === signers.length)
            resolve({ signed: true, inner: records })
        }, reject)
      })
      if (signers.length === 0) resolve({ signed: true, inner: [] })
    })
    return outcome
  } finally {
    for (const subscription of subscriptions) {
      if (subscription.ended) continue
      subscription.close()
      await api.cancel?.(subscription.uuid).catch(() => undefined)
    }
  }
}

/**
 * Step two of the Batch flow (docs/protocol.md §8.4): checks every inner signature against the
 * Batch as it is now (a changed `Account`, `Sequence`, ticket, mode or inner transaction is
 * refused before anything is sent), then creates the final payload for the outer account with
 * `submit: true` and `BatchSigners`, and waits for it.
 *
 * @example
 * ```ts
 * const outcome = await submitBatch(pullsign.payload, batch, collected.inner, { notation: 'uuid' })
 * if (outcome.signed) console.log(outcome.final.response.txid)
 * ```
 */
export async function submitBatch(
  api: BatchPayloadApi,
  batch: BatchTransaction,
  inner: readonly PayloadRecord[],
  options: SignBatchOptions = {},
): Promise<BatchOutcome> {
  requireBatch(batch)
  const BatchSigners = batchSignersFor(batch, inner, innerSigners(batch), options.notation)
  const { BatchSigners: _unsigned, ...unsignedBatch } = batch
  const subscription = await askToSign(
    api,
    { ...unsignedBatch, BatchSigners },
    batch.Account,
    'outer',
    options,
  )
  const final = (await subscription.resolved) as PayloadRecord
  const stage = stageOf(final)
  options.onProgress?.({ signer: batch.Account, role: 'outer', stage, uuid: subscription.uuid })
  return stage === 'signed'
    ? { signed: true, inner: [...inner], final }
    : { signed: false, signer: batch.Account, role: 'outer', stage, inner: [...inner], final }
}

/**
 * The whole Batch flow of docs/protocol.md §8.4 on the client's payload API: one payload per inner
 * signer, waiting for each on its websocket, then the final payload with `BatchSigners`, reporting
 * progress per signer. Resolves with a {@link BatchOutcome}; rejects only on bad input, a
 * signature that does not match the Batch, an API error or an abort.
 *
 * @example
 * ```ts
 * import { buildBatch, signBatch } from 'pullsign/batch'
 *
 * const batch = buildBatch({ mode: 'ALLORNOTHING', account: alice, sequence: 7, transactions })
 * const outcome = await signBatch(pullsign.payload, batch, {
 *   onProgress: ({ signer, stage, next }) => console.log(signer, stage, next ?? ''),
 * })
 * if (outcome.signed) console.log('submitted', outcome.final.response.txid)
 * ```
 */
export async function signBatch(
  api: BatchPayloadApi,
  batch: BatchTransaction,
  options: SignBatchOptions = {},
): Promise<BatchOutcome> {
  const collected = await collectBatchSignatures(api, batch, options)
  if (!collected.signed) return collected
  return submitBatch(api, batch, collected.inner, options)
}
