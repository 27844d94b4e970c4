/** A redirect URI cut to what the whitelist compares (docs/protocol.md §7.1). */
interface ComparableUri {
  scheme: string
  host: string
  path: string
}

// docs/protocol.md §7.1: strip query, fragment and trailing `/` before comparing. Scheme and host compare
// without case (URL lower-cases them for http(s); custom schemes keep theirs).
const comparable = (uri: string): ComparableUri | null => {
  if (!URL.canParse(uri)) return null
  const url = new URL(uri)
  return {
    scheme: url.protocol.toLowerCase(),
    host: url.host.toLowerCase(),
    path: url.pathname.replace(/\/+$/, ''),
  }
}

const hostMatches = (entryHost: string, host: string): boolean => {
  if (!entryHost.startsWith('*.')) return entryHost === host
  // `*.` matches subdomains (any depth), not the bare domain: `*.shop.example` allows
  // `app.shop.example`, never `shop.example` or `evilshop.example`.
  return host.endsWith(entryHost.slice(1)) && host.length > entryHost.length - 1
}

// A prefix match stops at a path segment: `/cb` allows `/cb` and `/cb/done`, never `/cbx`, so a
// whitelisted path cannot be stretched into a neighbour's.
const pathMatches = (entryPath: string, path: string): boolean =>
  path === entryPath || path.startsWith(`${entryPath}/`)

/**
 * Whether `redirectUri` is allowed by an application's whitelist (docs/protocol.md §7.1): query, fragment
 * and trailing `/` stripped on both sides, then the same scheme, a host that is the entry's (or,
 * for an entry `scheme://*.domain`, a subdomain of it) and a path that starts with the entry's at
 * a segment boundary. Custom schemes (`myapp://signin`) compare the same way.
 *
 * @example
 * ```ts
 * isWhitelisted(['https://*.shop.example/cb'], 'https://eu.shop.example/cb/?x=1') // true
 * isWhitelisted(['myapp://signin'], 'myapp://signin/done') // true
 * isWhitelisted(['https://shop.example'], 'https://shop.example.evil') // false
 * ```
 */
export function isWhitelisted(whitelist: readonly string[], redirectUri: string): boolean {
  const candidate = comparable(redirectUri)
  if (!candidate) return false
  return whitelist.some((entry) => {
    const allowed = comparable(entry)
    return (
      allowed !== null &&
      allowed.scheme === candidate.scheme &&
      hostMatches(allowed.host, candidate.host) &&
      pathMatches(allowed.path, candidate.path)
    )
  })
}

/**
 * The origin a popup's message to its opener is addressed to (docs/protocol.md §7.1: exactly the redirect
 * URI's origin), or null for a URI without one (a custom scheme), which is never posted to.
 *
 * @example
 * ```ts
 * openerOrigin('https://shop.example/cb?x=1') // 'https://shop.example'
 * openerOrigin('myapp://signin') // null
 * ```
 */
export function openerOrigin(redirectUri: string): string | null {
  const origin = new URL(redirectUri).origin
  return origin === 'null' ? null : origin
}
