import { NETWORK_IDS, type NetworkKey, type Rail } from 'pullsign/wire'

export type { NetworkKey } from 'pullsign/wire'

/**
 * Everything the server knows about one network: the rails fields of docs/protocol.md §2 (snake_case, as
 * on the wire), the production node a payload is dispatched to (§8.1), and the ledger parameters
 * the simulated ledger runs with.
 */
export interface NetworkDefinition extends Rail {
  key: NetworkKey
  native_asset: 'XRP' | 'XAH'
  /** The production node URI reported as `response.dispatched_to` / `environment_nodeuri`. */
  dispatched_to: string
  /** Network fee in drops, as the wallet fills it. */
  fee: string
  /** Account reserve in drops (§8.1: 1 unit). */
  reserve_base: string
  /** Owner reserve per owned object in drops (§8.1: 0.2 unit). */
  reserve_increment: string
  /** Index of the first closed ledger of the simulated chain (realistic magnitude, above 32570). */
  first_ledger_index: number
}

const XRPL_SQUARE = 'https://xumm.app/assets/icons/networks/xrpl-square.png'
const XRPL_ASSET = 'https://xumm.app/assets/icons/currencies/xrp.png'
const XAHAU_SQUARE = 'https://xumm.app/assets/icons/networks/xahau-square.png'
const XAHAU_ASSET = 'https://xumm.app/assets/icons/currencies/xah.png'

/**
 * The five networks of docs/protocol.md §8.1. The rails lookup (§2) and the simulated ledger are both built
 * from this list; there is no second copy.
 *
 * @example
 * ```ts
 * import { NETWORKS } from './networks'
 * const xahau = NETWORKS.find((n) => n.key === 'XAHAU')
 * console.log(xahau?.chain_id) // 21337
 * ```
 */
