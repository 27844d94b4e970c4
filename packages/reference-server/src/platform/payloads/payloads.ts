import type {
  PayloadCancelResponse,
  PayloadCreated,
  PayloadRecord,
  PayloadSocketMessage,
  SocketResolvedMessage,
} from 'pullsign/wire'
import type { Application, Applications } from '../applications/applications'
import type { Webhooks } from '../applications/webhook-dispatcher'
import type { Clock } from '../clock'
import { conflict, notFound } from '../errors'
import { newUuid } from '../ids'
import type { UserTokens } from '../users/user-tokens'
import type { Users } from '../users/users'
import { resolveBatchSigners, splitBatchSigners } from './batch-signers'
import { createdJson, createdLinks } from './created-json'
import { createPayloadEvents } from './payload-events'
import { listPayloads, type PayloadList } from './payload-list'
import { buildRecord, isExpired, resolvedMessage, webhookBody } from './payload-record'
import { parsePayloadRequest } from './payload-request'
import { createPayloadRetention, type RetentionOptions } from './payload-retention'
import { createPayloadStore, type StoredPayload } from './payload-store'
import type { CreateContext, OpenInput, WalletOutcome, WalletRequest } from './payload-types'
import type { PayloadsState } from './payloads-state'
import { createRecordJsonCache } from './record-json-cache'
import { createTransientPayloads } from './transient-payloads'

/** Payloads: creation, the state machine of docs/protocol.md §3 and its events (§4). */
export interface Payloads {
  /** §3.1 → §3.2; validates everything before any state change. */
  create(app: Application, body: unknown, context?: CreateContext): PayloadCreated
  /** Calls `listener` with the uuid of every payload created from now on; returns unsubscribe. */
  onCreated(listener: (uuid: string) => void): () => void
  /**
   * §3.3; emits `devapp_fetched`. 404 for another application's payload, and, for the user of a
   * JWT (`userUuid`), for a payload not bound to that user (docs/protocol.md §7.3).
   */
  get(app: Application, uuid: string, userUuid?: string): PayloadRecord
  /** §3.3 by `custom_meta.identifier`. */
  getByIdentifier(app: Application, identifier: string, userUuid?: string): PayloadRecord
  /** §3.4. */
  cancel(app: Application, uuid: string, userUuid?: string): PayloadCancelResponse
  /** §3.3 without an application check and without `devapp_fetched` (control API, wallet, ws). */
  record(uuid: string): PayloadRecord
  /** Whether the payload is still kept (retention forgets payloads that are over). */
  has(uuid: string): boolean
  /**
   * Listens to the §4 events of a payload; returns unsubscribe. 404 for an unknown uuid. `onEnd`
   * runs if the payload is forgotten (retention, an application's reset) while listened to.
   */
  subscribe(
    uuid: string,
    listener: (message: PayloadSocketMessage) => void,
    onEnd?: () => void,
  ): () => void
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
  /** The newest stored payloads, at most `limit`, newest first (the dashboard's list). */
  recent(limit: number): PayloadRecord[]
  /**
   * GET `/__ref/payloads` (docs/protocol.md §10): `{count, payloads, next?}`, newest first,
   * filtered by `application`, `user` and `state`, `limit` per page, `cursor` from `next`.
   */
  list(query?: unknown): PayloadList
  /** Number of stored payloads. */
  readonly size: number
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every stored payload, oldest first, for a snapshot (src/state/snapshot.ts). */
  saveState(): PayloadsState
  /** Replaces every payload with a checked snapshot part (listeners and timers are dropped). */
  loadState(state: PayloadsState): void
  /** Forgets every payload of an application, with its events and webhook log (its reset). */
  forgetApplication(appUuid: string): void
  clear(): void
  /** Stops the retention sweep. */
  dispose(): void
}

