import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { PlatformError } from './errors'

/**
 * The URLs of a network's ledger node on this server (docs/protocol.md §8.6): WebSocket
 * `{ws-api}/ledger/K`, JSON-RPC `{api}/ledger/K`, faucet `{api}/ledger/K/accounts`. Every URL the
 * server emits for a network (rails, `nodewss`, `dispatched_to`, `environment_nodeuri`) is one of
 * these; production's own node URLs stay in docs/protocol.md as production's.
 *
 * @example
 * ```ts
 * nodeUrls('http://127.0.0.1:8787', 'TESTNET').ws // 'ws://127.0.0.1:8787/ledger/TESTNET'
 * ```
 */
export function nodeUrls(
  api: string,
  network: NetworkKey,
): { ws: string; rpc: string; faucet: string } {
  const rpc = `${api.replace(/\/+$/, '')}/ledger/${network}`
  return { ws: rpc.replace(/^http/, 'ws'), rpc, faucet: `${rpc}/accounts` }
}

/** Each network's node URLs, by rails key (docs/protocol.md §8.6). */
export type LedgerNodeUrls = Record<NetworkKey, { ws: string; rpc: string; faucet: string }>

/**
 * Every network's node URLs on a server at `api`: `/__ref/state`'s `ledger`, the test kit's
 * `environment.ledger`, the CLI's list.
 *
 * @example
 * ```ts
 * ledgerNodeUrls('http://127.0.0.1:8787').TESTNET.faucet // 'http://127.0.0.1:8787/ledger/TESTNET/accounts'
 * ```
 */
export function ledgerNodeUrls(api: string): LedgerNodeUrls {
  return Object.fromEntries(NETWORK_KEYS.map((key) => [key, nodeUrls(api, key)])) as LedgerNodeUrls
}

/**
 * The 404 of a node path `/ledger/{key}` whose key is none of the server's networks (HTTP and a
 * refused websocket upgrade alike, docs/protocol.md §8.6): the message lists the keys, and names
 * the one meant when only the case differs. Nothing is changed.
 *
 * @example
 * ```ts
 * unknownNetwork('testnet').message
 * // 'network "testnet" not found: /ledger/{network} takes MAINNET, TESTNET, …; keys are upper case: /ledger/TESTNET'
 * ```
 */
export function unknownNetwork(key: string): PlatformError {
  const meant = NETWORK_KEYS.find((network) => network === key.toUpperCase())
  return new PlatformError(
    404,
    404,
    `network ${JSON.stringify(key.slice(0, 64))} not found: /ledger/{network} takes ${NETWORK_KEYS.join(', ')}${
      meant ? `; keys are upper case: /ledger/${meant}` : ''
    }`,
  )
}
