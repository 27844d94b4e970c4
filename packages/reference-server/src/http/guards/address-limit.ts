import { type RateLimits, rateLimited } from '../../platform'
import { clientAddress } from '../client-address'

/**
 * Takes one call of a route that creates a payload without credentials (`/oauth/auth`, `POST
 * /detect/…`) from the client address's sliding minute: past 60, 429 with `retry-after`
 * (docs/protocol.md §7.3 [ours]), so a flood from one address cannot grow the server's memory.
 * In-process calls (no address: the embedding program itself, never a stranger) are not limited.
 *
 * @example
 * ```ts
 * limitAddress(c.req.raw, platform.rateLimits)
 * ```
 */
export function limitAddress(request: Request, limits: RateLimits): void {
  const address = clientAddress(request)
  if (address === null) return
  const decision = limits.take(`create ${address}`, 'unauthenticated-create')
  if (decision.retryAfter !== null) throw rateLimited(decision.retryAfter)
}
