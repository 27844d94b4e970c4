import type { Credentials } from '../core/credentials'
import { API_HEADERS, API_PATHS } from '../wire/endpoints'
import type { JwtRuntime } from './jwt-client'

/**
 * The credentials of a client holding a person's JWT (browser, native, xApp): its runtime's JWT
 * as Bearer on every call under `{api}/api/v1/jwt` (docs/protocol.md §1), the JWT redacted from
 * every error. A call waits for the runtime, which loads on demand, and rejects with its error
 * (`SignInError` `not-signed-in` before sign-in, sending nothing); a JWT the platform refuses
 * (814) is handed back to the runtime, which ends the session.
 *
 * @example
 * ```ts
 * const client = platformClient(core, jwtCredentials(runtime))
 * ```
 */
export function jwtCredentials(runtime: Promise<JwtRuntime>): Credentials {
  let jwt: string | undefined
  return {
    basePath: API_PATHS.jwt,
    headers: async ({ method, path }) => {
      jwt = await (await runtime).bearer(`[${method} ${path}]`)
      return { [API_HEADERS.authorization]: `Bearer ${jwt}` }
    },
    secrets: () => [jwt],
    onRejected: (error) => {
      if (error.errorCode === 814) void runtime.then((r) => r.rejected?.())
    },
  }
}
