/**
 * POST `xapp/event` and `xapp/push` request (§2).
 *
 * @example
 * ```ts
 * const body: PushRequest = { user_token: token, subtitle: 'Order 42', body: 'Your order shipped' }
 * ```
 */
export interface PushRequest {
  user_token: string
  subtitle?: string
  body: string
  data?: Record<string, unknown>
  silent?: boolean
}

/**
 * POST `xapp/event` response (§2): the event also enters the user's event list.
 *
 * @example
 * ```ts
 * const { pushed, uuid } = await pullsign.push.event({ user_token: token, body: 'Hi' })
 * ```
 */
export interface PushEventResponse {
  pushed: boolean
  uuid: string | null
}

/**
 * POST `xapp/push` response (§2).
 *
 * @example
 * ```ts
 * const { pushed } = await pullsign.push.notification({ user_token: token, body: 'Hi' })
 * ```
 */
export interface PushNotificationResponse {
  pushed: boolean
}
