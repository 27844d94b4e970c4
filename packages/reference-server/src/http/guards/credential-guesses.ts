import type { ServerRequest } from 'srvx'
import { type Applications, PlatformError, type RateLimits, rateLimited } from '../../platform'

/** What counting refused credentials needs. */
export interface GuessParts {
  applications: Pick<Applications, 'find'>
  rateLimits: RateLimits
}

// What a refusal is counted against: the client address (node:http only) and a key that names an
// application (so the windows stay as few as the applications and addresses).
const counted = (request: Request, parts: GuessParts, apiKey: string | null): string[] => {
  const keys: string[] = []
  const address = (request as ServerRequest).runtime?.node?.req?.socket?.remoteAddress
  if (address) keys.push(`address ${address}`)
  const key = apiKey?.toLowerCase()
  if (key && parts.applications.find(key)) keys.push(`key ${key}`)
  return keys
}

/**
 * Counts refused credentials (813) per API key and per client address, so a secret cannot be
 * guessed call after call (docs/protocol.md §1 [ours]): past the `credential-failure` limit of a
 * sliding minute, a call from that address or for that key gets 429 with `retry-after` before
 * its credentials are even checked, so a right guess looks the same as a wrong one. A key is
 * counted only when it names an application (the map stays as small as the applications), an
 * address only over node:http (in-process calls have none). While nothing failed in the last
 * minute, a call pays one clock read for this.
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
  const limits = parts.rateLimits
  if (!limits.idle('credential-failure')) {
    for (const key of counted(request, parts, apiKey)) {
      const wait = limits.wait(key, 'credential-failure')
      if (wait !== null) throw rateLimited(wait)
    }
  }
  try {
    return verify()
  } catch (error) {
    if (error instanceof PlatformError && error.code === 813) {
      for (const key of counted(request, parts, apiKey)) limits.take(key, 'credential-failure')
    }
    throw error
  }
}
