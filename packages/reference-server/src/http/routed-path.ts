import { getPath } from 'hono/utils/url'

/**
 * The path the router matches for a parsed URL: the WHATWG parser's path (dot segments removed,
 * `\` read as `/`), its percent-escapes decoded as Hono decodes them (`%5f` is `_`, `%2F` stays
 * inside its segment). The handler routes every request line on it, and the webhook guard
 * compares a webhook URL with it, so both read one path (docs/protocol.md §1 "Paths").
 *
 * @example
 * ```ts
 * routedPath(new URL('http://127.0.0.1:3000/%5f_ref/reset')) // '/__ref/reset'
 * ```
 */
export function routedPath(url: URL): string {
  // getPath reads only `url`.
  return getPath({ url: url.href } as Request)
}
