import { resolveEndpoints } from '../core/endpoints'

/**
 * Where a link points: `{links}` of docs/protocol.md §9.2 (default production's).
 *
 * @example
 * ```ts
 * const options: LinkOptions = { links: server.endpoints.links }
 * ```
 */
export interface LinkOptions {
  /** `{links}` base URL without a trailing slash; default `https://xumm.app`. */
  links?: string
}

/**
 * The `{links}` base of the options, checked like the client's endpoints (http(s), no trailing
 * slash).
 *
 * @example
 * ```ts
 * linksBase({ links: 'http://127.0.0.1:8080/' }) // 'http://127.0.0.1:8080'
 * ```
 */
export function linksBase(options: LinkOptions = {}): string {
  return resolveEndpoints(options.links === undefined ? {} : { links: options.links }).links
}
