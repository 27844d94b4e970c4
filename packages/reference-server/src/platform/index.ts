export { type AppStorage, createAppStorage } from './app-storage'
export {
  type Application,
  type Applications,
  type CreateApplicationInput,
  createApplications,
} from './applications'
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
export { createLookups, type Lookups } from './lookups'
export { parseRetention, type RetentionOptions } from './payload-retention'
export type {
  CreateContext,
  OpenInput,
  WalletOutcome,
  WalletRequest,
  WalletRequestOptions,
} from './payload-types'
export { createPayloads, type PayloadJson, type Payloads } from './payloads'
export { createPush, type Push, type PushMessage } from './push'
export {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateDecision,
  type RateLimits,
  type RouteClass,
} from './rate-limits'
export { nativePrice } from './rates'
export { createUserData, type UserData } from './user-data'
export { createUserTokens, type UserToken, type UserTokens } from './user-tokens'
export { createUsers, type User, type UserAccount, type UserDevice, type Users } from './users'
export { createWebhookDispatcher, type Webhooks } from './webhook-dispatcher'
export { createXapps, type ReplayCaller, type XappLaunch, type Xapps } from './xapps'
