import type { NetworkKey } from 'pullsign/wire'
import type { Ledger } from '../ledger'
import { refusalLine, shownRefusal } from '../platform/ledger-explain'

/**
 * The header of an answer that applied or refused a transaction, for the request log's `  !` line
 * (http/request-log.ts): why a submission failed, or that a transaction was impersonated
 * (docs/protocol.md §10) [ours].
 */
export const LEDGER_NOTE_HEADER = 'x-pullsign-ledger'

/**
 * One line of why a transaction got its result: `tecEXPIRED: the offer's Expiration … (NFTokenAcceptOffer.cpp)`
 * (`explain`, platform/ledger-explain.ts); null for `tesSUCCESS` or a hash the network does not
 * know.
 *
 * @example
 * ```ts
 * explanationLine(ledger, 'TESTNET', hash) // "tecEXPIRED: the offer's Expiration 849984840 is not after … (NFTokenAcceptOffer.cpp)"
 * ```
 */
export function explanationLine(ledger: Ledger, network: NetworkKey, hash: string): string | null {
  const explained = ledger.explain(network, hash)
  if (!explained || explained.verdict === 'tesSUCCESS') return null
  const line = refusalLine(shownRefusal(explained.verdict, explained.type))
  // A header value is Latin-1 on one line: anything else in a detail is shown as '?'.
  return line.replace(/[^\x20-\x7e]/g, '?')
}

/**
 * The request log's note of a node's `submit` answer (a JSON-RPC result or a WebSocket frame):
 * its explanation when it did not succeed, else null.
 *
 * @example
 * ```ts
 * submitNote(ledger, 'TESTNET', { engine_result: 'tecEXPIRED', tx_json: { hash } })
 * ```
 */
export function submitNote(ledger: Ledger, network: NetworkKey, result: unknown): string | null {
  const answer = result as { engine_result?: unknown; tx_json?: { hash?: unknown } } | null
  const hash = answer?.tx_json?.hash
  if (typeof answer?.engine_result !== 'string' || typeof hash !== 'string') return null
  return explanationLine(ledger, network, hash)
}
