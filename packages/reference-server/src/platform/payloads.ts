import type {
  PayloadCancelResponse,
  PayloadCreated,
  PayloadRecord,
  PayloadSocketMessage,
  SocketResolvedMessage,
} from 'pullsign/wire'
import type { Application } from './applications'
import { PlatformError } from './errors'
import type { CreateContext, OpenInput, WalletOutcome, WalletRequest } from './payload-types'

/** Payloads: creation, the state machine of PROTOCOL §3 and its events (§4). */
export interface Payloads {
  /** §3.1 → §3.2; validates everything before any state change. */
  create(app: Application, body: unknown, context?: CreateContext): PayloadCreated
  /** §3.3; emits `devapp_fetched`. 404 for another application's payload. */
  get(app: Application, uuid: string): PayloadRecord
  /** §3.3 by `custom_meta.identifier`. */
  getByIdentifier(app: Application, identifier: string): PayloadRecord
  /** §3.4. */
  cancel(app: Application, uuid: string): PayloadCancelResponse
  /** §3.3 without an application check and without `devapp_fetched` (control API, wallet, ws). */
  record(uuid: string): PayloadRecord
  /** Listens to the §4 events of a payload; returns unsubscribe. 404 for an unknown uuid. */
  subscribe(uuid: string, listener: (message: PayloadSocketMessage) => void): () => void
  /** The §4 resolve message once resolved (for late subscribers), else null. */
  resolvedMessage(uuid: string): SocketResolvedMessage | null
  /** What the wallet needs to sign. */
  request(uuid: string): WalletRequest
  /** Marks opened; refuses expired-before-open, resolved and cancelled payloads; emits `opened`. */
  open(uuid: string, input: OpenInput): void
  /** Emits `pre_signed`. */
  preSign(uuid: string): void
  /** Emits `dispatched`. */
  dispatch(uuid: string): void
  /** Applies the wallet's outcome with the §3.5 side effects, in order. */
  resolve(uuid: string, outcome: WalletOutcome): PayloadRecord
  /** Payloads pushed to a user (their event list), newest first. */
  inbox(userUuid: string): PayloadRecord[]
  /** Number of stored payloads. */
  readonly size: number
  clear(): void
}

/**
 * Creates the payload part of the platform.
 *
 * @example
 * ```ts
 * const created = platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
 * platform.payloads.record(created.uuid).meta.resolved // false
 * ```
 */
export function createPayloads(): Payloads {
  throw new PlatformError(500, 500, 'not implemented yet')
}
