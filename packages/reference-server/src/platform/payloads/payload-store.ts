import type { PayloadOrigin } from 'pullsign/wire'
import type { PayloadRequest } from './payload-request'
import type { WalletOutcome } from './payload-types'

/** Where a payload is in its life (docs/protocol.md §3). */
export type PayloadState = 'created' | 'opened' | 'resolved' | 'cancelled'

/**
 * One payload as stored: the validated request and its state only. The §3.3 record is built on
 * read (payload-record.ts), so a stored payload stays small.
 */
export interface StoredPayload {
  uuid: string
  appUuid: string
  /** ms since the epoch. */
  createdAt: number
  expiresAt: number
  request: PayloadRequest
  /** The user the payload is bound to (JWT or user token), else null. */
  boundUser: string | null
  pushed: boolean
  xapp: boolean
  state: PayloadState
  openedBy: string | null
  via: PayloadOrigin | null
  resolvedAt: number | null
  outcome: WalletOutcome | null
  referenceCall: string | null
  issuedToken: string | null
  /**
   * Counts the changes since creation; every change of a stored payload goes through
   * payload-book.ts's `change`, which bumps it (record-memo.ts reuses a record while it holds).
   */
  revision: number
}

/** The in-memory payload store with its two indexes (custom identifier, user event list). */
export interface PayloadStore {
  add(payload: StoredPayload): void
  get(uuid: string): StoredPayload | undefined
  byIdentifier(appUuid: string, identifier: string): StoredPayload | undefined
  /** Payloads pushed to a user, newest first. */
  inbox(userUuid: string): StoredPayload[]
  /** Every payload, oldest first (retention walks them). */
  values(): IterableIterator<StoredPayload>
  /** Forgets a payload and its index entries (retention). */
  delete(uuid: string): void
  readonly size: number
  clear(): void
}

/**
 * Creates an empty payload store.
 *
 * @example
 * ```ts
 * const store = createPayloadStore()
 * store.add(payload)
 * store.byIdentifier(payload.appUuid, 'order-42') === payload // when that is its identifier
 * ```
 */
export function createPayloadStore(): PayloadStore {
  const byUuid = new Map<string, StoredPayload>()
  const identifiers = new Map<string, StoredPayload>()
  const inboxes = new Map<string, StoredPayload[]>()
  const identifierKey = (appUuid: string, identifier: string) => `${appUuid} ${identifier}`

  return {
    add(payload) {
      byUuid.set(payload.uuid, payload)
      const identifier = payload.request.customMeta.identifier
      if (identifier !== null) identifiers.set(identifierKey(payload.appUuid, identifier), payload)
      if (payload.pushed && payload.boundUser !== null) {
        const list = inboxes.get(payload.boundUser) ?? []
        list.push(payload)
        inboxes.set(payload.boundUser, list)
      }
    },
    get: (uuid) => byUuid.get(uuid),
    byIdentifier: (appUuid, identifier) => identifiers.get(identifierKey(appUuid, identifier)),
    inbox: (userUuid) => [...(inboxes.get(userUuid) ?? [])].reverse(),
    values: () => byUuid.values(),
    delete(uuid) {
      const payload = byUuid.get(uuid)
      if (!payload) return
      byUuid.delete(uuid)
      const identifier = payload.request.customMeta.identifier
      const key = identifier === null ? null : identifierKey(payload.appUuid, identifier)
      if (key !== null && identifiers.get(key) === payload) identifiers.delete(key)
      const list = payload.boundUser === null ? undefined : inboxes.get(payload.boundUser)
      if (list && payload.boundUser !== null) {
        const kept = list.filter((entry) => entry !== payload)
        if (kept.length > 0) inboxes.set(payload.boundUser, kept)
        else inboxes.delete(payload.boundUser)
      }
    },
    get size() {
      return byUuid.size
    },
    clear() {
      byUuid.clear()
      identifiers.clear()
      inboxes.clear()
    },
  }
}
