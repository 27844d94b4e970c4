import { CONTROL_API_PATH } from '../../control-api-types'
import { badBody } from '../../platform'
import { routedPath } from '../routed-path'

// Names every loopback interface answers to, whatever the server calls its own.
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/

const isControlPath = (path: string) =>
  path === CONTROL_API_PATH || path.startsWith(`${CONTROL_API_PATH}/`)

// Every percent-escape decoded, one by one (a malformed one stays as it is).
const unescapeAll = (path: string) =>
  path.replace(/%[0-9a-f]{2}/gi, (hex) => String.fromCharCode(Number.parseInt(hex.slice(1), 16)))

// The routed path as a proxy in front of the server may fold it further before it arrives (nginx
// merges slashes; others decode `%2F` or ignore case): every escape decoded (twice-escaped too),
// `\` and repeated slashes read as one `/`, lower case, dot segments resolved again.
const foldedPath = (path: string): string => {
  let decoded = path
  for (let round = 0; round < 3 && decoded.includes('%'); round++) decoded = unescapeAll(decoded)
  const merged = decoded.toLowerCase().replace(/[\\/]+/g, '/')
  return new URL(`http://localhost${merged.startsWith('/') ? '' : '/'}${merged}`).pathname
}

/**
 * Refuses (400 naming `webhookUrl`, nothing created) a webhook URL that points at this server's
 * own control API: the first signed payload would otherwise call `/__ref/reset` or drive the
 * wallet (docs/protocol.md §7.3). The path is compared as the router will see it (the URL parser's
 * dot segments, `\`, and the escapes the router decodes: `%5f_ref` is `__ref`), and as a proxy may
 * fold it (`%2F`, double slashes, case); the host against the server's own names and loopback. A
 * body that is not an object, or a webhook URL that is not a URL, is left to the body's own checks.
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
  // `localhost.` (a fully qualified name) resolves to the same interface as `localhost`.
  const host = url.hostname.replace(/\.$/, '')
  if (!ownHosts.has(host) && !LOOPBACK.test(host)) return
  const routed = routedPath(url)
  if (isControlPath(routed) || isControlPath(foldedPath(routed))) {
    throw badBody('webhookUrl', "must not point at this server's own control API")
  }
}
