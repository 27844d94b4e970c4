import { accountDeleteRules } from './account-delete'
import { accountSetRules } from './account-set'
import { batchRules } from './batch-rules'
import { checkCancelRules, checkCashRules, checkCreateRules } from './checks'
import { depositPreauthRules } from './deposit-preauth'
import { escrowCancelRules, escrowCreateRules, escrowFinishRules } from './escrow'
import { setRegularKeyRules, signerListSetRules } from './key-settings'
import { paymentRules } from './native-payment'
import { nftokenAcceptOfferRules } from './nft-accept'
import { nftokenBurnRules } from './nft-burn'
import { nftokenMintRules } from './nft-mint'
import { nftokenModifyRules } from './nft-modify'
import { nftokenCancelOfferRules, nftokenCreateOfferRules } from './nft-offers'
import { offerCancelRules } from './offer-cancel'
import { offerCreateRules } from './offer-create'
import { channelClaimRules, channelCreateRules, channelFundRules } from './payment-channels'
import { ticketCreateRules } from './ticket-create'
import type { TransactionRules } from './transaction-rules'
import { trustSetRules } from './trust-set'

// Every transaction type the simulated ledger applies, by `TransactionType`: a new type is one
// file under rules/ and one line here. A type missing here is `temUNKNOWN` (rules/transactor.ts,
// docs/protocol.md §8.7).
const RULES: Readonly<Record<string, TransactionRules>> = Object.freeze({
  AccountDelete: accountDeleteRules,
  AccountSet: accountSetRules,
  Batch: batchRules,
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
  NFTokenModify: nftokenModifyRules,
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

/**
 * The rules of a transaction type, or undefined when the ledger has none.
 *
 * @example
 * ```ts
 * rulesFor('Payment')?.preflight(tx, context)
 * rulesFor('AMMCreate') // undefined: temUNKNOWN
 * ```
 */
export const rulesFor = (type: string): TransactionRules | undefined =>
  Object.hasOwn(RULES, type) ? RULES[type] : undefined
