import type { Endpoints } from 'pullsign/wire'

/**
 * The endpoints before the server listens (docs/protocol.md §0 reference server defaults).
 *
 * @example
 * ```ts
 * DEFAULT_ENDPOINTS.oauth // 'http://127.0.0.1:8787/oauth'
 * ```
 */
export const DEFAULT_ENDPOINTS: Readonly<Endpoints> = {
  api: 'http://127.0.0.1:8787',
  oauth: 'http://127.0.0.1:8787/oauth',
  links: 'http://127.0.0.1:8787',
}
