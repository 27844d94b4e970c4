import { randomBytes } from 'node:crypto'
import type { Clock } from '../platform'
import type { SignInGrant } from './oauth-tokens'

/**
 * What an authorization code is bound to (docs/protocol.md §7.1 "Codes").
 *
 * @example
 * ```ts
 * const entry: AuthorizationCode | null = codes.take(code)
 * ```
 */
export interface AuthorizationCode {
  grant: SignInGrant
  /** Exactly as given to `/auth`. */
  redirectUri: string
  codeChallenge: string | null
  /** ms since the epoch, server clock. */
  expiresAt: number
  /** Presented once already: a second presentation revokes what it issued (RFC 6749 §4.1.2). */
  spent?: boolean
}

/** Codes live 10 minutes on the server clock (docs/protocol.md §7.1). */
const CODE_LIFETIME_MS = 10 * 60_000
const MAX_CODES = 10_000

/**
 * The authorization codes a provider issued and nobody presented yet. `take` spends a code
 * whatever happens next: a code that failed once is spent (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const codes = createAuthorizationCodes(clock)
 * const code = codes.issue({ grant, redirectUri, codeChallenge: null })
 * codes.take(code) // the entry; a second take answers null
 * ```
 */
export function createAuthorizationCodes(clock: Clock, onReuse: (grant: SignInGrant) => void) {
  const byCode = new Map<string, AuthorizationCode>()

  const sweep = () => {
    const now = clock.now()
    for (const [code, entry] of byCode) {
      if (entry.expiresAt > now && byCode.size < MAX_CODES) break
      byCode.delete(code)
    }
  }

  return {
    issue(entry: Omit<AuthorizationCode, 'expiresAt'>): string {
      sweep()
      // 256 random bits, base64url: nothing about the grant can be read from it.
      const code = randomBytes(32).toString('base64url')
      byCode.set(code, { ...entry, expiresAt: clock.now() + CODE_LIFETIME_MS })
      return code
    },
    /**
     * Spends the code and answers its entry, or null when unknown, used or expired. A spent code
     * is kept until it would have expired, so presenting it again calls `onReuse` with its grant.
     */
    take(code: string): AuthorizationCode | null {
      const entry = byCode.get(code)
      if (!entry || clock.now() >= entry.expiresAt) {
        byCode.delete(code)
        return null
      }
      if (entry.spent) {
        onReuse(entry.grant)
        return null
      }
      entry.spent = true
      return entry
    },
    clear: () => byCode.clear(),
  }
}
