export type {
  AccountView,
  BalanceChange,
  IssuedAmount,
  Ledger,
  SubmitResult,
  TransactionLookup,
} from './ledger-types'
export type { NetworkDefinition, NetworkEndpoint, NetworkExplorer, NetworkKey } from './networks'
export {
  isNetworkKey,
  NETWORK_ID_FIELD_THRESHOLD,
  NETWORK_KEYS,
  NETWORKS,
  networkDefinition,
  requiresNetworkId,
} from './networks'
