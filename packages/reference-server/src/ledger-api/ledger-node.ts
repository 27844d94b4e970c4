import type { Ledger, NetworkDefinition } from '../ledger'
import { accountMethods } from './methods/account-methods'
import { ammMethods } from './methods/amm-methods'
import { channelMethods } from './methods/channel-methods'
import { ledgerMethods } from './methods/ledger-methods'
import { mptMethods } from './methods/mpt-methods'
import { nftMethods } from './methods/nft-methods'
import { noRippleMethods } from './methods/noripple-check'
import { objectMethods } from './methods/object-methods'
import { offerMethods } from './methods/offer-methods'
import { oracleMethods } from './methods/oracle-methods'
import { pathMethods } from './methods/path-methods'
import { serverMethods } from './methods/server-methods'
import { simulateMethods } from './methods/simulate-method'
import { submitMethods } from './methods/submit-methods'
import { transactionMethods } from './methods/transaction-methods'
import type { ApiVersion, NodeMethod } from './node-request'
import { type CallOutcome, runMethod } from './rpc-envelope'
import { RpcError } from './rpc-errors'

const METHODS: Record<string, NodeMethod> = {
  ...serverMethods,
  ...ledgerMethods,
  ...accountMethods,
  ...objectMethods,
  ...channelMethods,
  ...nftMethods,
  ...mptMethods,
  ...offerMethods,
  ...noRippleMethods,
  ...ammMethods,
  ...oracleMethods,
  ...transactionMethods,
  ...submitMethods,
  ...simulateMethods,
  ...pathMethods,
}

/** The node's methods over one ledger (docs/protocol.md §8.6), transport-free. */
export interface LedgerNode {
  /** Runs `command` on a network's ledger; an unknown command → unknownCmd. */
  call(
    network: NetworkDefinition,
    command: string,
    params: Record<string, unknown>,
    apiVersion: ApiVersion,
  ): CallOutcome
}

/**
 * Creates the node's method table over the ledger. Streams (`subscribe`) live with the
 * sockets (node-sockets.ts): over JSON-RPC they are `noEvents`, as on rippled.
 *
 * @example
 * ```ts
 * const node = createLedgerNode({ ledger })
 * node.call(networkDefinition('TESTNET'), 'ledger_current', {}, 2)
 * ```
 */
export function createLedgerNode({ ledger }: { ledger: Ledger }): LedgerNode {
  return {
    call(network, command, params, apiVersion) {
      const method = Object.hasOwn(METHODS, command) ? METHODS[command] : undefined
      return runMethod(() => {
        if (command === 'subscribe' || command === 'unsubscribe') throw new RpcError('noEvents')
        if (!method) throw new RpcError('unknownCmd')
        return method({ ledger, network, params, apiVersion })
      })
    },
  }
}
