import { createBoundedCache } from '../bounded-cache'
import type { Clock } from '../platform'
import { TOKEN_LIFETIME_SECONDS } from './oauth-tokens'

// At most this many revocations are kept; a revocation is only made from a signed sign-in, so
// strangers cannot fill it.
const MAX_REVOKED = 10_000

/**
 * The sign-ins whose access tokens were revoked (a reused authorization code, RFC 6749 §4.1.2;
 * docs/protocol.md §7.3), by the SignIn payload the tokens name (`payload_uuidv4`). A revocation
 * is kept for the tokens' lifetime on the server clock, then forgotten.
 */
export function createRevokedGrants(clock: Clock) {
  const until = createBoundedCache<number>({ maxKeyLength: 36, maxEntries: MAX_REVOKED })
  return {
    revoke(payloadUuid: string): void {
      until.set(payloadUuid, clock.now() + TOKEN_LIFETIME_SECONDS * 1000)
    },
    isRevoked(payloadUuid: unknown): boolean {
      if (typeof payloadUuid !== 'string') return false
      const end = until.get(payloadUuid)
      if (end === undefined) return false
      if (clock.now() < end) return true
      until.delete(payloadUuid)
      return false
    },
    clear: () => until.clear(),
  }
}
