import { amendmentTable } from '../../../src/ledger/amendments/amendment-table'
import type { JsonObject } from '../../../src/ledger/codec/json-object'
import { networkDefinition } from '../../../src/ledger/networks'
import { declaredRefusal } from '../../../src/ledger/rules/preflight-fields'
import type { TransactionRules } from '../../../src/ledger/rules/transaction-rules'
import { preflightContext } from '../../../src/ledger/rules/transactor'
import { resultOf, type Verdict } from '../../../src/ledger/view/refusal'

const TESTNET = networkDefinition('TESTNET')
const CONTEXT = preflightContext(TESTNET, amendmentTable(TESTNET))

/**
 * A type's checks of the transaction alone as the transactor runs them on TESTNET: the flags and
 * required fields its rules declare (rules/preflight-fields.ts `declaredRefusal`), then
 * `preflight` (the rules' own unless the test passes one with its own amendment table).
 */
export const checkedPreflight = (
  rules: TransactionRules,
  tx: JsonObject,
  preflight: (tx: JsonObject) => Verdict | null = (checked) => rules.preflight(checked, CONTEXT),
): Verdict | null => declaredRefusal(tx, rules, TESTNET) ?? preflight(tx)

/** {@link checkedPreflight}'s result code, or null when the transaction passes. */
export function preflightResult(
  rules: TransactionRules,
  tx: JsonObject,
  preflight?: (tx: JsonObject) => Verdict | null,
): string | null {
  const verdict = checkedPreflight(rules, tx, preflight)
  return verdict === null ? null : resultOf(verdict)
}
