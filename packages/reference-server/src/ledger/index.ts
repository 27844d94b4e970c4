export type { LedgerHeader } from './closing/ledger-header'
export { createLedger, type LedgerClock, type LedgerOptions } from './create-ledger'
export type { LedgerClosed, TransactionApplied } from './ledger-events'
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
