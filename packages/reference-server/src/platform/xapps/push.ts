import type { PushEventResponse, PushNotificationResponse } from 'pullsign/wire'
import * as z from 'zod'
import type { RefPushMessage } from '../../control-api-types'
import type { Application } from '../applications/applications'
import type { Clock } from '../clock'
import { forbiddenType } from '../errors'
import { newUuid } from '../ids'
import { parseInput } from '../schema-input'
import type { UserTokens } from '../users/user-tokens'

/** One push sent to a user: an event-list entry or a notification only. */
export interface PushMessage {
  uuid: string
  kind: 'event' | 'notification'
  appUuid: string
  userUuid: string
  subtitle: string | null
  body: string
  data: Record<string, unknown> | null
  silent: boolean
  /** ms since the epoch. */
  at: number
}

/** `xapp/event` and `xapp/push` (docs/protocol.md §2): permissioned pushes to a user token's user. */
export interface Push {
  /**
   * Pushes and adds to the user's event list: `{pushed, uuid}`. With `asUser` (the user of a
   * JWT caller), a user token of anyone else is treated as unknown (docs/protocol.md §7.3).
   */
  event(app: Application, body: unknown, asUser?: string): PushEventResponse
  /** Pushes a notification only: `{pushed}`. */
  notification(app: Application, body: unknown, asUser?: string): PushNotificationResponse
  /** What a user received, newest first, as the inbox of §10 shows it: the newest 500. */
  received(userUuid: string): RefPushMessage[]
  clear(): void
}

/** Pushes kept per user (a body is at most 300 characters plus its data), the oldest dropped first. */
export const MAX_MESSAGES_PER_USER = 500

const bodySchema = z.lazy(() =>
  z.object({
    user_token: z.string().min(1).max(256),
    subtitle: z.string().max(100).optional(),
    body: z.string().min(1).max(300),
    data: z.record(z.string(), z.unknown()).optional(),
    silent: z.boolean().optional(),
  }),
)

/**
 * Creates the push part. Needs the application permission `push` (else 603); an invalid token is
 * not an error, the answer just says `pushed: false` (docs/protocol.md §3.1, §6).
 *
 * @example
 * ```ts
 * push.event(app, { user_token: token, body: 'Your order shipped' }) // { pushed: true, uuid: '…' }
 * ```
 */
export function createPush(deps: { clock: Clock; tokens: UserTokens }): Push {
  const byUser = new Map<string, PushMessage[]>()

  const send = (
    app: Application,
    input: unknown,
    kind: PushMessage['kind'],
    asUser: string | undefined,
  ) => {
    if (!app.permissions.includes('push')) {
      throw forbiddenType('this application has no push permission')
    }
    const parsed = parseInput(bodySchema, input)
    const userUuid = deps.tokens.userOf(app, parsed.user_token)
    if (userUuid === null || (asUser !== undefined && userUuid !== asUser)) return null
    const message: PushMessage = {
      uuid: newUuid(),
      kind,
      appUuid: app.uuid,
      userUuid,
      subtitle: parsed.subtitle ?? null,
      body: parsed.body,
      data: parsed.data ? structuredClone(parsed.data) : null,
      silent: parsed.silent ?? false,
      at: deps.clock.now(),
    }
    const list = byUser.get(userUuid) ?? []
    list.push(message)
    if (list.length > MAX_MESSAGES_PER_USER) list.shift()
    byUser.set(userUuid, list)
    return message
  }

  return {
    event(app, body, asUser) {
      const message = send(app, body, 'event', asUser)
      return { pushed: message !== null, uuid: message?.uuid ?? null }
    },
    notification: (app, body, asUser) => ({
      pushed: send(app, body, 'notification', asUser) !== null,
    }),
    received: (userUuid) =>
      [...(byUser.get(userUuid) ?? [])].reverse().map((message) => ({
        uuid: message.uuid,
        kind: message.kind,
        application: message.appUuid,
        subtitle: message.subtitle,
        body: message.body,
        data: message.data === null ? null : structuredClone(message.data),
        silent: message.silent,
        at: new Date(message.at).toISOString(),
      })),
    clear: () => byUser.clear(),
  }
}
