import { API_HEADERS } from 'pullsign/wire'
import { type BearerIdentity, type BearerParts, resolveBearer } from '../../identity'
import type { Application, Applications, RateLimits } from '../../platform'
import { wrongCredentialKind } from '../../platform'
import { guardGuesses } from './credential-guesses'

/**
 * The caller of a key+secret route.
 *
 * @example
 * ```ts
 * const { application } = c.get('credential') as KeySecretCredential
 * ```
 */
export interface KeySecretCredential {
  kind: 'key-secret'
  application: Application
}

/**
 * The caller of a JWT route: whoever its Bearer speaks for (identity/bearer.ts).
 *
 * @example
 * ```ts
 * const { user, claims } = c.get('credential') as BearerCredential
 * ```
 */
export interface BearerCredential extends BearerIdentity {
  kind: 'jwt'
}

/**
 * What verifying a caller needs: the applications and rate limits (a key and secret, and the
 * count of refused ones), and the parts a Bearer is verified with.
 *
 * @example
 * ```ts
 * const parts: CredentialParts = { applications, rateLimits, bearer: { oauth, xappSessions, applications, users, clock } }
 * ```
 */
export interface CredentialParts {
  applications: Applications
  rateLimits: RateLimits
  bearer: BearerParts
}

/**
 * How each credential kind is verified. A route lists the kinds it accepts. A Bearer is verified
 * with jose, which is asynchronous; a key and secret stay synchronous, so a key/secret GET still
 * answers without a promise.
 */
const verifiers = {
  'key-secret': (request: Request, parts: CredentialParts): KeySecretCredential => {
    const apiKey = request.headers.get(API_HEADERS.apiKey)
    const secret = request.headers.get(API_HEADERS.apiSecret)
    return {
      kind: 'key-secret',
      application: guardGuesses(request, parts, apiKey, () =>
        parts.applications.authenticate(apiKey, secret),
      ),
    }
  },
  jwt: async (request: Request, parts: CredentialParts): Promise<BearerCredential> => ({
    kind: 'jwt',
    ...(await resolveBearer(request.headers.get(API_HEADERS.authorization), parts.bearer)),
  }),
}

/**
 * A credential kind a route can accept.
 *
 * @example
 * ```ts
 * const kinds: CredentialKind[] = ['key-secret', 'jwt']
 * ```
 */
export type CredentialKind = keyof typeof verifiers

/**
 * A verified caller, whichever kind it presented.
 *
 * @example
 * ```ts
 * const credential: Credential = await verifyCredential(request, parts, ['jwt'])
 * ```
 */
export type Credential = Awaited<ReturnType<(typeof verifiers)[CredentialKind]>>

/**
 * The user a caller speaks for when it presented a JWT, else undefined (key and secret speak for
 * the application): a user JWT reaches only its own user's payloads and pushes (docs/protocol.md §7.3).
 *
 * @example
 * ```ts
 * platform.payloads.cancel(caller.application, uuid, jwtUser(caller))
 * ```
 */
export const jwtUser = (caller: Credential): string | undefined =>
  caller.kind === 'jwt' ? caller.user.uuid : undefined

/** Every kind a client can present, accepted here or not (so a wrong kind gets 812, not 813). */
type PresentedKind = 'key-secret' | 'jwt'

const DESCRIPTION: Record<PresentedKind, string> = {
  'key-secret': 'an x-api-key and x-api-secret',
  jwt: 'a Bearer JWT',
}

// Whether a request presents a kind of credential. Checked kind by kind, as a route needs them:
// a key+secret route reads two headers and nothing else.
const PRESENTS: Record<PresentedKind, (headers: Headers) => boolean> = {
  'key-secret': (headers) => headers.has(API_HEADERS.apiKey) || headers.has(API_HEADERS.apiSecret),
  jwt: (headers) => /^bearer\s/i.test(headers.get(API_HEADERS.authorization) ?? ''),
}

// The kinds in the order they decide: a key and secret first, wherever a route takes them.
const PRESENTABLE = Object.keys(PRESENTS) as PresentedKind[]

// The first kind presented that the route accepts, a key and secret before a Bearer.
const firstAccepted = (accepted: readonly PresentedKind[], headers: Headers) => {
  for (const kind of PRESENTABLE)
    if (accepted.includes(kind) && PRESENTS[kind](headers)) return kind
  return undefined
}

// The first kind presented that the route does not accept.
const firstRefused = (accepted: readonly PresentedKind[], headers: Headers) => {
  for (const kind of PRESENTABLE)
    if (!accepted.includes(kind) && PRESENTS[kind](headers)) return kind
  return undefined
}

/**
 * Verifies the caller of a route that accepts `accepted` credential kinds (docs/protocol.md §7.3):
 * where a route takes a key and secret, they decide whatever else the request carries (a right pair
 * is served beside a stray Bearer, a wrong one is 813); otherwise a kind the route does not take is
 * 812, alone or beside one it takes; else the accepted kind's own refusal.
 *
 * @example
 * ```ts
 * const caller = await verifyCredential(request, parts, ['key-secret', 'jwt'])
 * ```
 */
export function verifyCredential(
  request: Request,
  parts: CredentialParts,
  accepted: readonly [CredentialKind, ...CredentialKind[]],
): Credential | Promise<Credential> {
  const kind = firstAccepted(accepted, request.headers)
  // Production reads only x-api-key/x-api-secret on a route that takes them: an `Authorization`
  // a proxy or an HTTP client adds is not looked at. A JWT-only route called with a Bearer and a
  // key+secret is 812, not served.
  const other = kind === 'key-secret' ? undefined : firstRefused(accepted, request.headers)
  if (kind && !other) return verifiers[kind](request, parts)
  if (other) {
    const wanted = accepted.map((candidate) => DESCRIPTION[candidate]).join(' or ')
    throw wrongCredentialKind(`this route takes ${wanted}, not ${DESCRIPTION[other]}`)
  }
  // Nothing presented: the route's first kind says what is missing (813 for a key/secret route).
  return verifiers[accepted[0]](request, parts)
}
