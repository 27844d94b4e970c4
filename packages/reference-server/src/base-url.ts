/**
 * Checks a public base URL (the `publicUrl` / `oauthUrl` options, docs/protocol.md "Public base URLs"):
 * http(s), no credentials, query or fragment; answered without a trailing slash, as every emitted
 * URL appends a path to it. Throws a TypeError naming `option` otherwise.
 *
 * @example
 * ```ts
 * parseBaseUrl('publicUrl', 'https://sign.example.com/') // 'https://sign.example.com'
 * ```
 */
export function parseBaseUrl(option: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new TypeError(
      `${option} must be an http(s) base URL without credentials, query or fragment, got "${value.slice(0, 200)}"`,
    )
  }
  return url.href.replace(/\/+$/, '')
}
