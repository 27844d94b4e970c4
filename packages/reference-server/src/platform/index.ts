export { type AppStorage, createAppStorage } from './applications/app-storage'
export {
  type Application,
  type Applications,
  type CreateApplicationInput,
  createApplications,
} from './applications/applications'
export { createWebhookDispatcher, type Webhooks } from './applications/webhook-dispatcher'
export { type Clock, type ClockOptions, createClock } from './clock'
export { DEFAULT_ENDPOINTS } from './endpoints'
export * from './errors'
export {
  DEMO_FIXTURES,
  EMPTY_FIXTURES,
  type Fixtures,
  type FixtureUser,
  loadFixtures,
  parseFixtures,
} from './fixtures'
export { createLookups, type Lookups } from './lookups/lookups'
export { nativePrice } from './lookups/rates'
export type { PayloadPersistence } from './payloads/payload-persistence'
export type { PayloadRequests } from './payloads/payload-requests'
export { parseRetention, type RetentionOptions } from './payloads/payload-retention'
export type { PayloadSubscriptions } from './payloads/payload-subscriptions'
export type {
  CreateContext,
  OpenInput,
  WalletOutcome,
  WalletRequest,
  WalletRequestOptions,
} from './payloads/payload-types'
export type { PayloadWalletSteps } from './payloads/payload-wallet-steps'
export { createPayloads, type Payloads } from './payloads/payloads'
export {
  type PreflightTarget,
  type RequestPreflight,
  type TransactionFinding,
  WALLET_DEFAULT_NETWORK,
} from './payloads/transaction-preflight'
export {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateDecision,
  type RateLimits,
  type RouteClass,
} from './rate-limits'
export { createUserData, type UserData } from './users/user-data'
export { createUserTokens, type UserToken, type UserTokens } from './users/user-tokens'
export {
  createUsers,
  type User,
  type UserAccount,
  type UserDevice,
  type Users,
} from './users/users'
export { createPush, type Push, type PushMessage } from './xapps/push'
export { createXapps, type ReplayCaller, type XappLaunch, type Xapps } from './xapps/xapps'
