export type {
  PayWith,
  Wallet,
  WalletOpenInput,
  WalletOpenVia,
  WalletRejectInput,
  WalletSignInput,
} from './wallet-types'
