// Schemes a browser would run or read locally instead of navigating to a site (docs/protocol.md
// §7.3): never a place to send a person back to. Custom app schemes (`myapp://`) stay allowed.
const DANGEROUS = new Set(['javascript:', 'data:', 'vbscript:', 'file:'])

/**
 * Whether a URL is one a browser may be sent to: it parses, and its scheme is not `javascript:`,
 * `data:`, `vbscript:` or `file:` (compared as the URL parser reads it, so case and leading
 * blanks do not hide one).
 *
 * @example
 * ```ts
 * isNavigableUrl('myapp://signin') // true
 * isNavigableUrl(' JavaScript:alert(1)') // false
 * ```
 */
export function isNavigableUrl(value: string): boolean {
  return URL.canParse(value) && !DANGEROUS.has(new URL(value).protocol)
}
