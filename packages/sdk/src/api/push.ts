import { requireObject, requireString } from '../core/input'
import type { Client } from '../core/platform-client'
import type { PushEventResponse, PushNotificationResponse, PushRequest } from '../wire/push'

/**
 * Push to a user by user token (§2 `xapp/event`, `xapp/push`; the application needs the push
 * permission).
 *
 * @example
 * ```ts
 * await pullsign.push.notification({ user_token: token, body: 'Your order shipped' })
 * ```
 */
export interface PushApi {
  /**
   * A push that also enters the user's event list.
   *
   * @example
   * ```ts
   * const { pushed, uuid } = await pullsign.push.event({ user_token: token, body: 'Hi' })
   * ```
   */
  event(request: PushRequest): Promise<PushEventResponse>
  /**
   * A push notification only.
   *
   * @example
   * ```ts
   * const { pushed } = await pullsign.push.notification({ user_token: token, body: 'Hi' })
   * ```
   */
  notification(request: PushRequest): Promise<PushNotificationResponse>
}

const pushBody = (request: PushRequest): PushRequest => {
  const body = requireObject(request, 'push request')
  requireString(body.user_token, 'user_token')
  requireString(body.body, 'body')
  return body as unknown as PushRequest
}

/**
 * Builds the push API on the client core.
 *
 * @example
 * ```ts
 * const push = createPushApi(client)
 * ```
 */
export function createPushApi(client: Client): PushApi {
  const send = <T>(path: string, request: PushRequest) => {
    const body = pushBody(request)
    return client.request<T>('POST', path, { body, sensitive: [body.user_token] })
  }
  return {
    event: async (request) => send<PushEventResponse>('xapp/event', request),
    notification: async (request) => send<PushNotificationResponse>('xapp/push', request),
  }
}
