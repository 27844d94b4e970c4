import type { JsonObject } from '../codec/json-object'
import type { AmendmentRules } from './amendment-table'

/**
 * The amendment that introduced each transaction type (each transactor's `preflight` /
 * `checkExtraFeatures` in rippled's `src/xrpld/app/tx/detail/` and xahaud's
 * `src/ripple/app/tx/impl/`, xrpl.org's page of each type);
 * `null` for the types of the original protocol, which need none. Pseudo-transactions
 * (`EnableAmendment`, `SetFee`, `UNLModify`) are no user's to submit and are not listed.
 *
 * @example
 * ```ts
 * TYPE_AMENDMENTS.AccountDelete // 'DeletableAccounts'
 * TYPE_AMENDMENTS.Payment // null
 * ```
 */
export const TYPE_AMENDMENTS: Readonly<Record<string, string | null>> = Object.freeze({
  Payment: null,
  AccountSet: null,
  SetRegularKey: null,
  OfferCreate: null,
  OfferCancel: null,
  TrustSet: null,
  SignerListSet: 'MultiSign',
  TicketCreate: 'TicketBatch',
  Batch: 'BatchV1_1',
  AccountDelete: 'DeletableAccounts',
  DepositPreauth: 'DepositPreauth',
  EscrowCreate: 'Escrow',
  EscrowFinish: 'Escrow',
  EscrowCancel: 'Escrow',
  CheckCreate: 'Checks',
  CheckCash: 'Checks',
  CheckCancel: 'Checks',
  PaymentChannelCreate: 'PayChan',
  PaymentChannelFund: 'PayChan',
  PaymentChannelClaim: 'PayChan',
  NFTokenMint: 'NonFungibleTokensV1_1',
  NFTokenBurn: 'NonFungibleTokensV1_1',
  NFTokenCreateOffer: 'NonFungibleTokensV1_1',
  NFTokenCancelOffer: 'NonFungibleTokensV1_1',
  NFTokenAcceptOffer: 'NonFungibleTokensV1_1',
  NFTokenModify: 'DynamicNFT',
  Clawback: 'Clawback',
  AMMCreate: 'AMM',
  AMMDeposit: 'AMM',
  AMMWithdraw: 'AMM',
  AMMVote: 'AMM',
  AMMBid: 'AMM',
  AMMDelete: 'AMM',
  AMMClawback: 'AMMClawback',
  XChainCreateBridge: 'XChainBridge',
  XChainModifyBridge: 'XChainBridge',
  XChainCreateClaimID: 'XChainBridge',
  XChainCommit: 'XChainBridge',
  XChainClaim: 'XChainBridge',
  XChainAccountCreateCommit: 'XChainBridge',
  XChainAddClaimAttestation: 'XChainBridge',
  XChainAddAccountCreateAttestation: 'XChainBridge',
  DIDSet: 'DID',
  DIDDelete: 'DID',
  OracleSet: 'PriceOracle',
  OracleDelete: 'PriceOracle',
  LedgerStateFix: 'fixNFTokenPageLinks',
  MPTokenIssuanceCreate: 'MPTokensV1',
  MPTokenIssuanceDestroy: 'MPTokensV1',
  MPTokenIssuanceSet: 'MPTokensV1',
  MPTokenAuthorize: 'MPTokensV1',
  CredentialCreate: 'Credentials',
  CredentialAccept: 'Credentials',
  CredentialDelete: 'Credentials',
  PermissionedDomainSet: 'PermissionedDomains',
  PermissionedDomainDelete: 'PermissionedDomains',
  DelegateSet: 'PermissionDelegationV1_1',
  VaultCreate: 'SingleAssetVault',
  VaultSet: 'SingleAssetVault',
  VaultDelete: 'SingleAssetVault',
  VaultDeposit: 'SingleAssetVault',
  VaultWithdraw: 'SingleAssetVault',
  VaultClawback: 'SingleAssetVault',
  LoanBrokerSet: 'LendingProtocol',
  LoanBrokerDelete: 'LendingProtocol',
  LoanBrokerCoverDeposit: 'LendingProtocol',
  LoanBrokerCoverWithdraw: 'LendingProtocol',
  LoanBrokerCoverClawback: 'LendingProtocol',
  LoanSet: 'LendingProtocol',
  LoanDelete: 'LendingProtocol',
  LoanManage: 'LendingProtocol',
  LoanPay: 'LendingProtocol',
  ConfidentialMPTConvert: 'ConfidentialTransfer',
  ConfidentialMPTConvertBack: 'ConfidentialTransfer',
  ConfidentialMPTMergeInbox: 'ConfidentialTransfer',
  ConfidentialMPTSend: 'ConfidentialTransfer',
  ConfidentialMPTClawback: 'ConfidentialTransfer',
  SponsorshipSet: 'Sponsor',
  SponsorshipTransfer: 'Sponsor',
  // xahaud's own (each transactor's preflight in src/ripple/app/tx/impl/ of Xahau/xahaud).
  SetHook: 'Hooks',
  Invoke: 'Hooks',
  URITokenMint: 'URIToken',
  URITokenBurn: 'URIToken',
  URITokenBuy: 'URIToken',
  URITokenCreateSellOffer: 'URIToken',
  URITokenCancelSellOffer: 'URIToken',
  Remit: 'Remit',
  ClaimReward: 'BalanceRewards',
  SetRemarks: 'Remarks',
  CronSet: 'Cron',
  Import: 'Import',
})

