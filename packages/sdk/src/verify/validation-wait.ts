import { sleep } from '../core/clock'
import { AbortError } from '../core/errors/pull-sign-error'
import type { Clock } from '../core/seams'
import type { XrplTxResponse } from '../wire/lookups'
import type { TransactionLookup } from './transaction-lookup'

/** How long and how often {@link waitForValidation} looks, on which clock, until which abort. */
export interface ValidationWait {
  clock: Clock
  intervalMs: number
  timeoutMs: number
  signal: AbortSignal | undefined
}

/**
 * What the wait saw last: the transaction once validated, or (`validated: false`) what the last
 * lookup answered when the time was up (`null` when the node never knew it) and a message saying so.
 */
export type WaitOutcome =
  | { validated: true; transaction: XrplTxResponse }
  | { validated: false; transaction: XrplTxResponse | null; message: string }

// xrpl-tx's 404, or a rippled node's `txnNotFound` (createLedgerLookup): not on the ledger yet.
const isNotFound = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { status?: unknown }).status === 404 ||
    (err as { rpcError?: unknown }).rpcError === 'txnNotFound')

const aborted = () => new AbortError('aborted while waiting for the ledger')

// A lookup in flight does not hold the caller past an abort (its own timeout ends it later).
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Asks the node whether it serves `expected` (a network id) when the lookup can say
 * (`networkId`): the id it names instead, or null when it serves that one or does not say.
 */
export async function otherNetwork(
  lookup: TransactionLookup,
  expected: number,
  signal: AbortSignal | undefined,
): Promise<number | null> {
  if (signal?.aborted) throw aborted()
  if (typeof lookup.networkId !== 'function') return null
  const said = await unlessAborted(lookup.networkId(), signal)
  return said === null || said === expected ? null : said
}

/**
 * Looks a transaction up until it is validated, a bounded and abortable wait (docs/protocol.md
 * §9.1 rule 4): again every `intervalMs` (the ledger close rhythm) while not found or not
 * validated, the last lookup at the deadline, on the injected clock. An abort rejects with an
 * `AbortError`; a lookup error other than "not found yet" is thrown.
 */
export async function waitForValidation(
  lookup: TransactionLookup,
  txid: string,
  { clock, intervalMs, timeoutMs, signal }: ValidationWait,
): Promise<WaitOutcome> {
  const deadline = clock.now() + timeoutMs
  for (;;) {
    if (signal?.aborted) throw aborted()
    let transaction: XrplTxResponse | null
    try {
      transaction = await unlessAborted(lookup.getTransaction(txid), signal)
    } catch (err) {
      if (!isNotFound(err)) throw err
      transaction = null
    }
    if (transaction?.transaction.validated) return { validated: true, transaction }
    const left = deadline - clock.now()
    if (left <= 0) {
      const where = transaction ? 'not validated' : 'not on the ledger'
      const message = `${txid} is ${where} after ${timeoutMs} ms; ask again later`
      return { validated: false, transaction, message }
    }
    await sleep(clock, Math.min(intervalMs, left), signal)
  }
}
