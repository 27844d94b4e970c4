import { OAuthError } from '../../identity'
import { type Applications, PlatformError, type RateLimits, rateLimited } from '../../platform'
import { clientAddress } from '../client-address'

/** What counting refused credentials needs. */
export interface GuessParts {
  applications: Pick<Applications, 'find'>
  rateLimits: RateLimits
}

// What a refusal is counted against (docs/protocol.md §7.3): the pair of client address and the
// key it named, so a stranger's guesses never lock the key out for anyone else. A key that names
// no application is counted against the address alone (the windows stay as few as the
// applications times the addresses). In-process calls have no address: the key alone.
const addressOf = (request: Request) => clientAddress(request) ?? '-'
const counted = (request: Request, parts: GuessParts, apiKey: string | null): string => {
  const key = apiKey?.toLowerCase()
  const address = addressOf(request)
  return key && parts.applications.find(key) ? `guess ${address} ${key}` : `guess ${address}`
}

// Refusals that are guesses: a wrong key or secret (813), a wrong OTT (815), a wrong client secret.
const isGuess = (error: unknown) =>
  (error instanceof PlatformError && (error.code === 813 || error.code === 815)) ||
  (error instanceof OAuthError && error.error === 'invalid_client')

/**
 * Answers 429 (with `retry-after`) when the caller's address used up its guesses for this key in
 * the last minute, before its credentials are even checked, so a right guess then looks the same
 * as a wrong one (docs/protocol.md §7.3). While nothing failed in the last minute, a call pays
 * one clock read for this.
 *
 * @example
 * ```ts
 * refuseGuesser(request, parts, clientId)
 * ```
 */
export function refuseGuesser(request: Request, parts: GuessParts, apiKey: string | null): void {
  const limits = parts.rateLimits
  if (limits.idle('credential-failure')) return
  // The address's guesses at unknown keys hold back that address only, whatever key it sends.
  for (const key of [counted(request, parts, apiKey), `guess ${addressOf(request)}`]) {
    const wait = limits.wait(key, 'credential-failure')
    if (wait !== null) throw rateLimited(wait)
  }
}

/**
 * Counts `error` against the caller's (address, key) when it is a refused credential (813, a wrong
 * OTT 815, OAuth `invalid_client`); other errors count nothing.
 *
 * @example
 * ```ts
 * try { await exchange() } catch (error) { countGuess(request, parts, clientId, error); throw error }
 * ```
 */
export function countGuess(
  request: Request,
  parts: GuessParts,
  apiKey: string | null,
  error: unknown,
): void {
  if (isGuess(error)) parts.rateLimits.take(counted(request, parts, apiKey), 'credential-failure')
}

/**
 * Runs a synchronous credential check behind {@link refuseGuesser}, counting its refusal with
 * {@link countGuess}: past the `credential-failure` limit of a sliding minute (30), a caller's
 * address gets 429 for that key, while the key stays usable from every other address.
 *
 * @example
 * ```ts
 * const app = guardGuesses(request, parts, apiKey, () =>
 *   applications.authenticate(apiKey, secret),
 * )
 * ```
 */
export function guardGuesses<T>(
  request: Request,
  parts: GuessParts,
  apiKey: string | null,
  verify: () => T,
): T {
  refuseGuesser(request, parts, apiKey)
  try {
    return verify()
  } catch (error) {
    countGuess(request, parts, apiKey, error)
    throw error
  }
}
