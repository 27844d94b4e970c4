import { amendmentResult } from './amendments/required-amendments'
import { parseDrops } from './amounts/native-amount'
import type { JsonObject } from './codec/json-object'
import type { PreflightContext } from './rules/transaction-rules'
import { innerPreflight } from './rules/transactor'

/**
 * Why the ledger's preflight refuses a transaction: its result (`temMALFORMED`, `temDISABLED`,
 * `telWRONG_NETWORK`…) and the field of the transaction it refused for, or null when no one
 * field is to blame.
 *
 * @example
 * ```ts
 * const refusal: PreflightRefusal = { result: 'temMALFORMED', field: 'NFTokenTaxon' }
 * ```
 */
export interface PreflightRefusal {
  result: string
  field: string | null
}

/** Options of {@link unsignedPreflight}. */
export interface UnsignedPreflightOptions {
  /**
   * Whether a field may be named as the cause: false for what the signer fills in later
   * (`Account`, `Sequence`, a `Fee` left out…), which a refusal must not blame. Default: every field.
   */
  blame?: (field: string) => boolean
}

// The steps of rules/transactor.ts `preflight` that need no signature: its Batch inner steps
// (the amendments, NetworkID, the type's rules); the refusal's result code is what a finding names.
const checks = (tx: JsonObject, context: PreflightContext): string | null =>
  innerPreflight(tx, context)?.result ?? null

// The fields the checks read, each where they read it last: a rule returns at the check that
// failed, so the field it refused for is among the last it read.
function fieldsRead(tx: JsonObject, context: PreflightContext): string[] {
  const read = new Set<string>()
  const note = (field: string | symbol) => {
    if (typeof field !== 'string') return
    read.delete(field)
    read.add(field)
  }
  const traced = new Proxy(tx, {
    get(target, field, receiver) {
      note(field)
      return Reflect.get(target, field, receiver)
    },
    has(target, field) {
      note(field)
      return Reflect.has(target, field)
    },
  })
  checks(traced, context)
  return [...read]
}

/**
 * rippled's preflight of a transaction that is not signed yet (docs/protocol.md §3.1 "Before the
 * ledger says so"): every check of `preflight` in rules/transactor.ts but the signature's (the
 * amendments it needs, `NetworkID`, the type's own `tem` checks, then the fee field), on one
 * network's amendment table. One rule set: these are the ledger's own checks, run as a
 * submission runs them. When they refuse, the field to blame is the type when the network has
 * not enabled it; else, among the fields the failing checks read, latest first, one whose removal
 * lets them pass (a field that is wrong); else the latest one read (the field a check looked at
 * last: one that is missing, or the one compared last).
 *
 * @example
 * ```ts
 * unsignedPreflight({ TransactionType: 'NFTokenMint', Account, Fee: '12', Sequence: 1 }, context)
 * // { result: 'temMALFORMED', field: 'NFTokenTaxon' }
 * ```
 */
export function unsignedPreflight(
  tx: JsonObject,
  context: PreflightContext,
  options: UnsignedPreflightOptions = {},
): PreflightRefusal | null {
  const blame = options.blame ?? (() => true)
  const result = checks(tx, context)
  if (result === null) {
    if (parseDrops(tx.Fee) !== null) return null
    return { result: 'temBAD_FEE', field: blame('Fee') ? 'Fee' : null }
  }
  if (amendmentResult({ TransactionType: tx.TransactionType } as JsonObject, context) !== null) {
    return { result, field: 'TransactionType' }
  }
  const candidates = fieldsRead(tx, context)
    .reverse()
    .filter((field) => field !== 'TransactionType' && blame(field))
  const wrong = candidates.find((field) => {
    if (tx[field] === undefined) return false
    const { [field]: _removed, ...without } = tx
    return checks(without as JsonObject, context) === null
  })
  return { result, field: wrong ?? candidates[0] ?? null }
}
