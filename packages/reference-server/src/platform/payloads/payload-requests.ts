import type { PayloadCancelResponse, PayloadCreated, PayloadRecord } from 'pullsign/wire'
import type { Application } from '../applications/applications'
import { conflict } from '../errors'
import { newUuid } from '../ids'
import { resolveBatchSigners, splitBatchSigners } from './batch-signers'
import { createdAnswer } from './created-answer'
import type { PayloadBook } from './payload-book'
import { listPayloads, type PayloadList } from './payload-list'
import { isExpired } from './payload-record'
import { type PayloadRequest, parsePayloadRequest } from './payload-request'
import type { StoredPayload } from './payload-store'
import type { CreateContext } from './payload-types'
import { strictRefusal, type TransactionFinding, transactionFinding } from './transaction-preflight'

/**
 * The requests port: what an application (the API routes, the OAuth provider) and the control
 * API ask of payloads: create one (docs/protocol.md §3.1, §3.2), read it (§3.3), cancel it (§3.4)
 * and list them (§10). The records it returns are frozen: the same object while nothing it shows
 * changes.
 */
export interface PayloadRequests {
  /** §3.1 → §3.2; validates everything before any state change. */
  create(app: Application, body: unknown, context?: CreateContext): PayloadCreated
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
  /**
   * What the ledger's preflight says of the payload's transaction, or null when it passes (or no
   * preflight is wired): docs/protocol.md §3.1 "Before the ledger says so". 404 for an unknown uuid.
   */
  finding(uuid: string): TransactionFinding | null
  /** Whether the payload is still kept (retention forgets payloads that are over). */
  has(uuid: string): boolean
  /** Payloads pushed to a user (their event list), newest first. */
  inbox(userUuid: string): PayloadRecord[]
  /** The newest stored payloads, at most `limit`, newest first (the dashboard's list). */
  recent(limit: number): PayloadRecord[]
  /**
   * GET `/__ref/payloads` (docs/protocol.md §10): `{count, payloads, next?}`, newest first,
   * filtered by `application`, `user` and `state`, `limit` per page, `cursor` from `next`.
   */
  list(query?: unknown): PayloadList
}

/**
 * Creates the {@link PayloadRequests} port over a payload book.
 *
 * @example
 * ```ts
 * const requests = createPayloadRequests(createPayloadBook(deps))
 * const created = requests.create(app, { txjson: { TransactionType: 'SignIn' } })
 * requests.record(created.uuid).meta.resolved // false
 * ```
 */
export function createPayloadRequests(book: PayloadBook): PayloadRequests {
  const { deps, store, events } = book

  // Each request's finding, worked out once (requests are never changed after creation).
  const findings = new WeakMap<PayloadRequest, TransactionFinding | null>()
  const findingOf = (request: PayloadRequest) => {
    let finding = findings.get(request)
    if (finding === undefined) {
      finding = deps.preflight ? transactionFinding(request, deps.preflight) : null
      findings.set(request, finding)
    }
    return finding
  }

  const fetched = (payload: StoredPayload) => {
    events.emit(payload.uuid, { devapp_fetched: true })
    return payload
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
    // The ledger's preflight, as production would not: noted, or refused when strict (§3.1).
    const finding = findingOf(request)
    if (finding && deps.strictTransactions) throw strictRefusal(request.txjson, finding)
    const identifier = request.customMeta.identifier
    if (identifier !== null && store.byIdentifier(app.uuid, identifier)) {
      throw conflict('custom_meta.identifier is already used by this application')
    }
    // An unknown, expired, revoked or foreign token is not an error: the payload is not pushed.
    const boundUser =
      (context.userUuid !== undefined && deps.users.find(context.userUuid)
        ? context.userUuid
        : null) ?? deps.tokens.userOf(app, userToken)
    const now = deps.clock.now()
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
    book.add(payload, context.transient === true)
    return payload
  }

  return {
    create(app, body, context) {
      const { uuid, pushed } = admit(app, body, context)
      return createdAnswer(uuid, pushed, deps.apiBase())
    },
    get: (app, uuid, userUuid) => book.view(fetched(book.own(app, uuid, userUuid))),
    getByIdentifier: (app, identifier, userUuid) =>
      book.view(book.byIdentifier(app, identifier, userUuid)),
    cancel(app, uuid, userUuid) {
      const payload = book.own(app, uuid, userUuid)
      const reason =
        payload.state === 'cancelled'
          ? 'ALREADY_CANCELLED'
          : payload.state === 'resolved'
            ? 'ALREADY_RESOLVED'
            : payload.state === 'opened'
              ? 'ALREADY_OPENED'
              : isExpired(payload, deps.clock.now())
                ? 'ALREADY_EXPIRED'
                : 'OK'
      if (reason === 'OK') {
        book.change(payload, { state: 'cancelled' })
        book.retention.cancelled(payload.uuid)
        events.disarm(payload.uuid)
        events.emit(payload.uuid, { expired: true })
      }
      const record = book.view(payload)
      return {
        result: { cancelled: reason === 'OK', reason },
        meta: record.meta,
        custom_meta: record.custom_meta,
      }
    },
    record: (uuid) => book.view(book.find(uuid)),
    finding: (uuid) => findingOf(book.find(uuid).request),
    has: (uuid) => store.get(uuid) !== undefined,
    inbox: (userUuid) => store.inbox(userUuid).map(book.view),
    recent: (limit) =>
      [...store.values()]
        .slice(Math.max(0, store.size - limit))
        .reverse()
        .map(book.view),
    list: (query) => listPayloads(store.values(), query, deps.clock.now(), book.view),
  }
}
