export { createWallet, type WalletDeps } from './create-wallet'
export type { RateLookup } from './pay-with'
export { requestPreflight } from './request-preflight'
export type {
  Wallet,
  WalletAutopilotRule,
  WalletOpenInput,
  WalletOpenVia,
  WalletRejectInput,
  WalletSignInput,
} from './wallet-types'
