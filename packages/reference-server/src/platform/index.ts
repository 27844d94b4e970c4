import type { Endpoints } from 'pullsign/wire'
import type { Ledger } from '../ledger'
import type { Wallet } from '../wallet'
import type { Applications } from './applications'
import type { Clock } from './clock'
import { PlatformError } from './errors'
import type { Payloads } from './payloads'
import type { Users } from './users'

export type {
  PayloadCancelResponse,
  PayloadCreated,
  PayloadRecord,
  PayloadSocketMessage,
} from 'pullsign/wire'
export type { Application, Applications, CreateApplicationInput } from './applications'
export type { Clock, ClockOptions } from './clock'
export { createClock } from './clock'
export * from './errors'
export type {
  CreateContext,
  OpenInput,
  WalletOutcome,
  WalletRequest,
  WalletRequestOptions,
} from './payload-types'
export type { Payloads } from './payloads'
export type { User, UserAccount, UserDevice, Users } from './users'

/** Route classes of the rate limiter (PROTOCOL §1/§2). */
export type RouteClass = 'payload-create' | 'xrpl-tx' | 'kyc' | 'account-meta' | 'default'

/** Options of {@link createPlatform}. */
export interface PlatformOptions {
  clock?: Clock
  endpoints?: Endpoints
  /** Start fixtures; `reset()` returns to them. Defaults to the demo fixtures. */
  fixtures?: unknown
  /** Ledger close interval, ms; false closes only on demand. Default 4000. */
  ledgerCloseMs?: number | false
  /** Calls per sliding minute per route class; false switches rate limiting off. */
  rateLimits?: false | Partial<Record<RouteClass, number>>
  /** The fetch webhooks are delivered with. */
  fetch?: typeof fetch
  /** Default validity of user tokens, days (30). */
  tokenValidityDays?: number
}

/** The whole platform, transport-free. */
export interface Platform {
  readonly clock: Clock
  readonly endpoints: Endpoints
  setEndpoints(endpoints: Endpoints): void
  applications: Applications
  users: Users
  payloads: Payloads
  ledger: Ledger
  wallet: Wallet
  reset(): void
  dispose(): void
}

/**
 * Creates the platform with everything wired.
 *
 * @example
 * ```ts
 * const platform = createPlatform({ ledgerCloseMs: false })
 * const [app] = platform.applications.list()
 * ```
 */
export function createPlatform(_options: PlatformOptions = {}): Platform {
  throw new PlatformError(500, 500, 'not implemented yet')
}
