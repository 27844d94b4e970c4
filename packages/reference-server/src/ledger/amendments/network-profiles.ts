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
  // Retired: enabled for two years or more (rippled features.macro, XRPL_RETIRE).
  'fix1201',
  'fix1368',
  'fix1373',
  'fix1512',
  'fix1513',
  'fix1515',
  'fix1523',
  'fix1528',
  'fix1543',
  'fix1571',
  'fix1578',
  'fix1623',
  'fix1781',
  'fixAmendmentMajorityCalc',
  'fixAMMOverflowOffer',
  'fixCheckThreading',
  'fixDisallowIncomingV1',
  'fixInnerObjTemplate',
  'fixMasterKeyAsRegularKey',
  'fixNonFungibleTokensV1_2',
  'fixNFTokenRemint',
  'fixNFTokenReserve',
  'fixPayChanRecipientOwnerDir',
  'fixQualityUpperBound',
  'fixReducedOffersV1',
  'fixRmSmallIncreasedQOffers',
  'fixSTAmountCanonicalize',
  'fixTakerDryOfferRemoval',
  'fixTrustLinesToSelf',
  'fixUniversalNumber',
  'Checks',
  'CheckCashMakesTrustLine',
  'Clawback',
  'CryptoConditions',
  'CryptoConditionsSuite',
  'DeletableAccounts',
  'DepositAuth',
  'DepositPreauth',
  'DisallowIncoming',
  'Escrow',
  'EnforceInvariants',
  'ExpandedSignerList',
  'FeeEscalation',
  'Flow',
  'FlowCross',
  'FlowSortStrands',
  'HardenedValidations',
  'ImmediateOfferKilled',
  'MultiSign',
  'MultiSignReserve',
  'NegativeUNL',
  'NonFungibleTokensV1_1',
  'PayChan',
  'RequireFullyCanonicalSig',
  'SortedDirectories',
  'TicketBatch',
  'TickSize',
  'TrustSetAuth',
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

/**
 * What Xahau's mainnet has enabled, by name: the 75 ids of its `Amendments` object at ledger
 * 26183057 (xahau.network, 2026-09-30; research `ledger-breadth.md` §1.2), and the amendments
 * xahaud retired (`XRPL_RETIRE` in its features.macro: always in force, although its `feature`
 * prints them `enabled: false`, Xahau having started with their code built in). No
 * DeletableAccounts (AccountDelete is temDISABLED on Xahau), no XLS-20 NFTokens. XAHAU and
 * XAHAUTESTNET mirror it in every profile (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * XAHAU_MAINNET_ENABLED.has('URIToken') // true
 * XAHAU_MAINNET_ENABLED.has('DeletableAccounts') // false
 * ```
 */
export const XAHAU_MAINNET_ENABLED: ReadonlySet<string> = new Set([
  // Retired in xahaud.
  'MultiSign',
  'TrustSetAuth',
  'FeeEscalation',
  'PayChan',
  'CryptoConditions',
  'TickSize',
  'Escrow',
  'EnforceInvariants',
  'SortedDirectories',
  'fix1201',
  'fix1368',
  'fix1373',
  'fix1512',
  'fix1523',
  'fix1528',
  // In the Amendments object.
  'RequireFullyCanonicalSig',
  'IOUIssuerWeakTSH',
  'Remit',
  'Checks',
  'fixDisallowIncomingV1',
  'fixHookAPI20251128',
  'HardenedValidations',
  'fixXahauV2',
  'fixProvisionalDoubleThreading',
  'fix1781',
  'fixReducedOffersV1',
  'fixTakerDryOfferRemoval',
  'FlowCross',
  'fixReducedOffersV2',
  'fixFillOrKill',
  'DepositPreauth',
  'BalanceRewards',
  'fixSTAmountCanonicalize',
  'DisallowIncoming',
  'fixNSDelete',
  'fixXahauV1',
  'fixAmendmentMajorityCalc',
  'Clawback',
  'MultiSignReserve',
  'fix1623',
  'fixRewardClaimFlags',
  'fix1515',
  'fixPayChanRecipientOwnerDir',
  'fix1513',
  'IOURewardClaim',
  'XahauGenesis',
  'fix1571',
  'fix20250131',
  'Flow',
  'ImmediateOfferKilled',
  'fixPreviousTxnID',
  'ZeroB2M',
  'ExtendedHookState',
  'fixPageCap',
  'fix240911',
  'fixXahauV3',
  'fixQualityUpperBound',
  'fixInvalidTxFlags',
  'fixCheckThreading',
  'HookCanEmit',
  'PaychanAndEscrowForTokens',
  'XRPFees',
  'Touch',
  'TicketBatch',
  'PriceOracle',
  'CheckCashMakesTrustLine',
  'fixHookMap',
  'fixImportIssuer',
  'FlowSortStrands',
  'ExpandedSignerList',
  'NegativeUNL',
  'fixRmSmallIncreasedQOffers',
  'fixFloatDivide',
  'fixInnerObjTemplate',
  'fixMasterKeyAsRegularKey',
  'fixReduceImport',
  'fix1543',
  'fixGuardDepth32',
  'HooksUpdate1',
  'DeepFreeze',
  'Cron',
  'fixCronStacking',
  'Hooks',
  'URIToken',
  'fix240819',
  'Import',
  'DepositAuth',
  'fixIOULockedBalanceInvariant',
  'Remarks',
  'fix1578',
])
