import { accountDeleteRules } from './account/account-delete'
import { accountSetRules } from './account/account-set'
import { depositPreauthRules } from './account/deposit-preauth'
import { setRegularKeyRules, signerListSetRules } from './account/key-settings'
import { ticketCreateRules } from './account/ticket-create'
import { batchRules } from './batch/batch-rules'
import { checkCancelRules, checkCashRules, checkCreateRules } from './check/checks'
import { offerCancelRules } from './dex/offer-cancel'
import { offerCreateRules } from './dex/offer-create'
import { escrowCancelRules, escrowCreateRules, escrowFinishRules } from './escrow/escrow'
import { nftokenAcceptOfferRules } from './nft/nft-accept'
import { nftokenBurnRules } from './nft/nft-burn'
import { nftokenMintRules } from './nft/nft-mint'
import { nftokenModifyRules } from './nft/nft-modify'
import { nftokenCancelOfferRules, nftokenCreateOfferRules } from './nft/nft-offers'
import { paymentRules } from './payment/native-payment'
import {
  channelClaimRules,
  channelCreateRules,
  channelFundRules,
} from './payment-channel/payment-channels'
import { trustSetRules } from './token/trust-set'
import type { TransactionRules } from './transaction-rules'

// Every transaction type the simulated ledger applies, by `TransactionType`: a new type is one
// file in its family's folder (rules/<family>/, as rippled's `transactors/<family>/`) and one line
// here. A type missing here is `temUNKNOWN` (rules/transactor.ts, docs/protocol.md §8.7). The
// folders, and which may import which, are held by test/server/import-arrows.test.ts.
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
