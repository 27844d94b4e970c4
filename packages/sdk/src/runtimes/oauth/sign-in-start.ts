import type { Clock } from '../../core/seams'
import { authorizeUrl } from './authorize-url'
import { createPkcePair } from './pkce'
import { type RandomBytes, randomToken } from './random-token'
import type { PendingSignIn } from './session-store'

/**
 * What the browser and native sign-ins share about the request (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const request: SignInRequest = { apiKey, oauth: endpoints.oauth, openid: true }
 * ```
 */
export interface SignInRequest {
  apiKey: string
  /** `{oauth}`. */
  oauth: string
  /** Ask for `openid`: a `nonce` is sent and checked, and an `id_token` comes back. */
  openid?: boolean
  /** Passed on to the SignIn payload. */
  forceNetwork?: string
  /** Accounts allowed to sign in. */
  signers?: readonly string[]
}

/**
 * A sign-in being started: what is kept until the answer, plus the challenge that only goes into
 * the URL.
 *
 * @example
 * ```ts
 * const { challenge, ...kept }: StartedSignIn = await startSignIn(request, seams, redirectUri, 'code')
 * ```
 */
export type StartedSignIn = PendingSignIn & { challenge?: string }

/**
 * Starts a sign-in: a fresh `state`, a PKCE pair for the code flow, a `nonce` with openid.
 *
 * @example
 * ```ts
 * const started = await startSignIn(request, { random, clock }, 'myapp://signin', 'code')
 * ```
 */
export async function startSignIn(
  request: SignInRequest,
  seams: { random: RandomBytes; clock: Clock },
  redirectUri: string,
  responseType: 'code' | 'token',
): Promise<StartedSignIn> {
  const pkce = responseType === 'code' ? await createPkcePair(seams.random) : undefined
  return {
    state: randomToken(seams.random),
    redirectUri,
    responseType,
    startedAt: seams.clock.now(),
    ...(pkce ? { verifier: pkce.verifier } : {}),
    ...(request.openid ? { nonce: randomToken(seams.random) } : {}),
    ...(pkce ? { challenge: pkce.challenge } : {}),
  }
}

/**
 * The `{oauth}/auth` URL of a started sign-in; `popup` asks the return page for the popup
 * `postMessage`.
 *
 * @example
 * ```ts
 * await openUrl(signInUrl(request, started, false))
 * ```
 */
export const signInUrl = (request: SignInRequest, started: StartedSignIn, popup: boolean) =>
  authorizeUrl({
    oauth: request.oauth,
    clientId: request.apiKey,
    redirectUri: started.redirectUri,
    responseType: started.responseType,
    state: started.state,
    popup,
    nonce: started.nonce,
    codeChallenge: started.challenge,
    forceNetwork: request.forceNetwork,
    signers: request.signers,
  })
