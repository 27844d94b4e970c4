import type { Credentials } from '../core/credentials'
import { SignInError } from '../core/sign-in-errors'
import { API_PATHS } from '../wire/endpoints'
import type { SignInRuntime } from './sign-in-runtime'

/**
 * The credentials of a browser or native client: the person's JWT as a Bearer on
 * `{api}/api/v1/jwt` (docs/protocol.md §1). Before sign-in a call rejects with `SignInError`
 * `not-signed-in` and sends nothing; a JWT the platform refuses (814) ends the session
 * (`loggedout`), so the page asks the person to sign in again.
 *
 * @example
 * ```ts
 * const client = platformClient(core, signInCredentials(runtimePromise))
 * ```
 */
export function signInCredentials(runtime: Promise<SignInRuntime>): Credentials {
  let jwt: string | null = null
  return {
    basePath: API_PATHS.jwt,
    headers: async ({ method, path }) => {
      jwt = (await runtime).session.jwt
      if (jwt === null) {
        throw new SignInError(
          'not-signed-in',
          `[${method} ${path}] needs a signed-in person: call authorize() first`,
        )
      }
      return { authorization: `Bearer ${jwt}` }
    },
    secrets: () => [jwt ?? undefined],
    onRejected: (error) => {
      if (error.errorCode === 814)
        void runtime.then((r) => r.session.jwt !== null && r.session.end())
    },
  }
}
