import { networkInterfaces } from 'node:os'
import type { MiddlewareHandler } from 'hono'
import type { Endpoints } from 'pullsign/wire'
import { wrongCredentialKind } from '../../platform'

// Names a local server always answers to, as the URL parser writes them.
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

// A listen host that means "every interface": its own names are the machine's addresses.
const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]'])

/** The host name of `http://{host}`, as the URL parser writes it, or null when it is not one. */
const hostnameOf = (host: string): string | null =>
  URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : null

const interfaceAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map(({ address, family }) => (family === 'IPv6' ? `[${address}]` : address)),
  )

/**
 * The host names the server calls its own (docs/protocol.md §10, DNS rebinding): loopback names,
 * the listen host, the hosts of the endpoints it emits (which follow a public URL), and, when it
 * listens on every interface, the machine's own addresses, so a phone on the same network still
 * reaches it. Names are compared as the URL parser writes them (lower case, IPv6 in brackets).
 *
 * @example
 * ```ts
 * ownHostNames('127.0.0.1', server.endpoints).has('evil.example') // false
 * ```
 */
export function ownHostNames(listenHost: string | undefined, endpoints: Endpoints): Set<string> {
  const names = new Set(LOOPBACK)
  const listen =
    listenHost === undefined ? null : listenHost.includes(':') ? `[${listenHost}]` : listenHost
  if (listen !== null && WILDCARD.has(listen)) {
    for (const address of interfaceAddresses()) names.add(address)
  } else if (listen !== null) {
    const name = hostnameOf(listen)
    if (name) names.add(name)
  }
  for (const url of [endpoints.api, endpoints.oauth, endpoints.links]) {
    if (URL.canParse(url)) names.add(new URL(url).hostname)
  }
  return names
}

/**
 * Refuses (403, code 812, nothing changed) a request whose `Host` is not one of
 * {@link ownHostNames}: a page on another name that resolves to this server (DNS rebinding) must
 * not drive the control API or read the dashboard's secrets (docs/protocol.md §10). A `Host` the
 * URL parser cannot read (`127.0.0.1:99999`, `xn--`) is not one of them either. Mounted on the
 * control API and the dashboard only: the sign page and the API answer every host.
 *
 * @example
 * ```ts
 * app.use('/__ref/*', ownHostOnly(() => ownHostNames('127.0.0.1', platform.endpoints)))
 * ```
 */
export function ownHostOnly(names: () => Set<string>): MiddlewareHandler {
  return async (c, next) => {
    // Over node:http the URL's host is the request's Host header (srvx); in-process, the URL's.
    const url = c.req.url
    const name = URL.canParse(url) ? new URL(url).hostname : null
    if (name === null || !names().has(name)) {
      throw wrongCredentialKind(
        "the control API and the dashboard answer only to the server's own host names; this request's Host is another name",
      )
    }
    await next()
  }
}
