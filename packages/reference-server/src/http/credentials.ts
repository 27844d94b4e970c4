import { API_HEADERS } from 'pullsign/wire'
import type { Application, Platform } from '../platform'
import { wrongCredentialKind } from '../platform'

/** The caller of a key+secret route. */
export interface KeySecretCredential {
  kind: 'key-secret'
  application: Application
}

/**
 * How each credential kind is verified. A route lists the kinds it accepts; the Bearer-JWT issue
 * adds a `jwt` entry here (and `'jwt'` to the four platform routes of PROTOCOL §1 that take both),
 * without touching the routes' code.
 */
const verifiers = {
  'key-secret': (request: Request, platform: Platform): KeySecretCredential => ({
    kind: 'key-secret',
    application: platform.applications.authenticate(
      request.headers.get(API_HEADERS.apiKey),
      request.headers.get(API_HEADERS.apiSecret),
    ),
  }),
}

/** A credential kind a route can accept. */
export type CredentialKind = keyof typeof verifiers

/** A verified caller, whichever kind it presented. */
export type Credential = ReturnType<(typeof verifiers)[CredentialKind]>

/** Every kind a client can present, accepted here or not (so a wrong kind gets 812, not 813). */
type PresentedKind = 'key-secret' | 'jwt'

const DESCRIPTION: Record<PresentedKind, string> = {
  'key-secret': 'an x-api-key and x-api-secret',
  jwt: 'a Bearer JWT',
}

const presented = (request: Request): PresentedKind[] => {
  const kinds: PresentedKind[] = []
  const { headers } = request
  if (headers.has(API_HEADERS.apiKey) || headers.has(API_HEADERS.apiSecret))
    kinds.push('key-secret')
  if (/^bearer\s/i.test(headers.get(API_HEADERS.authorization) ?? '')) kinds.push('jwt')
  return kinds
}

/**
 * Verifies the caller of a route that accepts `accepted` credential kinds: 812 when only another
 * kind was presented, else the accepted kind's own refusal (813 for a missing or wrong key/secret).
 */
export function verifyCredential(
  request: Request,
  platform: Platform,
  accepted: readonly [CredentialKind, ...CredentialKind[]],
): Credential {
  const offered = presented(request)
  const kind = accepted.find((candidate) => offered.includes(candidate))
  if (kind) return verifiers[kind](request, platform)
  const other = offered[0]
  if (other) {
    const wanted = accepted.map((candidate) => DESCRIPTION[candidate]).join(' or ')
    throw wrongCredentialKind(`this route takes ${wanted}, not ${DESCRIPTION[other]}`)
  }
  // Nothing presented: the route's first kind says what is missing (813 for a key/secret route).
  return verifiers[accepted[0]](request, platform)
}
