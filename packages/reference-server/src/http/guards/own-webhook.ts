import { CONTROL_API_PATH } from '../../control-api-types'
import { badBody } from '../../platform'

// Names every loopback interface answers to, whatever the server calls its own.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/

/**
 * Refuses (400 naming `webhookUrl`, nothing created) a webhook URL that points at this server's
 * own control API: the first signed payload would otherwise call `/__ref/reset` or drive the
 * wallet (docs/protocol.md §7.3). The path is compared as the URL parser resolves it (dot
 * segments, case of the host), the host against the server's own names and loopback. A body
 * that is not an object, or a webhook URL that is not a URL, is left to the body's own checks.
 *
 * @example
 * ```ts
 * refuseOwnControlWebhook(body, ownHostNames(listenHost, platform.endpoints))
 * ```
 */
export function refuseOwnControlWebhook(body: unknown, ownHosts: Set<string>): void {
  if (typeof body !== 'object' || body === null) return
  const value = (body as { webhookUrl?: unknown }).webhookUrl
  if (typeof value !== 'string' || !URL.canParse(value)) return
  const url = new URL(value)
  const control =
    url.pathname === CONTROL_API_PATH || url.pathname.startsWith(`${CONTROL_API_PATH}/`)
  if (control && (ownHosts.has(url.hostname) || LOOPBACK.test(url.hostname))) {
    throw badBody('webhookUrl', "must not point at this server's own control API")
  }
}
