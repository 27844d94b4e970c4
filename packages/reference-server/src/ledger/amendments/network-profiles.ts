import { XAHAU_AMENDMENTS, XRPL_RETIRED } from './amendment-names'

/**
 * What the XRP Ledger's mainnet has enabled, by name (research `ledger-breadth.md` §1.1: the
 * dated EnableAmendment list of xrpl.org's Known Amendments, its blog, and news for 2025-26):
 * every retired amendment, and those voted in since. Batch, BatchV1_1, XChainBridge,
 * SingleAssetVault, LendingProtocol, the 3.x fixes and everything newer are not. The `production`
 * profile enables exactly these on MAINNET (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * XRPL_MAINNET_ENABLED.has('AMM') // true
 * XRPL_MAINNET_ENABLED.has('BatchV1_1') // false
 * ```
 */
export const XRPL_MAINNET_ENABLED: ReadonlySet<string> = new Set([
  ...XRPL_RETIRED,
  // Enabled and not yet retired, with the date mainnet enabled each (§1.1).
  'fixRemoveNFTokenAutoTrustLine', // 2022-10-27
  'XRPFees', // 2024-03-25
  'AMM', // 2024-03-22
  'fixPreviousTxnID', // 2024-09-27
  'fixEmptyDID', // 2024-09-27
  'fixAMMv1_1', // 2024-09-24
  'fixFillOrKill', // 2024-04-11
  'DID', // 2024-10-30
  'PriceOracle', // 2024-11-02
  'AMMClawback', // 2025-01-30
  'fixAMMv1_2', // 2025-01-30
  'fixEnforceNFTokenTrustline', // 2025-01-30
  'fixInnerObjTemplate2', // 2025-01-30
  'fixNFTokenPageLinks', // 2025-01-30
  'fixReducedOffersV2', // 2025-01-30
  'NFTokenMintOffer', // 2025-02-15
  'DeepFreeze', // 2025-05-04
  'fixFrozenLPTokenTransfer', // 2025-05-15
  'fixInvalidTxFlags', // 2025-05-15
  'DynamicNFT', // 2025-06-11
  'Credentials', // 2025-09-04
  'MPTokensV1', // 2025-10-01
  'fixAMMv1_3', // 2025-26, date not found
  'fixEnforceNFTokenTrustlineV2', // 2025-26, date not found
  'fixPayChanCancelAfter', // 2025-26, date not found
  'PermissionedDomains', // 2026-02-04
  'TokenEscrow', // 2026-02-12
  'PermissionedDEX', // 2026-02-18
])

// What xahau.network lists in `feature` and has not enabled (2026-09-30; research
// `ledger-breadth.md` §1.2): neither in its `Amendments` object nor retired by xahaud.
const NOT_ON_XAHAU_MAINNET: ReadonlySet<string> = new Set([
  // Accounts cannot be deleted on Xahau (AccountDelete is temDISABLED).
  'DeletableAccounts',
  // XLS-20 NFTokens and their fixes: Xahau has URITokens instead.
  'NonFungibleTokensV1',
  'NonFungibleTokensV1_1',
  'fixNFTokenDirV1',
  'fixNFTokenNegOffer',
  'fixNonFungibleTokensV1_2',
  'fixNFTokenRemint',
  'fixNFTokenReserve',
  'fixNFTokenPageLinks',
  'fixRemoveNFTokenAutoTrustLine',
  'fixEnforceNFTokenTrustline',
  // Hooks changes not voted in yet.
  'HookOnV2',
  'HooksUpdate2',
  'NamedHooks',
  'HookAPISerializedType240',
  // XRP Ledger amendments xahaud lists and has not enabled.
  'AMMClawback',
  'CryptoConditionsSuite',
  'fixUniversalNumber',
  'fixTrustLinesToSelf',
])

/**
 * What Xahau's mainnet has enabled, by name: every amendment xahau.network lists but those it has
 * not enabled. That is the 75 ids of its `Amendments` object at ledger 26183057 (xahau.network,
 * 2026-09-30; research `ledger-breadth.md` §1.2), and the amendments xahaud retired
 * (`XRPL_RETIRE` in its features.macro: always in force, although its `feature` prints them
 * `enabled: false`, Xahau having started with their code built in). No DeletableAccounts
 * (AccountDelete is temDISABLED on Xahau), no XLS-20 NFTokens. XAHAU and XAHAUTESTNET mirror it
 * in every profile (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * XAHAU_MAINNET_ENABLED.has('URIToken') // true
 * XAHAU_MAINNET_ENABLED.has('DeletableAccounts') // false
 * ```
 */
export const XAHAU_MAINNET_ENABLED: ReadonlySet<string> = new Set(
  XAHAU_AMENDMENTS.filter((name) => !NOT_ON_XAHAU_MAINNET.has(name)),
)