export const NETWORKS: readonly NetworkDefinition[] = Object.freeze([
  {
    key: 'MAINNET',
    chain_id: NETWORK_IDS.MAINNET,
    color: '#232323',
    name: 'XRPL Mainnet',
    is_livenet: true,
    native_asset: 'XRP',
    endpoints: [
      { name: 'XRPL Cluster', url: 'wss://xrplcluster.com' },
      { name: 'Ripple S2', url: 'wss://s2.ripple.com' },
      { name: 'XRPL Labs', url: 'wss://xrpl.link' },
    ],
    explorers: [
      {
        name: 'XRPScan',
        url_tx: 'https://xrpscan.com/tx/',
        url_account: 'https://xrpscan.com/account/',
        url_ctid: 'https://xrpscan.com/ctid/',
      },
      {
        name: 'Bithomp',
        url_tx: 'https://bithomp.com/explorer/',
        url_account: 'https://bithomp.com/explorer/',
        url_ctid: 'https://bithomp.com/explorer/',
      },
    ],
    rpc: 'https://xrplcluster.com',
    definitions: 'default',
    icons: { icon_square: XRPL_SQUARE, icon_asset: XRPL_ASSET },
    dispatched_to: 'wss://xrplcluster.com',
    fee: '12',
    reserve_base: '1000000',
    reserve_increment: '200000',
    first_ledger_index: 95_000_000,
  },
  {
    key: 'TESTNET',
    chain_id: NETWORK_IDS.TESTNET,
    color: '#FF6719',
    name: 'XRPL Testnet',
    is_livenet: false,
    native_asset: 'XRP',
    endpoints: [
      { name: 'Ripple Testnet', url: 'wss://s.altnet.rippletest.net:51233' },
      { name: 'XRPL Labs Testnet', url: 'wss://testnet.xrpl-labs.com' },
    ],
    explorers: [
      {
        name: 'XRPScan Testnet',
        url_tx: 'https://testnet.xrpscan.com/tx/',
        url_account: 'https://testnet.xrpscan.com/account/',
        url_ctid: 'https://testnet.xrpscan.com/ctid/',
      },
      {
        name: 'Bithomp Testnet',
        url_tx: 'https://test.bithomp.com/explorer/',
        url_account: 'https://test.bithomp.com/explorer/',
        url_ctid: 'https://test.bithomp.com/explorer/',
      },
    ],
    rpc: 'https://s.altnet.rippletest.net:51234',
    definitions: 'default',
    icons: { icon_square: XRPL_SQUARE, icon_asset: XRPL_ASSET },
    dispatched_to: 'wss://s.altnet.rippletest.net:51233',
    fee: '12',
    reserve_base: '1000000',
    reserve_increment: '200000',
    first_ledger_index: 5_000_000,
  },
  {
    key: 'DEVNET',
    chain_id: NETWORK_IDS.DEVNET,
    color: '#3052FF',
    name: 'XRPL Devnet',
    is_livenet: false,
    native_asset: 'XRP',
    endpoints: [{ name: 'Ripple Devnet', url: 'wss://s.devnet.rippletest.net:51233' }],
    explorers: [
      {
        name: 'XRPScan Devnet',
        url_tx: 'https://devnet.xrpscan.com/tx/',
        url_account: 'https://devnet.xrpscan.com/account/',
        url_ctid: 'https://devnet.xrpscan.com/ctid/',
      },
    ],
    rpc: 'https://s.devnet.rippletest.net:51234',
    definitions: 'default',
    icons: { icon_square: XRPL_SQUARE, icon_asset: XRPL_ASSET },
    dispatched_to: 'wss://s.devnet.rippletest.net:51233',
    fee: '12',
    reserve_base: '1000000',
    reserve_increment: '200000',
    first_ledger_index: 1_500_000,
  },
  {
    key: 'XAHAU',
    chain_id: NETWORK_IDS.XAHAU,
    color: '#F8BF4C',
    name: 'Xahau Mainnet',
    is_livenet: true,
    native_asset: 'XAH',
    endpoints: [
      { name: 'Xahau Network', url: 'wss://xahau.network' },
      { name: 'XRPL Labs Xahau', url: 'wss://xahau.org' },
    ],
    explorers: [
      {
        name: 'XahScan',
        url_tx: 'https://xahscan.com/tx/',
        url_account: 'https://xahscan.com/account/',
        url_ctid: 'https://xahscan.com/ctid/',
      },
      {
        name: 'Xahau Explorer',
        url_tx: 'https://xahauexplorer.com/explorer/',
        url_account: 'https://xahauexplorer.com/explorer/',
        url_ctid: 'https://xahauexplorer.com/explorer/',
      },
    ],
    rpc: 'https://xahau.network',
    definitions: 'https://xahau.network/definitions',
    icons: { icon_square: XAHAU_SQUARE, icon_asset: XAHAU_ASSET },
    dispatched_to: 'wss://xahau.network',
    fee: '10',
    reserve_base: '1000000',
    reserve_increment: '200000',
    first_ledger_index: 12_000_000,
  },
  {
    key: 'XAHAUTESTNET',
    chain_id: NETWORK_IDS.XAHAUTESTNET,
    color: '#E3A33B',
    name: 'Xahau Testnet',
    is_livenet: false,
    native_asset: 'XAH',
    endpoints: [{ name: 'Xahau Testnet', url: 'wss://xahau-test.net' }],
    explorers: [
      {
        name: 'XahScan Testnet',
        url_tx: 'https://test.xahscan.com/tx/',
        url_account: 'https://test.xahscan.com/account/',
        url_ctid: 'https://test.xahscan.com/ctid/',
      },
    ],
    rpc: 'https://xahau-test.net',
    definitions: 'https://xahau-test.net/definitions',
    icons: { icon_square: XAHAU_SQUARE, icon_asset: XAHAU_ASSET },
    dispatched_to: 'wss://xahau-test.net',
    fee: '10',
    reserve_base: '1000000',
    reserve_increment: '200000',
    first_ledger_index: 9_000_000,
  },
] satisfies NetworkDefinition[])

/**
 * The highest network id on which the `NetworkID` field must be absent; above it the field is
 * required (docs/protocol.md §8.1).
 */
export const NETWORK_ID_FIELD_THRESHOLD = 1024

/**
 * The definition of one network.
 *
 * @example
 * ```ts
 * networkDefinition('TESTNET').dispatched_to // 'wss://s.altnet.rippletest.net:51233'
 * ```
 */
export function networkDefinition(key: NetworkKey): NetworkDefinition {
  const found = NETWORKS.find((n) => n.key === key)
  if (!found) throw new Error(`unknown network ${String(key)}`)
  return found
}

/**
 * Whether a network runs xahaud (native XAH), with Xahau's own binary definitions, transaction
 * types and amendments, rather than rippled (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * isXahau(networkDefinition('XAHAUTESTNET')) // true
 * ```
 */
export const isXahau = (network: NetworkDefinition): boolean => network.native_asset === 'XAH'

/**
 * Whether transactions on this network must carry `NetworkID` (network id above 1024, §8.1).
 *
 * @example
 * ```ts
 * requiresNetworkId(networkDefinition('XAHAU')) // true
 * requiresNetworkId(networkDefinition('MAINNET')) // false
 * ```
 */
export function requiresNetworkId(network: NetworkDefinition): boolean {
  return network.chain_id > NETWORK_ID_FIELD_THRESHOLD
}
