export {
  type AccountOffer,
  accountOffers,
  type BookOffer,
  type BookOffersPage,
  type BookOffersRequest,
  bookOffers,
  booksTouched,
} from './book-offers'
export { createLedger, type LedgerClock, type LedgerOptions } from './create-ledger'
export { type LedgerState, ledgerStateSchema } from './ledger-state'
export type {
  AccountView,
  Ledger,
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
