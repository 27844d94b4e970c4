import type { XrplDefinitionsBase } from 'ripple-binary-codec'
import { MAX_DROPS, MAX_ISSUED_EXPONENT, MIN_ISSUED_EXPONENT } from '../amounts/ledger-amount'
import { isIssued } from '../amounts/ledger-asset'
import type { LedgerObject } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { Change } from '../state/sandbox'

/**
 * The invariants rippled checks after every transaction (src/xrpld/app/tx/detail/InvariantCheck.cpp)
 * that the simulated ledger keeps: `XRPNotCreated` (the drops held by accounts, escrows and
 * channels fall by exactly the fee), `XRPBalanceChecks` (every balance within 0..10^17 drops), and
 * every amount the ledger writes one the binary codec can write (16 digits at most, an exponent
 * within −96..80): an amount that is not would stop the next close, so the transaction fails
 * instead (`tecINVARIANT_FAILED`, then `tefINVARIANT_FAILED` if even its fee cannot apply).
 * The AMM's own invariant, `ValidAMM`, is rules/amm/valid-amm.ts.
 */

// Per network's definitions (rippled's or xahaud's), the fields that hold an STAmount by name.
const amountFields = new WeakMap<XrplDefinitionsBase, Map<string, boolean>>()
// Whether a field holds an STAmount in the network's definitions, remembered per name.
function isAmountField(definitions: XrplDefinitionsBase, name: string): boolean {
  let known = amountFields.get(definitions)
  if (!known) {
    known = new Map()
    amountFields.set(definitions, known)
  }
  let amount = known.get(name)
  if (amount === undefined) {
    try {
      amount = definitions.field.fromString(name)?.type.name === 'Amount'
    } catch {
      amount = false
    }
    known.set(name, amount)
  }
  return amount
}

const DROPS = /^\d{1,18}$/
const DECIMAL = /^-?(\d+)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/

// Whether an issued value is one STAmount can hold: at most 16 significant digits, and once
// normalized to a 16-digit mantissa an exponent within −96..80 (or zero).
function writableIssued(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const match = DECIMAL.exec(value)
  if (!match) return false
  const [, whole = '', fraction = '', exponent = '0'] = match
  const digits = `${whole}${fraction}`
  const first = digits.search(/[1-9]/)
  if (first < 0) return true
  const significant = digits.slice(first).replace(/0+$/, '')
  if (significant.length > 16) return false
  // The value is 0.d1d2… × 10^(point); as a 16-digit mantissa its exponent is point − 16.
  const point = whole.length - first + Number(exponent)
  const normalized = point - 16
  return normalized >= MIN_ISSUED_EXPONENT && normalized <= MAX_ISSUED_EXPONENT
}

// What is wrong with the amounts of an object the ledger is about to keep, or null.
function amountProblem(
  object: Readonly<LedgerObject>,
  definitions: XrplDefinitionsBase,
): string | null {
  for (const field in object) {
    if (!isAmountField(definitions, field)) continue
    const value = object[field]
    if (typeof value === 'string') {
      if (!DROPS.test(value) || BigInt(value) > MAX_DROPS) {
        return `${object.LedgerEntryType} ${object.index} ${field} ${value} is no amount of drops`
      }
    } else if (!isIssued(value) || !writableIssued(value.value)) {
      return `${object.LedgerEntryType} ${object.index} ${field} ${JSON.stringify(value)} cannot be written`
    }
  }
  return null
}

// The drops an object holds for `XRPNotCreated` (accounts, escrows, what a channel has left).
function dropsHeld(object: Readonly<LedgerObject> | undefined, deleted: boolean): bigint {
  if (!object) return 0n
  const drops = (value: unknown) =>
    typeof value === 'string' && DROPS.test(value) ? BigInt(value) : 0n
  if (object.LedgerEntryType === 'AccountRoot') return drops(object.Balance)
  if (deleted) return 0n
  if (object.LedgerEntryType === 'Escrow') return drops(object.Amount)
  if (object.LedgerEntryType === 'PayChannel') return drops(object.Amount) - drops(object.Balance)
  return 0n
}

/**
 * The first invariant a transaction's changes break, as a sentence naming the values, or null
 * when they hold. `base` is the view the changes apply to, `fee` the drops the transaction was
 * charged, `definitions` the network's (which fields are amounts).
 *
 * @example
 * ```ts
 * const broken = invariantFailure(sandbox.changes(), openLedger, 12n, codec.definitions)
 * if (broken) result = 'tecINVARIANT_FAILED'
 * ```
 */
export function invariantFailure(
  changes: readonly Change[],
  base: ReadView,
  fee: bigint,
  definitions: XrplDefinitionsBase,
): string | null {
  let net = 0n
  for (const { index, action, object } of changes) {
    if (action === 'cache') continue
    const deleted = action === 'erase'
    if (!deleted) {
      const problem = amountProblem(object, definitions)
      if (problem) return problem
    }
    net += dropsHeld(object, deleted) - dropsHeld(base.read(index), false)
  }
  if (net > 0n) return `XRP net change was positive: ${net} drops created`
  if (-net !== fee) return `XRP net change of ${net} drops does not match the fee ${fee}`
  return null
}
