import type { Endpoints, PayloadRecord, RefState } from 'pullsign/wire'
import type { Identity } from '../identity'
import type { Ledger } from '../ledger'
import type {
  Applications,
  AppStorage,
  Clock,
  Lookups,
  PayloadJson,
  Payloads,
  Push,
  RateLimits,
  UserData,
  Users,
  UserTokens,
  Webhooks,
  Xapps,
} from '../platform'
import type { Wallet } from '../wallet'
import type { CredentialParts } from './guards/credentials'

/**
 * The parts of the platform the HTTP routes call. The handler (handler.ts) builds this once; each
 * route module names the few it uses (`Pick<HttpParts, 'credentials' | 'payloads'>`).
 */
export interface HttpParts {
  /** What the guard of an API route verifies callers with (credentials.ts). */
  credentials: CredentialParts
  /** The endpoints now (the transport sets them after listening). */
  endpoints: () => Endpoints
  /** GET `/__ref/state` (docs/protocol.md §10). */
  state: () => RefState
  inbox: (userUuid: string) => PayloadRecord[]
  reset: () => void
  clock: Clock
  applications: Applications
  users: Users
  payloads: Payloads
  /** The payload answers as the JSON text the routes send. */
  payloadJson: PayloadJson
  tokens: UserTokens
  storage: AppStorage
  userData: UserData
  rateLimits: RateLimits
  lookups: Lookups
  webhooks: Webhooks
  xapps: Xapps
  push: Push
  ledger: Ledger
  wallet: Wallet
  identity: Identity
}
