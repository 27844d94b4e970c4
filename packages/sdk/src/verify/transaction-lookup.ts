import type { XrplTxResponse } from '../wire/lookups'

/**
 * Where {@link verifyPayment} and {@link verifyTransaction} look transactions up: `xrpl-tx/{hash}`
 * of docs/protocol.md §2 (the client itself fits: `{ lookup: pullsign }`), or a rippled node
 * directly ({@link createLedgerLookup}), which the platform advises over `xrpl-tx`'s 60 calls a
 * minute. A lookup that can say which network its node serves (`networkId`, rippled's
 * `server_info`) lets a wrong node be refused at once instead of after the wait.
 *
 * @example
 * ```ts
 * const lookup: TransactionLookup = createLedgerLookup({ url: 'https://xrplcluster.com' })
 * ```
 */
export interface TransactionLookup {
  getTransaction(hash: string): Promise<XrplTxResponse>
  /** The network id the node says it serves (`server_info`'s `network_id`); null when it does not say. */
  networkId?(): Promise<number | null>
}
