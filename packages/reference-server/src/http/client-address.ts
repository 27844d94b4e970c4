import type { ServerRequest } from 'srvx'

/**
 * The address a request came from, as the node transport saw the socket (srvx does not trust
 * `x-forwarded-for` unless told to, so a caller cannot claim another address); null in-process
 * (msw, `server.handler`). The xApp debug replay compares it (docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * platform.xapps.launch(body, clientAddress(c.req.raw))
 * ```
 */
export function clientAddress(request: Request): string | null {
  return (request as ServerRequest).ip ?? null
}
