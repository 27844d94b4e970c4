/**
 * The rails keys of the networks the platform knows (docs/protocol.md §8.1), in table order.
 *
 * @example
 * ```ts
 * NETWORK_KEYS.includes('TESTNET') // true
 * ```
 */
export const NETWORK_KEYS = /* @__PURE__ */ Object.freeze([
  'MAINNET',
  'TESTNET',
  'DEVNET',
  'XAHAU',
  'XAHAUTESTNET',
] as const)

/**
 * A rails key: `MAINNET | TESTNET | DEVNET | XAHAU | XAHAUTESTNET`.
 *
 * @example
 * ```ts
 * const network: NetworkKey = 'XAHAU'
 * ```
 */
export type NetworkKey = (typeof NETWORK_KEYS)[number]

/**
 * Network ids of §8.1 (`NetworkID` is required on the ledger for ids above 1024).
 *
 * @example
 * ```ts
 * NETWORK_IDS.XAHAU // 21337
 * ```
 */
export const NETWORK_IDS: Readonly<Record<NetworkKey, number>> = /* @__PURE__ */ Object.freeze({
  MAINNET: 0,
  TESTNET: 1,
  DEVNET: 2,
  XAHAU: 21337,
  XAHAUTESTNET: 21338,
})

/**
 * Whether a value is a known rails key.
 *
 * @example
 * ```ts
 * isNetworkKey('MAINNET') // true
 * isNetworkKey('mainnet') // false
 * ```
 */
export function isNetworkKey(value: unknown): value is NetworkKey {
  return typeof value === 'string' && (NETWORK_KEYS as readonly string[]).includes(value)
}
