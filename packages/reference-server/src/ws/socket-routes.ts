import { API_PATHS, type NetworkKey } from 'pullsign/wire'
import { NETWORKS, type NetworkDefinition, networkDefinition } from '../ledger'

/** What a socket path below `{ws-api}` names: a payload's socket (§4) or a network's node (§8.6). */
export type SocketRoute =
  | { kind: 'sign'; uuid: string }
  | { kind: 'ledger'; network: NetworkDefinition }

const NETWORK_KEYS = NETWORKS.map((n) => n.key).join('|')
const SIGN_PATH = new RegExp(`^${API_PATHS.sign}/([^/?#]{1,128})$`)
const LEDGER_PATH = new RegExp(`^/ledger/(${NETWORK_KEYS})/?$`)
// A node path whatever its key: one that is no network's is refused naming the networks.
const ANY_LEDGER_PATH = /^\/ledger\/([^/?#]{1,128})\/?$/

/** The accepted forms below `{ws-api}`, for the errors that refuse another path. */
export const SOCKET_FORMS = [`${API_PATHS.sign}/{uuid}`, `/ledger/{${NETWORK_KEYS}}`] as const

/** Frames a socket reads: a payload client only ever sends `{"ping": true}` (§4), a node client its requests. */
export const MAX_FRAME_BYTES = {
  sign: 1024,
  // A submit's blob, a multisigned tx_json: up to 1 MiB is read, and one over the node's own
  // limit is answered jsonInvalid (ledger-api/node-sockets.ts).
  ledger: 1024 * 1024,
} as const satisfies Record<SocketRoute['kind'], number>

/**
 * The route of a socket path below `{ws-api}` (no query), or null for any other path, so the
 * HTTP upgrade and `server.WebSocket` accept exactly the same URLs.
 *
 * @example
 * ```ts
 * socketRoute('/ledger/TESTNET') // { kind: 'ledger', network: networkDefinition('TESTNET') }
 * ```
 */
export function socketRoute(path: string): SocketRoute | null {
  const ledger = LEDGER_PATH.exec(path)?.[1]
  if (ledger) return { kind: 'ledger', network: networkDefinition(ledger as NetworkKey) }
  // Not URL-decoded: a payload uuid never needs it, and a bad escape must not throw here.
  const uuid = SIGN_PATH.exec(path)?.[1]
  return uuid ? { kind: 'sign', uuid } : null
}

/**
 * The key of a node path `/ledger/{key}` that names no network of the server (refused 404 with the
 * networks listed, docs/protocol.md §8.6), or null for any other path.
 *
 * @example
 * ```ts
 * unknownNetworkKey('/ledger/testnet') // 'testnet'
 * unknownNetworkKey('/ledger/TESTNET') // null
 * ```
 */
export function unknownNetworkKey(path: string): string | null {
  const key = ANY_LEDGER_PATH.exec(path)?.[1]
  return key !== undefined && !LEDGER_PATH.test(path) ? key : null
}
