import { oracleIndex } from '../../state/keylets'
import type { LedgerObject } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { removeOwnedObject } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { oracleReserveCount, priceDataOf } from './price-series'

/**
 * Removes an oracle from its owner's directory, its one or two reserve items freed (rippled
 * `DeleteOracle::deleteOracle`), the directory's root kept: what OracleDelete and AccountDelete do.
 *
 * @example
 * ```ts
 * deleteOracle(view, view.peek(oracleIndex(owner, 1))!, owner)
 * ```
 */
export function deleteOracle(view: ApplyView, oracle: LedgerObject, owner: string): string {
  const count = oracleReserveCount(priceDataOf(oracle.PriceDataSeries).length)
  removeOwnedObject(view, oracle, { owner, count, keepRoot: true })
  return 'tesSUCCESS'
}

/**
 * OracleDelete (docs/protocol.md §8.7, rippled `DeleteOracle.cpp`): removes the account's oracle
 * `OracleDocumentID`; none there → `tecNO_ENTRY`.
 *
 * @example
 * ```ts
 * oracleDeleteRules.preflight({ OracleDocumentID: 1 }, context) // null
 * ```
 */
export const oracleDeleteRules: TransactionRules = {
  source: 'DeleteOracle.cpp',
  amendment: 'PriceOracle',
  flags: 0,
  required: ['OracleDocumentID'],
  // DeleteOracle::preflight checks only what the rules declare.
  preflight: () => null,
  preclaim(view, tx) {
    const id = Number(tx.OracleDocumentID)
    if (view.read(oracleIndex(String(tx.Account), id))) return null
    const detail = `${tx.Account} has no oracle of OracleDocumentID ${id}`
    return refuse('tecNO_ENTRY', 'oracle-missing', detail, 'DeleteOracle.cpp')
  },
  doApply({ view, tx, account }) {
    const oracle = view.peek(oracleIndex(account.Account, Number(tx.OracleDocumentID)))
    if (!oracle) return 'tecINTERNAL'
    return deleteOracle(view, oracle, account.Account)
  },
}
