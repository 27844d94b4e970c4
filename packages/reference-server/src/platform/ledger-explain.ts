import { isNetworkKey, NETWORK_KEYS } from 'pullsign/wire'
import type { RefExplanation } from '../control-api-types'
import type { Ledger } from '../ledger'
import { rulesSource } from '../ledger/rules/registry'
import { type Refusal, refuse } from '../ledger/view/refusal'
import { engineResultMessage } from '../ledger-api/engine-result-messages'
import { badBody, notFound } from './errors'

const HASH = /^[0-9A-F]{64}$/i

/**
 * Why a transaction got its result (issue 40 §6, docs/protocol.md §10), by the hash `submit`
 * answered: `{result, rule, detail, source}` as the ledger's rule decided it, for a transaction in
 * a ledger (tes, tec) or one refused before any (tem, tef, tel, ter). A result whose rule does not
 * explain itself yet is `rule: 'unexplained'`, rippled's `engine_result_message` as `detail` and
 * the rippled file of its type as `source` (empty when not known): never an invented reason.
 * `tesSUCCESS` is `rule: 'success'`, `detail` naming its ledger, `source` empty. A network that is
 * no key or a hash that is no 64 hex → 400 naming `network` or `hash`; an unknown hash → 404
 * naming it.
 *
 * @example
 * ```ts
 * explain(ledger, 'TESTNET', hash) // { result: 'tecEXPIRED', rule: 'offer-expired', detail: "the offer's Expiration …", source: 'NFTokenAcceptOffer.cpp', … }
 * ```
 */
export function explain(ledger: Ledger, network: string, hash: string): RefExplanation {
  if (!isNetworkKey(network)) throw badBody('network', `must be one of ${NETWORK_KEYS.join(', ')}`)
  if (!HASH.test(hash)) throw badBody('hash', 'must be 64 hex characters (a transaction hash)')
  const explained = ledger.explain(network, hash)
  if (!explained) throw notFound(`transaction ${hash.toUpperCase()} on ${network}`)
  const { verdict, type, ledgerIndex } = explained
  const where = {
    hash: hash.toUpperCase(),
    network,
    applied: ledgerIndex !== null,
    ledger_index: ledgerIndex,
  }
  if (verdict === 'tesSUCCESS') {
    const detail = `the transaction applied in ledger ${ledgerIndex}`
    return { ...where, result: verdict, rule: 'success', detail, source: '' }
  }
  const { result, rule, detail, source } = shownRefusal(verdict, type)
  return { ...where, result, rule, detail, source }
}

/**
 * A refusal as `explain` shows it: one its rule explains as it is; a bare code (`unexplained`)
 * with rippled's `engine_result_message` as `detail` and the file its type's rules follow as
 * `source` (its rules' `source`; empty for a type no server has).
 *
 * @example
 * ```ts
 * shownRefusal(refusalOf('tecNO_DST'), 'Payment').source // 'Payment.cpp'
 * ```
 */
export function shownRefusal(refusal: Refusal, type: string): Refusal {
  if (refusal.rule !== 'unexplained') return refusal
  const { result, rule, detail, source } = refusal
  return refuse(result, rule, detail || engineResultMessage(result), source || rulesSource(type))
}

/**
 * A refusal on one line, as the request log and the dashboard show it:
 * `tecEXPIRED: the offer's Expiration … (NFTokenAcceptOffer.cpp)`.
 *
 * @example
 * ```ts
 * refusalLine(shownRefusal(refusal, 'NFTokenAcceptOffer'))
 * ```
 */
export const refusalLine = ({ result, detail, source }: Refusal): string =>
  `${result}: ${detail}${source ? ` (${source})` : ''}`
