import { isXahau, type NetworkDefinition } from '../networks'
import { accountDeleteRules } from './account/account-delete'
import { accountSetRules } from './account/account-set'
import { depositPreauthRules } from './account/deposit-preauth'
import { setRegularKeyRules, signerListSetRules } from './account/key-settings'
import { ticketCreateRules } from './account/ticket-create'
import { ammBidRules } from './amm/amm-bid'
import { ammClawbackRules } from './amm/amm-clawback'
import { ammCreateRules } from './amm/amm-create'
import { ammDeleteRules } from './amm/amm-delete'
import { ammDepositRules } from './amm/amm-deposit'
import { ammVoteRules } from './amm/amm-vote'
import { ammWithdrawRules } from './amm/amm-withdraw'
import { batchRules } from './batch/batch-rules'
import { checkCancelRules, checkCashRules, checkCreateRules } from './check/checks'
import { credentialAcceptRules } from './credential/credential-accept'
import { credentialCreateRules } from './credential/credential-create'
import { credentialDeleteRules } from './credential/credential-delete'
import { offerCancelRules } from './dex/offer-cancel'
import { offerCreateRules } from './dex/offer-create'
import { didDeleteRules, didSetRules } from './did/did'
import {
  permissionedDomainDeleteRules,
  permissionedDomainSetRules,
} from './domain/permissioned-domain'
import { escrowCancelRules, escrowCreateRules, escrowFinishRules } from './escrow/escrow'
import { mptAuthorizeRules } from './mpt/mpt-authorize'
import { mptIssuanceCreateRules } from './mpt/mpt-issuance-create'
import { mptIssuanceDestroyRules } from './mpt/mpt-issuance-destroy'
import { mptIssuanceSetRules } from './mpt/mpt-issuance-set'
import { nftokenAcceptOfferRules } from './nft/nft-accept'
import { nftokenBurnRules } from './nft/nft-burn'
import { nftokenMintRules } from './nft/nft-mint'
import { nftokenModifyRules } from './nft/nft-modify'
import { nftokenCancelOfferRules, nftokenCreateOfferRules } from './nft/nft-offers'
import { oracleDeleteRules } from './oracle/oracle-delete'
import { oracleSetRules } from './oracle/oracle-set'
import { paymentRules } from './payment/native-payment'
import {
  channelClaimRules,
  channelCreateRules,
  channelFundRules,
} from './payment-channel/payment-channels'
import { clawbackRules } from './token/clawback'
import { trustSetRules } from './token/trust-set'
import type { RulesLookup, TransactionRules } from './transaction-rules'
import { uriTokenBurnRules } from './uritoken/uritoken-burn'
import { uriTokenBuyRules } from './uritoken/uritoken-buy'
import { uriTokenMintRules } from './uritoken/uritoken-mint'
import {
  uriTokenCancelSellOfferRules,
  uriTokenCreateSellOfferRules,
} from './uritoken/uritoken-sell-offers'
import { claimRewardRules } from './xahau/claim-reward'
import { remitRules } from './xahau/remit'
import { setRemarksRules } from './xahau/set-remarks'

// The networks' rules by server (docs/protocol.md §8.10), by `TransactionType`: a new type is one
// file in its family's folder (rules/<family>/, as rippled's `transactors/<family>/`) and one line
// in the record of each server that has it (a Xahau type in XAHAUD's). A type missing from a
// network's record is `temUNKNOWN` there (rules/transactor.ts, docs/protocol.md §8.7). The
// folders, and which may import which, are held by test/server/import-arrows.test.ts.

// The types rippled and xahaud share.
const SHARED: Readonly<Record<string, TransactionRules>> = Object.freeze({
  AccountDelete: accountDeleteRules,
  AccountSet: accountSetRules,
  CheckCancel: checkCancelRules,
  CheckCash: checkCashRules,
  CheckCreate: checkCreateRules,
  DepositPreauth: depositPreauthRules,
  EscrowCancel: escrowCancelRules,
  EscrowCreate: escrowCreateRules,
  EscrowFinish: escrowFinishRules,
  NFTokenAcceptOffer: nftokenAcceptOfferRules,
  NFTokenBurn: nftokenBurnRules,
  NFTokenCancelOffer: nftokenCancelOfferRules,
  NFTokenCreateOffer: nftokenCreateOfferRules,
  NFTokenMint: nftokenMintRules,
  OfferCancel: offerCancelRules,
  OfferCreate: offerCreateRules,
  Payment: paymentRules,
  PaymentChannelClaim: channelClaimRules,
  PaymentChannelCreate: channelCreateRules,
  PaymentChannelFund: channelFundRules,
  SetRegularKey: setRegularKeyRules,
  SignerListSet: signerListSetRules,
  TicketCreate: ticketCreateRules,
  TrustSet: trustSetRules,
})

