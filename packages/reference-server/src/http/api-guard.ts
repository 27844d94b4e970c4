import type { MiddlewareHandler } from 'hono'
import type { Platform, RouteClass } from '../platform'
import { rateLimited } from '../platform'
import { type CredentialKind, verifyCredential } from './credentials'
import type { HttpEnv } from './http-env'

/** What an API route requires: the credential kinds it accepts and its rate-limit class. */
export interface GuardOptions {
  credentials: readonly [CredentialKind, ...CredentialKind[]]
  routeClass: RouteClass
}

/**
 * The first step of every API route: verify the caller, then take one call from its sliding
 * minute (PROTOCOL §1). Input is validated after this step and before any state change; the call
 * counts even when its input turns out bad, as production counts calls.
 */
export function apiGuard(platform: Platform, options: GuardOptions): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    c.set('routeClass', options.routeClass)
    const credential = verifyCredential(c.req.raw, platform, options.credentials)
    c.set('credential', credential)
    const rate = platform.rateLimits.take(credential.application.uuid, options.routeClass)
    c.set('rate', rate)
    if (rate.retryAfter !== null) throw rateLimited(rate.retryAfter)
    await next()
  }
}