// Fields that need an amendment whatever the type carrying them (rippled answers temDISABLED):
// credentials on payments, escrow finishes, claims, deletions and preauthorizations
// (`Payment.cpp`, `DeleteAccount.cpp`, `DepositPreauth.cpp` `checkExtraFeatures`), a permissioned
// domain on payments and offers, a delegate and a sponsor on any transaction (`Transactor.cpp`).
const FIELD_AMENDMENTS: Readonly<Record<string, string>> = Object.freeze({
  CredentialIDs: 'Credentials',
  AuthorizeCredentials: 'Credentials',
  UnauthorizeCredentials: 'Credentials',
  DomainID: 'PermissionedDEX',
  Delegate: 'PermissionDelegationV1_1',
  Sponsor: 'Sponsor',
})

// Fields a type carries as its own, which need no amendment beyond the type's: the domain a
// domain's transaction changes (PermissionedDomainSet.cpp, PermissionedDomainDelete.cpp).
const OWN_FIELDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  PermissionedDomainSet: ['DomainID'],
  PermissionedDomainDelete: ['DomainID'],
})

/**
 * The amendments a transaction needs: its type's, and those of the fields it carries. A type
 * the list does not know needs an amendment no network has (`undefined` → never enabled).
 *
 * @example
 * ```ts
 * requiredAmendments({ TransactionType: 'AccountDelete', CredentialIDs: [id] })
 * // ['DeletableAccounts', 'Credentials']
 * ```
 */
export function requiredAmendments(tx: JsonObject): string[] {
  const type = String(tx.TransactionType)
  const required: string[] = []
  const own = Object.hasOwn(TYPE_AMENDMENTS, type) ? TYPE_AMENDMENTS[type] : `unknown:${type}`
  if (own) required.push(own)
  const ownFields = Object.hasOwn(OWN_FIELDS, type) ? OWN_FIELDS[type] : []
  for (const [field, amendment] of Object.entries(FIELD_AMENDMENTS)) {
    if (tx[field] !== undefined && !ownFields?.includes(field)) required.push(amendment)
  }
  return required
}

/**
 * `temDISABLED` when the transaction needs an amendment the network has not enabled, else null:
 * the first preflight check, before anything is applied (docs/protocol.md §8.7).
 *
 * @example
 * ```ts
 * amendmentResult({ TransactionType: 'AMMCreate' }, amendmentTable(testnet)) // 'temDISABLED'
 * ```
 */
export function amendmentResult(tx: JsonObject, table: AmendmentRules): 'temDISABLED' | null {
  return requiredAmendments(tx).every((name) => table.enabled(name)) ? null : 'temDISABLED'
}
