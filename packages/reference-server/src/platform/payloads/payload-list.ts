import type { PayloadRecord } from 'pullsign/wire'
import * as z from 'zod'
import { badBody } from '../errors'
import { UUID } from '../ids'
import { parseInput } from '../schema-input'
import type { StoredPayload } from './payload-store'

/**
 * Where a payload is, as the payload list filters it (docs/protocol.md §10): waiting to be opened
 * (`pending`, or `expired` once its expiry passed), `opened`, resolved as `signed` or `rejected`,
 * or `cancelled`.
 */
export const LISTED_STATES = [
  'pending',
  'opened',
  'signed',
  'rejected',
  'cancelled',
  'expired',
] as const

/** One of {@link LISTED_STATES}. */
export type ListedState = (typeof LISTED_STATES)[number]

/**
 * The query of GET `/__ref/payloads` and `platform.payloads.list` (docs/protocol.md §10).
 *
 * @example
 * ```ts
 * const query: PayloadListQuery = { application: app.uuid, state: 'signed', limit: 10 }
 * ```
 */
export interface PayloadListQuery {
  /** Only this application's payloads. */
  application?: string
  /** Only payloads bound to, opened or resolved by this user. */
  user?: string
  state?: ListedState
  /** At most this many records (1 to 500, default 100). */
  limit?: number | string
  /** `next` of the previous page. */
  cursor?: string
}

/**
 * One page of the payload list, newest first.
 *
 * @example
 * ```ts
 * const { count, payloads, next } = server.platform.payloads.list({ state: 'pending' })
 * ```
 */
export interface PayloadList {
  /** How many payloads match, on every page together. */
  count: number
  payloads: PayloadRecord[]
  /** The cursor of the following page; absent on the last one. */
  next?: string
}

const MAX_LIMIT = 500
const DEFAULT_LIMIT = 100
const uuid = z.string().regex(UUID, 'must be a lower-case UUID')

const querySchema = z.lazy(() =>
  z.strictObject({
    application: uuid.optional(),
    user: uuid.optional(),
    state: z.enum(LISTED_STATES).optional(),
    limit: z
      .union([
        z.number(),
        z
          .string()
          .regex(/^\d{1,6}$/, `must be a whole number`)
          .transform(Number),
      ])
      .pipe(z.number().int().min(1).max(MAX_LIMIT))
      .optional(),
    cursor: uuid.optional(),
  }),
)

const listedState = (payload: StoredPayload, now: number): ListedState => {
  switch (payload.state) {
    case 'created':
      return now >= payload.expiresAt ? 'expired' : 'pending'
    case 'resolved':
      return payload.outcome?.signed ? 'signed' : 'rejected'
    default:
      return payload.state
  }
}

const involves = (payload: StoredPayload, user: string) =>
  payload.boundUser === user || payload.openedBy === user || payload.outcome?.userUuid === user

/**
 * Lists stored payloads newest first, filtered and paged: the query is validated first (600
 * naming the field; a cursor must be a listed payload's uuid), then `view` builds each record of
 * the page.
 *
 * @example
 * ```ts
 * listPayloads(store.values(), { limit: '2' }, clock.now(), view) // { count, payloads, next }
 * ```
 */
export function listPayloads(
  oldestFirst: Iterable<StoredPayload>,
  query: unknown,
  now: number,
  view: (payload: StoredPayload) => PayloadRecord,
): PayloadList {
  const {
    application,
    user,
    state,
    limit = DEFAULT_LIMIT,
    cursor,
  } = parseInput(querySchema, query ?? {}, badBody, 'query')
  const matching = [...oldestFirst]
    .filter(
      (payload) =>
        (application === undefined || payload.appUuid === application) &&
        (user === undefined || involves(payload, user)) &&
        (state === undefined || listedState(payload, now) === state),
    )
    .reverse()
  const start = cursor === undefined ? 0 : matching.findIndex((p) => p.uuid === cursor) + 1
  if (start === 0 && cursor !== undefined) {
    throw badBody('cursor', 'is not a payload of this list (forgotten, or another query)')
  }
  const page = matching.slice(start, start + limit)
  const last = page.at(-1)
  return {
    count: matching.length,
    payloads: page.map(view),
    ...(last !== undefined && start + limit < matching.length ? { next: last.uuid } : {}),
  }
}
