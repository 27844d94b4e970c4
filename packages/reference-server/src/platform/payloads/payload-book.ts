import type { PayloadRecord } from 'pullsign/wire'
import type { Application, Applications } from '../applications/applications'
import type { Webhooks } from '../applications/webhook-dispatcher'
import type { Clock } from '../clock'
import { notFound } from '../errors'
import type { UserTokens } from '../users/user-tokens'
import type { Users } from '../users/users'
import { createPayloadEvents, type PayloadEvents } from './payload-events'
import {
  createPayloadRetention,
  type PayloadRetention,
  type RetentionOptions,
} from './payload-retention'
import { createPayloadStore, type PayloadStore, type StoredPayload } from './payload-store'
import { createRecordMemo } from './record-memo'
import type { RequestPreflight } from './transaction-preflight'
import { createTransientPayloads } from './transient-payloads'

/** What the payload part needs from the rest of the platform. */
export interface PayloadDeps {
  clock: Clock
  /** The current `{api}` base URL (the transport sets it after listening). */
  apiBase: () => string
  applications: Applications
  users: Users
  tokens: UserTokens
  webhooks: Webhooks
  /** What to forget, and when; everything is kept when absent. */
  retention?: RetentionOptions
  /** The ledger's preflight of a requested transaction (create-platform.ts); none: no check. */
  preflight?: RequestPreflight
  /**
   * Refuses (602) a create whose transaction the preflight refuses, where by default the payload
   * is created and the finding shown (docs/protocol.md §3.1 "Before the ledger says so").
   */
  strictTransactions?: boolean
}

/** The fields of a stored payload that change after creation. */
export type PayloadChange = Partial<
  Pick<
    StoredPayload,
    'state' | 'openedBy' | 'via' | 'resolvedAt' | 'outcome' | 'referenceCall' | 'issuedToken'
  >
>

/**
 * The state the payload ports share: the store with its retention, the event hub, and the few
 * rules every port applies (which payload a caller may see, how a change is counted).
 */
export interface PayloadBook {
  readonly deps: PayloadDeps
  readonly store: PayloadStore
  readonly events: PayloadEvents
  readonly retention: PayloadRetention
  /** Called with the uuid of every payload created (the subscriptions port adds to it). */
  readonly createdListeners: Set<(uuid: string) => void>
  /** Counts the adds, changes and removals a snapshot's payload part depends on. */
  readonly changes: number
  /** Stores a new payload (with retention, and the transient forgetting when `transient`). */
  add(payload: StoredPayload, transient: boolean): void
  /** Changes a stored payload: the one way its fields move, so its revision tells a new record. */
  change(payload: StoredPayload, fields: PayloadChange): void
  /** The payload, else 404. */
  find(uuid: unknown): StoredPayload
  /** The payload of `app` (and of the JWT's `userUuid`), else 404 (docs/protocol.md §1, §7.3). */
  own(app: Application, uuid: unknown, userUuid?: string): StoredPayload
  /** The payload of `app` by `custom_meta.identifier`, else 404. */
  byIdentifier(app: Application, identifier: unknown, userUuid?: string): StoredPayload
  /** The §3.3 record of a stored payload: frozen, the same object while nothing in it changes. */
  view(payload: StoredPayload): PayloadRecord
  /** Empties the store, its timers and its events (listeners are dropped). */
  clear(): void
}

const shortId = (value: unknown) => String(value).slice(0, 64)

/**
 * Creates the {@link PayloadBook} the payload ports (requests, wallet steps, subscriptions,
 * persistence) are made over.
 *
 * @example
 * ```ts
 * const book = createPayloadBook(deps)
 * book.view(book.find(uuid)).meta.resolved // false
 * ```
 */
export function createPayloadBook(deps: PayloadDeps): PayloadBook {
  const { clock } = deps
  const store = createPayloadStore()
  const records = createRecordMemo()
  let changes = 0
  const forget = (uuids: readonly string[]) => {
    changes++
    // First, while the store still holds them: their event channels end like a close.
    events.forget(uuids)
    for (const uuid of uuids) store.delete(uuid)
    records.forget(uuids)
    deps.webhooks.forget(new Set(uuids))
  }
  const retention = createPayloadRetention({
    clock,
    store,
    options: deps.retention ?? {},
    forget,
    owesMessage: (uuid) => events.owesExpiry(uuid),
  })
  const transient = createTransientPayloads((uuid) => store.get(uuid)?.state === 'created', forget)
  const events = createPayloadEvents({
    clock,
    isStillPending: (uuid) => store.get(uuid)?.state === 'created',
  })
  const createdListeners = new Set<(uuid: string) => void>()

  const find = (uuid: unknown): StoredPayload => {
    const payload = typeof uuid === 'string' ? store.get(uuid) : undefined
    if (!payload) throw notFound(`payload ${shortId(uuid)}`)
    return payload
  }
  // A user JWT reaches only payloads bound to its user (docs/protocol.md §7.3).
  const seenBy = (payload: StoredPayload, userUuid: string | undefined) =>
    userUuid === undefined || payload.boundUser === userUuid

  const recordContext = (payload: StoredPayload) => {
    const destination = payload.request.txjson.Destination
    return {
      app: deps.applications.get(payload.appUuid),
      now: clock.now(),
      destinationName:
        typeof destination === 'string'
          ? (deps.users.byAddress(destination)?.user.name ?? null)
          : null,
    }
  }

  return {
    deps,
    store,
    events,
    retention,
    createdListeners,
    get changes() {
      return changes
    },
    add(payload, isTransient) {
      store.add(payload)
      changes++
      retention.added(payload)
      if (isTransient) transient.added(payload.uuid, payload.expiresAt, clock.now())
      for (const listener of createdListeners) listener(payload.uuid)
    },
    change(payload, fields) {
      Object.assign(payload, fields)
      payload.revision += 1
      changes++
      if (fields.state === 'resolved' || fields.state === 'cancelled') retention.ended()
    },
    find,
    own(app, uuid, userUuid) {
      const payload = find(uuid)
      // Another application's payload is indistinguishable from a missing one (docs/protocol.md §1, 404).
      if (payload.appUuid !== app.uuid || !seenBy(payload, userUuid)) {
        throw notFound(`payload ${shortId(uuid)}`)
      }
      return payload
    },
    byIdentifier(app, identifier, userUuid) {
      const payload =
        typeof identifier === 'string' ? store.byIdentifier(app.uuid, identifier) : undefined
      if (!payload || !seenBy(payload, userUuid))
        throw notFound(`payload with custom_meta.identifier ${shortId(identifier)}`)
      return payload
    },
    view: (payload) => records.record(payload, recordContext(payload)),
    clear() {
      changes++
      events.clear()
      store.clear()
      records.clear()
      retention.clear()
      transient.clear()
    },
  }
}
