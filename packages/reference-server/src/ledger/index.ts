export {
  AMENDMENT_PROFILES,
  type Amendment,
  type AmendmentProfile,
  type AmendmentSwitches,
  type AmendmentTable,
  amendmentTable,
} from './amendments/amendment-table'
export type { LedgerHeader } from './closing/ledger-header'
export type { MultisignedRefusal } from './codec/multisigned-blob'
export {
  type AmendmentSettings,
  checkCloseMode,
  createLedger,
  IDLE_CLOSE_MS,
  type LedgerClock,
  type LedgerCloseMode,
  type LedgerOptions,
} from './create-ledger'
export type { LedgerClosed, TransactionApplied } from './ledger-events'
export { type LedgerState, ledgerStateSchema } from './ledger-state'
export type {
  AccountView,
  Ledger,
  LedgerSelector,
  SubmitResult,
  TransactionLookup,
} from './ledger-types'
export type { NetworkDefinition, NetworkKey } from './networks'
export {
  NETWORK_ID_FIELD_THRESHOLD,
  NETWORKS,
  networkDefinition,
  requiresNetworkId,
} from './networks'
export { affectedAccounts } from './reads/affected-accounts'
export {
  type AccountOffer,
  accountOffers,
  type BookOffer,
  type BookOffersPage,
  type BookOffersRequest,
  bookOffers,
  booksTouched,
} from './reads/book-offers'
export type { ObjectsPage, OwnerObjectsRequest } from './reads/ledger-reads'
export { type AccountChannel, accountChannel } from './reads/payment-channel-reads'
export {
  type ChannelVerifyResult,
  channelVerify,
} from './rules/payment-channel/channel-claim-signature'
export type { LedgerObject } from './state/ledger-object'
export type { StoredTransaction } from './state/stored-transaction'
export type { AffectedNode, TransactionMeta } from './state/transaction-meta'
export { transactionLookup } from './transaction-lookup'
export type { PreflightRefusal, UnsignedPreflightOptions } from './unsigned-preflight'
export type { Refusal } from './view/refusal'
