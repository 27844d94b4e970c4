import type { RateDecision, RouteClass } from '../platform'
import type { Credential } from './guards/credentials'

/** The Hono environment of the API: what the middleware hands to the routes. */
export interface HttpEnv {
  Variables: {
    /** The verified caller (set by the credential step). */
    credential: Credential
    /** The route's rate-limit class (set before the credential step, for the headers). */
    routeClass: RouteClass
    /** The rate-limit take of this call (set after the credential step). */
    rate: RateDecision
  }
}
