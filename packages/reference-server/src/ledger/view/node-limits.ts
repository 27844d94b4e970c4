import type { Refusal } from './refusal'

/**
 * What this node does not do, said plainly (docs/protocol.md §8.10): a transaction that needs
 * something the node does not model (an amendment such as Xahau's `Hooks`, or the reward the
 * genesis hook pays a `ClaimReward`) is refused with an existing result code, never applied as a
 * `tesSUCCESS` that ran nothing, and the refusal's rule starts with `not-modelled`. The node logs
 * each such refusal of a submitted transaction on one line.
 */

/** The rule prefix of a refusal that is this node's limit, not the network's rule. */
export const NOT_MODELLED = 'not-modelled'

/**
 * Why an amendment is not modelled, where a sentence helps a user more than its name: said in the
 * refusal and the node's log.
 *
 * @example
 * ```ts
 * UNMODELLED_WHY.Hooks // 'hooks are not executed by this node'
 * ```
 */
export const UNMODELLED_WHY: Readonly<Record<string, string>> = Object.freeze({
  Hooks: 'hooks are not executed by this node: SetHook installs none and Invoke runs none',
})

/**
 * The node's log line for a submitted transaction refused at this node's limit, or null for any
 * other refusal.
 *
 * @example
 * ```ts
 * notModelledLine('XAHAU', txid, refusal) // '[pullsign-server] XAHAU: SetHook … refused temDISABLED: …'
 * ```
 */
export function notModelledLine(network: string, txid: string, refusal: Refusal): string | null {
  if (!refusal.rule.startsWith(NOT_MODELLED)) return null
  return `[pullsign-server] ${network}: transaction ${txid} refused ${refusal.result} by this node, not the network: ${refusal.detail}`
}