// rippled's networks (MAINNET, TESTNET, DEVNET).
const RIPPLED: Readonly<Record<string, TransactionRules>> = Object.freeze({
  ...SHARED,
  // The AMM (XLS-30; rules/amm/).
  AMMBid: ammBidRules,
  AMMClawback: ammClawbackRules,
  AMMCreate: ammCreateRules,
  AMMDelete: ammDeleteRules,
  AMMDeposit: ammDepositRules,
  AMMVote: ammVoteRules,
  AMMWithdraw: ammWithdrawRules,
  Batch: batchRules,
  NFTokenModify: nftokenModifyRules,
  // DID (rules/did/).
  DIDDelete: didDeleteRules,
  DIDSet: didSetRules,
  // Price Oracle (rules/oracle/).
  OracleDelete: oracleDeleteRules,
  OracleSet: oracleSetRules,
  // Permissioned Domains (rules/domain/).
  PermissionedDomainDelete: permissionedDomainDeleteRules,
  PermissionedDomainSet: permissionedDomainSetRules,
  // Issuers' tools (issue 42 §2): Clawback, Credentials.
  Clawback: clawbackRules,
  CredentialAccept: credentialAcceptRules,
  CredentialCreate: credentialCreateRules,
  CredentialDelete: credentialDeleteRules,
  // Multi-Purpose Tokens (rules/mpt/).
  MPTokenAuthorize: mptAuthorizeRules,
  MPTokenIssuanceCreate: mptIssuanceCreateRules,
  MPTokenIssuanceDestroy: mptIssuanceDestroyRules,
  MPTokenIssuanceSet: mptIssuanceSetRules,
})

// xahaud's networks (XAHAU, XAHAUTESTNET): its own types join here.
const XAHAUD: Readonly<Record<string, TransactionRules>> = Object.freeze({
  ...SHARED,
  ClaimReward: claimRewardRules,
  Clawback: clawbackRules, // trust-line tokens: xahaud has no MPT (its Clawback.cpp, STAmount.cpp)
  Remit: remitRules,
  SetRemarks: setRemarksRules,
  URITokenBurn: uriTokenBurnRules,
  URITokenBuy: uriTokenBuyRules,
  URITokenCancelSellOffer: uriTokenCancelSellOfferRules,
  URITokenCreateSellOffer: uriTokenCreateSellOfferRules,
  URITokenMint: uriTokenMintRules,
})

const lookup =
  (rules: Readonly<Record<string, TransactionRules>>): RulesLookup =>
  (type) =>
    Object.hasOwn(rules, type) ? rules[type] : undefined

const RIPPLED_RULES = lookup(RIPPLED)
const XAHAUD_RULES = lookup(XAHAUD)

/**
 * The file a transaction type's rules follow (its rules' `source`), on whichever server has the
 * type, or `''` for a type no server's registry has.
 *
 * @example
 * ```ts
 * rulesSource('OfferCancel') // 'CancelOffer.cpp'
 * rulesSource('URITokenMint') // 'URIToken.cpp'
 * ```
 */
export const rulesSource = (type: string): string =>
  (RIPPLED_RULES(type) ?? XAHAUD_RULES(type))?.source ?? ''

/**
 * The rule registry of a network: xahaud's types on the Xahau networks, rippled's on the others.
 *
 * @example
 * ```ts
 * networkRules(networkDefinition('XAHAU'))('Batch') // undefined: temUNKNOWN
 * networkRules(networkDefinition('TESTNET'))('Batch') // batchRules
 * ```
 */
export const networkRules = (network: NetworkDefinition): RulesLookup =>
  isXahau(network) ? XAHAUD_RULES : RIPPLED_RULES
