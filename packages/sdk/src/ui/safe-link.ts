/**
 * The link rule of the UI kit: a link the platform or the app hands over is shown or fetched only
 * when it is `https:`, `xumm:` or `xaman:` (the wallet's deep links), or `http:` on a loopback or
 * `localhost` host (the reference server in development). Anything else (`javascript:`, `data:`,
 * a plain `http:` host) is refused. For the payload socket, `wss:`, and `ws:` on such a host.
 *
 * @example
 * ```ts
 * isSafeLink('https://xumm.app/sign/…') // true
 * isSafeLink('javascript:alert(1)') // false
 * isSafeLink('http://127.0.0.1:8080/sign/…') // true
 * ```
 */
export function isSafeLink(value: unknown, socket = false): value is string {
  let url: URL
  try {
    url = new URL(value as string)
  } catch {
    return false
  }
  if (typeof value !== 'string') return false
  const [secure, plain] = socket ? ['wss:', 'ws:'] : ['https:', 'http:']
  if (url.protocol === secure) return true
  if (url.protocol === plain) return isLoopback(url.hostname)
  return !socket && (url.protocol === 'xumm:' || url.protocol === 'xaman:')
}

// `localhost` and its subdomains, 127.0.0.0/8 and [::1].
const isLoopback = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host === '[::1]' ||
  /^127(\.\d{1,3}){3}$/.test(host)
