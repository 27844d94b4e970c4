import { type Refusal, refuse } from './refusal'

/**
 * A fault found while a transaction applies that rippled answers with a `tef` code and nothing
 * applied: a directory that does not hold an entry it must (`tefBAD_LEDGER`, View.cpp `dirRemove`
 * failures), a state the rules cannot reach (`tefINTERNAL`), a value out of range
 * (`tefEXCEPTION`, rippled's `Transactor::operator()` catching an exception). Thrown where it is
 * found, deep in a helper, and turned into the transaction's result by the transactor
 * (rules/transactor.ts): it never escapes `submit`, and the ledger is left as it was.
 *
 * @example
 * ```ts
 * if (!dirRemove(view, root, page, index, false)) throw new LedgerFault('tefBAD_LEDGER', `${index} is not in ${owner}'s directory`)
 * ```
 */
export class LedgerFault extends Error {
  constructor(
    readonly result: 'tefBAD_LEDGER' | 'tefINTERNAL' | 'tefEXCEPTION',
    readonly detail: string,
  ) {
    super(`${result}: ${detail}`)
    this.name = 'LedgerFault'
  }
}

/**
 * The refusal a fault thrown while a transaction applied stands for: a {@link LedgerFault}'s own
 * result and detail, anything else (a value out of range, a rule's bug) `tefEXCEPTION` with its
 * message, as rippled's transactor turns an exception into a result instead of stopping
 * (Transactor.cpp `operator()`, apply.cpp for preflight and preclaim).
 *
 * @example
 * ```ts
 * try { verdict = rules.doApply(context) } catch (error) { verdict = faultRefusal(error) }
 * ```
 */
export function faultRefusal(error: unknown): Refusal {
  if (error instanceof LedgerFault) {
    return refuse(error.result, 'ledger-fault', error.detail, 'Transactor.cpp')
  }
  const detail = error instanceof Error ? error.message : String(error)
  return refuse('tefEXCEPTION', 'exception', detail, 'Transactor.cpp')
}
