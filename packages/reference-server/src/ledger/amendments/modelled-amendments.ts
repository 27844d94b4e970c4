/**
 * The amendments whose transaction types and rules the simulated ledger implements
 * (docs/protocol.md §8.7); every other amendment a network knows is disabled there. Each group
 * names the rule files that carry it: an amendment joins this list in the commit that implements
 * it, never before.
 *
 * @example
 * ```ts
 * MODELLED_AMENDMENTS.has('DeletableAccounts') // true
 * MODELLED_AMENDMENTS.has('XChainBridge') // false
 * ```
 */
export const MODELLED_AMENDMENTS: ReadonlySet<string> = new Set([
  // Payments, trust lines, tickets, Batch (rules/payment/, rules/token/trust-set.ts,
  // rules/account/ticket-create.ts, rules/batch/).
  'Flow',
  'TicketBatch',
  'BatchV1_1',
  // Every object threaded to the transaction that last changed it (state/transaction-meta.ts).
  'fixPreviousTxnID',
  // Account settings and keys (rules/account/account-set.ts, key-settings.ts,
  // signatures/signature-check.ts): TickSize and TransferRate's 2.0 ceiling (fix1201), regular
  // keys, signer lists of up to 32 entries with one owner count each.
  'TickSize',
  'fix1201',
  'fixMasterKeyAsRegularKey',
  'MultiSign',
  'MultiSignReserve',
  'ExpandedSignerList',
  'RequireFullyCanonicalSig',
  // Account deletion and deposit authorization (rules/account/account-delete.ts,
  // deposit-preauth.ts, rules/common/deposit-authorization.ts and the payments that honour it).
  'DeletableAccounts',
  'DepositAuth',
  'DepositPreauth',
  // Refusing incoming NFT offers, checks, channels and trust lines (rules/account/account-set.ts,
  // and the creating rules of rules/nft/, check/, payment-channel/, token/): an existing line
  // may change.
  'DisallowIncoming',
  'fixDisallowIncomingV1',
  // Authorized and frozen trust lines, NoRipple on a negative balance refused
  // (rules/token/trust-set.ts, rules/common/trust-line-flags.ts, paths/step-checks.ts).
  'TrustSetAuth',
  'fix1578',
  // Amounts as rippled's Number (number/, amounts/), and the payment engine (paths/): the native
  // asset once at each end of a strand, strands sorted by quality, a strand that used up its
  // offers left out, the quality bound of a strand's steps, tiny offers of a worse quality
  // removed.
  'fixUniversalNumber',
  'fix1781',
  'FlowSortStrands',
  'fix1515',
  'fixQualityUpperBound',
  'fixRmSmallIncreasedQOffers',
  // The order book (rules/dex/offer-create.ts, offer-cancel.ts, paths/book-step.ts): offer
  // crossing by the payment engine, tecKILLED for FillOrKill and an ImmediateOrCancel that took
  // nothing, reduced offers rounded for their owner, FillOrKill with tfSell.
  'FlowCross',
  'ImmediateOfferKilled',
  'fixReducedOffersV1',
  'fixReducedOffersV2',
  'fixFillOrKill',
  // Escrows with PREIMAGE-SHA-256 conditions, checks (cashing makes the trust line), payment
  // channels (linked in the destination's directory; a CancelAfter already past is tecEXPIRED),
  // with the fixes their rules follow (rules/escrow/, rules/check/, rules/payment-channel/).
  'Escrow',
  'CryptoConditions',
  'fix1523',
  'Checks',
  'CheckCashMakesTrustLine',
  'fix1543',
  'fix1571',
  'fix1623',
  'PayChan',
  'fixPayChanRecipientOwnerDir',
  'fixPayChanCancelAfter',
  // NFTs (XLS-20; rules/nft/): the fixes the XRP Ledger has enabled since.
  'NonFungibleTokensV1_1',
  'fixNonFungibleTokensV1_2',
  'fixNFTokenRemint',
  'fixNFTokenReserve',
  'fixRemoveNFTokenAutoTrustLine',
  'fixNFTokenPageLinks',
  'fixEnforceNFTokenTrustline',
  'NFTokenMintOffer',
  // Mutable NFTs whose URI their issuer changes (rules/nft/nft-modify.ts, tfMutable in
  // nft-mint.ts).
  'DynamicNFT',
  // Xahau's own (xahaud src/ripple/app/tx/impl/): URITokens (rules/uritoken/, with fixXahauV1's
  // rules, on on every Xahau network).
  'URIToken',
  // Remit: amounts, URITokens and a new account in one transaction (rules/xahau/remit.ts).
  'Remit',
  // ClaimReward's opt-in and opt-out (rules/xahau/claim-reward.ts); a claim the genesis reward
  // hook would pay is refused (this node runs no hooks, view/node-limits.ts).
  'BalanceRewards',
  // The RewardAccumulator of opted-in accounts, kept on every applied transaction
  // (rules/xahau/reward-accumulator.ts, xahaud Transactor.cpp) with its two fixes.
  'fix240819',
  'fix240911',
  // Remarks on the objects an account issued (rules/xahau/set-remarks.ts).
  'Remarks',
  // The AMM (XLS-30; amm/, rules/amm/): its seven transaction types with the rounding of
  // fixAMMv1_1 and fixAMMv1_3, the reserve check of fixAMMv1_2, AMMClawback.
  'AMM',
  'AMMClawback',
  'fixAMMv1_1',
  'fixAMMv1_2',
  'fixAMMv1_3',
  // DIDs, one per account, with fixEmptyDID's tecEMPTY_DID for a new one (rules/did/).
  'DID',
  'fixEmptyDID',
  // Price oracles, a new one's pairs sorted (rules/oracle/; the RPC get_aggregate_price).
  'PriceOracle',
  'fixPriceOracleOrder',
  // Permissioned domains: lists of accepted credentials (rules/domain/; PermissionedDomainSet needs
  // Credentials as well).
  'PermissionedDomains',
  // Clawback of trust-line tokens (rules/token/clawback.ts, asfAllowTrustLineClawback in
  // rules/account/account-set.ts).
  'Clawback',
  // Credentials (rules/credential/; CredentialIDs in rules/common/credential-ids.ts, asked by
  // payments, escrow finishes, channel claims and deletions; the credential form of
  // rules/account/deposit-preauth.ts).
  'Credentials',
  // Deep freezes of trust lines (rules/token/trust-set.ts, rules/common/trust-line-flags.ts;
  // view/freeze.ts `isDeepFrozen` as the payment engine's steps and offers ask it).
  'DeepFreeze',
  // Multi-Purpose Tokens (rules/mpt/, rules/payment/mpt-payment.ts, view/mpt-tokens.ts, and the MPT
  // half of Clawback in rules/mpt/mpt-clawback.ts).
  'MPTokensV1',
])
