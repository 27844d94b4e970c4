import {
  BATCH_MODES,
  batchSigningData,
  INNER_BATCH_FLAG,
  innerTransactions,
} from '../../codec/batch-signing-data'
import type { JsonObject } from '../../codec/json-object'
import {
  accountIdHex,
  batchSignerAuthorization,
  type SignerEntry,
  signatureEntries,
  verifies,
} from '../../signatures/signature-check'
import type { ReadView } from '../../state/read-view'
import type { StoredTransaction } from '../../state/stored-transaction'
import type { TransactionRules } from '../transaction-rules'

const MAX_INNER = 8
const MODE_FLAGS = Object.values(BATCH_MODES)

/**
 * What the network ledger lends a Batch to run its inner transactions.
 *
 * @example
 * ```ts
 * runBatch(tx, { runInner: (inner) => applyInner(batchView, inner) })
 * ```
 */
export interface BatchHost {
  /**
   * Checks and applies one inner transaction to the Batch's view: the stored transaction when
   * it applied (`tesSUCCESS`, or a `tec` that only used its Sequence), else null (it changed
   * nothing).
   */
  runInner(tx: JsonObject): StoredTransaction | null
}

function batchSigners(tx: JsonObject): SignerEntry[] | null {
  if (tx.BatchSigners === undefined) return []
  return signatureEntries(tx.BatchSigners, 'BatchSigner')
}

const modeOf = (tx: JsonObject) => {
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  const modes = MODE_FLAGS.filter((mode) => (flags & mode) !== 0)
  return modes.length === 1 ? modes[0] : null
}

function innerResult(tx: JsonObject, inner: Record<string, unknown>[]): string | null {
  if (inner.length < 1 || inner.length > MAX_INNER) return 'temARRAY_EMPTY'
  for (const raw of inner) {
    const flags = typeof raw.Flags === 'number' ? raw.Flags : 0
    if (raw.TransactionType === 'Batch') return 'temINVALID'
    if ((flags & INNER_BATCH_FLAG) === 0) return 'temINVALID_INNER_BATCH'
    if (raw.Fee !== '0' || raw.SigningPubKey !== '') return 'temBAD_FEE'
    if (raw.TxnSignature !== undefined || raw.Signers !== undefined) return 'temBAD_SIGNATURE'
    if (raw.NetworkID !== tx.NetworkID) return 'temMALFORMED'
  }
  return null
}

// Every inner account other than the Batch's own must have signed, each once, in AccountID order,
// with a BatchV1_1 signature by a key of that account (docs/protocol.md §8.4).
function signersResult(tx: JsonObject, inner: Record<string, unknown>[]): string | null {
  const entries = batchSigners(tx)
  if (!entries) return 'temMALFORMED'
  const needed = new Set(inner.map((raw) => String(raw.Account)).filter((a) => a !== tx.Account))
  if (entries.length !== needed.size) return 'temBAD_SIGNER'
  let previous = ''
  for (const entry of entries) {
    if (!needed.has(entry.Account)) return 'temBAD_SIGNER'
    const id = accountIdHex(entry.Account)
    if (id <= previous) return 'temBAD_SIGNER'
    previous = id
    if (!verifies(batchSigningData(tx, entry.Account), entry.TxnSignature, entry.SigningPubKey)) {
      return 'temBAD_SIGNATURE'
    }
  }
  return null
}

/**
 * Batch preflight (docs/protocol.md §8.4): exactly one mode flag, 1..8 inner transactions each
 * flagged inner with `Fee: "0"`, `SigningPubKey: ""` and no signature, and a valid BatchV1_1
 * signature for every other inner account. Its least fee is 2 × base fee + base fee per
 * BatchSigner (its own signatures' fee counted once). Its inner transactions run after it
 * ({@link runBatch}).
 *
 * @example
 * ```ts
 * batchRules.preflight({ ...batch, Flags: 0 }) // 'temINVALID_FLAG'
 * ```
 */
export const batchRules: TransactionRules = {
  source: 'Batch.cpp',
  amendment: 'BatchV1_1',
  flags: MODE_FLAGS.reduce((all, flag) => all | flag, 0),
  preflight(tx: JsonObject) {
    if (modeOf(tx) === null) return 'temINVALID_FLAG'
    const inner = innerTransactions(tx)
    return innerResult(tx, inner) ?? signersResult(tx, inner)
  },
  fee: (tx, fees, standard) => standard + fees.base * BigInt(1 + (batchSigners(tx)?.length ?? 0)),
  // The Batch itself only pays its fee and uses its Sequence; its inner transactions follow it
  // (runBatch), as rippled's apply.cpp runs them after the Batch.
  doApply: () => 'tesSUCCESS',
}

/**
 * Checks that each BatchSigner's key may sign for its account, as the ledger does before applying
 * (docs/protocol.md §8.2, §8.4; rippled Batch.cpp `checkBatchSign`): every entry is checked, an
 * authorized one never ends the loop (the February 2026 flaw: rippled returned success at a
 * signer not in the ledger yet whose key was its own, skipping the rest). Null when authorized.
 *
 * @example
 * ```ts
 * batchAuthorization(tx, view) // null, 'tefBAD_AUTH' or 'tefMASTER_DISABLED'
 * ```
 */
export function batchAuthorization(tx: JsonObject, view: ReadView): string | null {
  for (const entry of batchSigners(tx) ?? []) {
    const refused = batchSignerAuthorization(view, entry)
    if (refused) return refused
  }
  return null
}

/**
 * Runs a Batch's inner transactions in its mode (docs/protocol.md §8.4): ALLORNOTHING (all
 * succeed or none applies), ONLYONE (the first success, the rest skipped), UNTILFAILURE (in
 * order until the first failure), INDEPENDENT (each on its own), as rippled's apply.cpp
 * `applyBatchTransactions`: an inner `tec` is applied (no fee, its Sequence or ticket used,
 * recorded with its result) and counts as a failure; any other failure changes nothing. `keep`
 * is false when the Batch's view must be discarded whole (ALLORNOTHING
 * with a failure). The outer transaction has already paid its fee and used its Sequence or
 * ticket, whatever happens here.
 *
 * @example
 * ```ts
 * const { keep, inner } = runBatch(tx, host)
 * if (keep) batchView.applyTo(openLedger)
 * ```
 */
export function runBatch(
  tx: JsonObject,
  host: BatchHost,
): { keep: boolean; inner: StoredTransaction[] } {
  const mode = modeOf(tx)
  const applied: StoredTransaction[] = []
  for (const raw of innerTransactions(tx)) {
    const stored = host.runInner(raw as JsonObject)
    if (stored) applied.push(stored)
    const succeeded = stored?.meta.TransactionResult === 'tesSUCCESS'
    // A failure, tec or not, ends ALLORNOTHING (nothing kept) and UNTILFAILURE (a tec is kept).
    if (!succeeded && mode === BATCH_MODES.ALLORNOTHING) return { keep: false, inner: [] }
    if (!succeeded && mode === BATCH_MODES.UNTILFAILURE) break
    if (succeeded && mode === BATCH_MODES.ONLYONE) break
  }
  return { keep: true, inner: applied }
}
