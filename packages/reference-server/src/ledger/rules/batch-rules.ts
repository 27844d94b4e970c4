import {
  BATCH_MODES,
  batchSigningData,
  INNER_BATCH_FLAG,
  innerTransactions,
} from '../codec/batch-signing-data'
import type { JsonObject } from '../codec/json-object'
import {
  accountIdHex,
  addressOf,
  type SignerEntry,
  signatureEntries,
  verifies,
} from '../signatures/signature-check'
import type { StoredTransaction } from '../state/stored-transaction'
import type { ApplyContext, ApplyOutcome, TransactionRules } from './apply-context'

const MAX_INNER = 8
const MODE_FLAGS = Object.values(BATCH_MODES)

/**
 * What the network ledger lends a Batch to run its inner transactions.
 *
 * @example
 * ```ts
 * applyBatch(context, { runInner, restorePoint: () => snapshot(accounts, lines) })
 * ```
 */
export interface BatchHost {
  /** Checks and applies one inner transaction: the stored result, or the refusal code. */
  runInner(tx: JsonObject): StoredTransaction | string
  /** Remembers the state now; the returned function puts it back. */
  restorePoint(): () => void
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
 * The least fee of a Batch (docs/protocol.md §8.4): 2 × base fee + base fee per BatchSigner.
 *
 * @example
 * ```ts
 * batchFee(batchWithTwoSigners, 12n) // 48n
 * ```
 */
export function batchFee(tx: JsonObject, base: bigint): bigint {
  return base * BigInt(2 + (batchSigners(tx)?.length ?? 0))
}

/**
 * Batch preflight (docs/protocol.md §8.4): exactly one mode flag, 1..8 inner transactions each
 * flagged inner with `Fee: "0"`, `SigningPubKey: ""` and no signature, and a valid BatchV1_1
 * signature for every other inner account. Applying is {@link applyBatch}.
 *
 * @example
 * ```ts
 * batchRules.preflight({ ...batch, Flags: 0 }) // 'temINVALID_FLAG'
 * ```
 */
export const batchRules: TransactionRules = {
  preflight(tx: JsonObject) {
    if (modeOf(tx) === null) return 'temINVALID_FLAG'
    const inner = innerTransactions(tx)
    return innerResult(tx, inner) ?? signersResult(tx, inner)
  },
  apply: () => ({ result: 'tesSUCCESS' }),
}

/**
 * Checks that each BatchSigner's key may sign for its account (its master key or its regular
 * key), as the ledger does before applying (docs/protocol.md §8.2, §8.4). Null when authorized.
 *
 * @example
 * ```ts
 * batchAuthorization(tx, lookup) // null, or 'tefBAD_AUTH'
 * ```
 */
export function batchAuthorization(tx: JsonObject, lookup: ApplyContext['lookup']): string | null {
  for (const entry of batchSigners(tx) ?? []) {
    const signedBy = addressOf(entry.SigningPubKey)
    const account = lookup(entry.Account)
    if (!account) return 'terNO_ACCOUNT'
    if (signedBy !== entry.Account && (signedBy === null || signedBy !== account.regularKey)) {
      return 'tefBAD_AUTH'
    }
  }
  return null
}

/**
 * Applies a Batch's inner transactions in its mode (docs/protocol.md §8.4): ALLORNOTHING (all
 * succeed or none applies), ONLYONE (the first success, the rest skipped), UNTILFAILURE (in
 * order until the first failure), INDEPENDENT (each on its own). A failed inner transaction
 * changes nothing. The outer transaction has already paid its fee and used its Sequence or ticket,
 * whatever happens here.
 *
 * @example
 * ```ts
 * applyBatch(context, host) // { result: 'tesSUCCESS', inner: [...applied inner transactions] }
 * ```
 */
export function applyBatch(context: ApplyContext, host: BatchHost): ApplyOutcome {
  const mode = modeOf(context.tx)
  const applied: StoredTransaction[] = []
  const restoreAll = host.restorePoint()
  for (const raw of innerTransactions(context.tx)) {
    const restore = host.restorePoint()
    const outcome = host.runInner(raw as JsonObject)
    const succeeded = typeof outcome !== 'string' && outcome.result === 'tesSUCCESS'
    if (succeeded) applied.push(outcome)
    else restore()
    if (!succeeded && mode === BATCH_MODES.ALLORNOTHING) {
      restoreAll()
      return { result: 'tesSUCCESS', inner: [] }
    }
    if (!succeeded && mode === BATCH_MODES.UNTILFAILURE) break
    if (succeeded && mode === BATCH_MODES.ONLYONE) break
  }
  return { result: 'tesSUCCESS', inner: applied }
}