/**
 * The API's answers to create and GET as the JSON text the HTTP routes send (docs/protocol.md
 * §3.2, §3.3): the one path of these reads. {@link Payloads}' `create`, `get` and
 * `getByIdentifier` return these texts parsed; a GET's text is remembered while its record stays
 * the same (record-json-cache.ts).
 *
 * @example
 * ```ts
 * const { payloads, json } = createPayloads(deps)
 * json.get(app, uuid) // '{"meta":{"exists":true,…'
 * ```
 */
export interface PayloadJson {
  create(app: Application, body: unknown, context?: CreateContext): string
  get(app: Application, uuid: string, userUuid?: string): string
  getByIdentifier(app: Application, identifier: string, userUuid?: string): string
}

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
}

const shortId = (value: unknown) => String(value).slice(0, 64)

/** The fields of a stored payload that change after creation. */
type PayloadChange = Partial<
  Pick<
    StoredPayload,
    'state' | 'openedBy' | 'via' | 'resolvedAt' | 'outcome' | 'referenceCall' | 'issuedToken'
  >
>

// Every change of a stored payload goes through here, so its revision tells a changed record.
const change = (payload: StoredPayload, changes: PayloadChange) => {
  Object.assign(payload, changes)
  payload.revision += 1
}

/**
 * Creates the payload part of the platform: the payloads, and their answers as JSON text for the
 * HTTP routes (the composition root hands `json` to them).
 *
 * @example
 * ```ts
 * const { payloads } = createPayloads(deps)
 * const created = payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
 * payloads.record(created.uuid).meta.resolved // false
 * ```
 */
