import { SignInError } from '../../core/errors/sign-in-errors'
import type { JwtRuntime } from '../jwt-client'
import { signInEnvironmentField, signInUserField } from './sign-in-props'
import type { SignInSession } from './sign-in-session'

/**
 * What a JWT client reads of a sign-in session (docs/protocol.md §7.1), as members of the browser
 * and native sign-ins: before sign-in a call rejects with `SignInError` `not-signed-in` and sends
 * nothing; a JWT the platform refuses ends the session (`loggedout`).
 *
 * @example
 * ```ts
 * return { session, ...sessionReaders(session), authorize }
 * ```
 */
export function sessionReaders(session: SignInSession): JwtRuntime {
  return {
    bearer: async (where) => {
      if (session.jwt === null) {
        throw new SignInError(
          'not-signed-in',
          `${where} needs a signed-in person: call authorize() first`,
        )
      }
      return session.jwt
    },
    rejected: () => session.jwt !== null && session.end(),
    status: () => {
      const claims = session.claims
      return {
        account: typeof claims?.sub === 'string' ? claims.sub : undefined,
        signedIn: !!claims,
      }
    },
    userField: (field) => signInUserField(session, field),
    environmentField: (field) => signInEnvironmentField(session, field),
  }
}