export function createPayloads(deps: PayloadDeps): { payloads: Payloads; json: PayloadJson } {
  const { clock } = deps
  const store = createPayloadStore()
  const recordJson = createRecordJsonCache()
  // Every add, change and removal: what a snapshot's payload part depends on.
  let changes = 0
  const links = createdLinks(deps.apiBase)
  const forget = (uuids: readonly string[]) => {
    changes++
    // First, while the store still holds them: their event channels end like a close.
    events.forget(uuids)
    for (const uuid of uuids) store.delete(uuid)
    recordJson.forget(uuids)
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
  const createdListeners = new Set<(uuid: string) => void>()
  const events = createPayloadEvents({
    clock,
    isStillPending: (uuid) => store.get(uuid)?.state === 'created',
  })

  const find = (uuid: unknown): StoredPayload => {
    const payload = typeof uuid === 'string' ? store.get(uuid) : undefined
    if (!payload) throw notFound(`payload ${shortId(uuid)}`)
    return payload
  }

  // A user JWT reaches only payloads bound to its user (docs/protocol.md §7.3).
  const seenBy = (payload: StoredPayload, userUuid: string | undefined) =>
    userUuid === undefined || payload.boundUser === userUuid

  const own = (app: Application, uuid: unknown, userUuid?: string): StoredPayload => {
    const payload = find(uuid)
    // Another application's payload is indistinguishable from a missing one (docs/protocol.md §1, 404).
    if (payload.appUuid !== app.uuid || !seenBy(payload, userUuid)) {
      throw notFound(`payload ${shortId(uuid)}`)
    }
    return payload
  }

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
  const view = (payload: StoredPayload) => buildRecord(payload, recordContext(payload))
  const text = (payload: StoredPayload) => recordJson.json(payload, recordContext(payload))

  const byIdentifier = (app: Application, identifier: unknown, userUuid?: string) => {
    const payload =
      typeof identifier === 'string' ? store.byIdentifier(app.uuid, identifier) : undefined
    if (!payload || !seenBy(payload, userUuid))
      throw notFound(`payload with custom_meta.identifier ${shortId(identifier)}`)
    return payload
  }

  const fetched = (payload: StoredPayload) => {
    events.emit(payload.uuid, { devapp_fetched: true })
    return payload
  }

  const requireOpened = (payload: StoredPayload, step: string) => {
    if (payload.state !== 'opened') {
      throw conflict(`payload ${payload.uuid} is ${payload.state}, it cannot be ${step}`)
    }
  }

  // Validates a create request and stores its payload; nothing is stored when it is refused.
  const admit = (app: Application, body: unknown, context: CreateContext = {}) => {
    // A final Batch payload names its inner signers in any notation (docs/protocol.md §8.4).
    const { body: checked, batchSigners } = splitBatchSigners(body)
    const { request, userToken } = parsePayloadRequest(checked, {
      restrictedTypes: app.permissions.includes('restricted_types'),
    })
    if (batchSigners !== undefined) {
      request.txjson = resolveBatchSigners(
        { ...request.txjson, BatchSigners: batchSigners },
        (uuid) => {
          const signer = store.get(uuid)
          if (!signer || signer.appUuid !== app.uuid) return undefined
          return signer.outcome?.signed ? signer.outcome.hex : null
        },
      ) as typeof request.txjson
    }
    const identifier = request.customMeta.identifier
    if (identifier !== null && store.byIdentifier(app.uuid, identifier)) {
      throw conflict('custom_meta.identifier is already used by this application')
    }
    // An unknown, expired, revoked or foreign token is not an error: the payload is not pushed.
    const boundUser =
      (context.userUuid !== undefined && deps.users.find(context.userUuid)
        ? context.userUuid
        : null) ?? deps.tokens.userOf(app, userToken)
    const now = clock.now()
    const payload: StoredPayload = {
      uuid: newUuid(),
      appUuid: app.uuid,
      createdAt: now,
      expiresAt: now + request.options.expire * 60_000,
      request,
      boundUser,
      pushed: boundUser !== null,
      xapp: context.xapp === true,
      state: 'created',
      openedBy: null,
      via: null,
      resolvedAt: null,
      outcome: null,
      referenceCall: null,
      issuedToken: null,
      revision: 0,
    }
    store.add(payload)
    changes++
    retention.added()
    if (context.transient) transient.added(payload.uuid, payload.expiresAt, now)
    for (const listener of createdListeners) listener(payload.uuid)
    return payload
  }

  const json: PayloadJson = {
    create(app, body, context) {
      const { uuid, pushed } = admit(app, body, context)
      return createdJson(uuid, pushed, links())
    },
    get: (app, uuid, userUuid) => text(fetched(own(app, uuid, userUuid))),
    getByIdentifier: (app, identifier, userUuid) => text(byIdentifier(app, identifier, userUuid)),
  }

  const payloads: Payloads = {
    create: (app, body, context) => JSON.parse(json.create(app, body, context)) as PayloadCreated,
    onCreated(listener) {
      createdListeners.add(listener)
      return () => createdListeners.delete(listener)
    },
    get: (app, uuid, userUuid) => JSON.parse(json.get(app, uuid, userUuid)) as PayloadRecord,
    getByIdentifier: (app, identifier, userUuid) =>
      JSON.parse(json.getByIdentifier(app, identifier, userUuid)) as PayloadRecord,
    cancel(app, uuid, userUuid) {
      const payload = own(app, uuid, userUuid)
      const reason =
        payload.state === 'cancelled'
          ? 'ALREADY_CANCELLED'
          : payload.state === 'resolved'
            ? 'ALREADY_RESOLVED'
            : payload.state === 'opened'
              ? 'ALREADY_OPENED'
              : isExpired(payload, clock.now())
                ? 'ALREADY_EXPIRED'
                : 'OK'
      if (reason === 'OK') {
        change(payload, { state: 'cancelled' })
        changes++
        retention.cancelled(payload.uuid)
        events.disarm(payload.uuid)
        events.emit(payload.uuid, { expired: true })
      }
      const record = view(payload)
      return {
        result: { cancelled: reason === 'OK', reason },
        meta: record.meta,
        custom_meta: record.custom_meta,
      }
    },
    record: (uuid) => view(find(uuid)),
    has: (uuid) => store.get(uuid) !== undefined,
    subscribe(uuid, listener, onEnd) {
      const payload = find(uuid)
      return events.subscribe(
        payload.uuid,
        listener,
        payload.state === 'created' ? payload.expiresAt : null,
        onEnd,
      )
    },
    resolvedMessage: (uuid) => {
      const payload = store.get(uuid)
      return payload ? resolvedMessage(payload) : null
    },
    request(uuid) {
      const payload = find(uuid)
      const { options, txjson } = payload.request
      return {
        uuid: payload.uuid,
        application: deps.applications.get(payload.appUuid),
        txjson: structuredClone(txjson),
        options: {
          ...options,
          signers: [...options.signers],
          return_url: { ...options.return_url },
        },
        userUuid: payload.boundUser,
      }
    },
    open(uuid, input) {
      const payload = find(uuid)
      deps.users.get(input.userUuid)
      if (payload.state === 'opened' && payload.openedBy === input.userUuid) return
      if (payload.state !== 'created') {
        throw conflict(`payload ${payload.uuid} is ${payload.state}, it cannot be opened`)
      }
      if (payload.boundUser !== null && payload.boundUser !== input.userUuid) {
        throw conflict(`payload ${payload.uuid} is for another user`)
      }
      // Expiry limits opening, not resolving (docs/protocol.md §3.3).
      if (clock.now() >= payload.expiresAt) {
        throw conflict(`payload ${payload.uuid} expired before it was opened`)
      }
      changes++
      change(payload, {
        state: 'opened',
        openedBy: input.userUuid,
        via: input.via ?? (payload.pushed ? 'PUSH_NOTIFICATION' : 'QR'),
      })
      events.disarm(payload.uuid)
      events.emit(payload.uuid, { opened: true })
    },
    preSign(uuid) {
      const payload = find(uuid)
      requireOpened(payload, 'signed')
      events.emit(payload.uuid, { pre_signed: true })
    },
    dispatch(uuid) {
      const payload = find(uuid)
      requireOpened(payload, 'dispatched')
      events.emit(payload.uuid, { dispatched: true })
    },
    resolve(uuid, outcome: WalletOutcome) {
      const payload = find(uuid)
      requireOpened(payload, 'resolved')
      if (outcome.userUuid !== payload.openedBy) {
        throw conflict(`payload ${payload.uuid} was opened by another user`)
      }
      const app = deps.applications.get(payload.appUuid)
      // §3.5 step 1: the record, and on signing a user token issued or renewed.
      const token = outcome.signed ? deps.tokens.issue(app, outcome.userUuid) : null
      changes++
      change(payload, {
        state: 'resolved',
        outcome,
        resolvedAt: clock.now(),
        referenceCall: newUuid(),
        issuedToken: token?.token ?? null,
      })
      // Step 2: the websocket resolve message.
      const message = resolvedMessage(payload)
      if (message) events.emit(payload.uuid, message)
      // Step 3: the webhook.
      deps.webhooks.deliver(app, webhookBody(payload, app, token))
      return view(payload)
    },
    inbox: (userUuid) => store.inbox(userUuid).map(view),
    recent: (limit) =>
      [...store.values()]
        .slice(Math.max(0, store.size - limit))
        .reverse()
        .map(view),
    list: (query) => listPayloads(store.values(), query, clock.now(), view),
    get size() {
      return store.size
    },
    get changes() {
      return changes
    },
    saveState: () =>
      [...store.values()].map(({ revision: _, ...payload }) => structuredClone(payload)),
    loadState(state) {
      payloads.clear()
      for (const saved of state) store.add({ ...structuredClone(saved), revision: 0 })
    },
    forgetApplication(appUuid) {
      const uuids = [...store.values()]
        .filter((payload) => payload.appUuid === appUuid)
        .map((payload) => payload.uuid)
      retention.forget(uuids)
    },
    clear() {
      changes++
      events.clear()
      store.clear()
      recordJson.clear()
      retention.clear()
      transient.clear()
    },
    dispose() {
      retention.dispose()
    },
  }
  return { payloads, json }
}
