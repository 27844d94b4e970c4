import type { Core } from '../../core/client'
import { SignInError } from '../../core/errors/sign-in-errors'
import { decodeJwtClaims } from './jwt-claims'
import type { RedirectResult } from './redirect-result'
import type { PendingSignIn } from './session-store'
import { exchangeCode, type SignInTokens } from './token-exchange'

/**
 * Turns the provider's answer into tokens, after checking it belongs to the sign-in this page
 * started: same `state` (checked in both modes, where production's implicit mode does not), the
 * expected kind of answer, and the `nonce` in the tokens when one was sent. A code is exchanged
 * with the kept verifier at `{oauth}/token` (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const tokens = await acceptAnswer(answer, pending, { core, clientId: apiKey })
 * ```
 */
export async function acceptAnswer(
  answer: RedirectResult,
  pending: PendingSignIn | null,
  provider: { core: Core; clientId: string },
): Promise<SignInTokens> {
  if (pending === null) {
    throw new SignInError(
      'state-mismatch',
      'no sign-in of this page is pending (or it is over 10 min old): answer ignored',
    )
  }
  if (answer.state !== pending.state) {
    throw new SignInError(
      'state-mismatch',
      'the sign-in answer has another state than this page sent: refused',
    )
  }
  if (answer.kind === 'error') {
    const words = answer.description ? `: ${answer.description}` : ''
    throw answer.error === 'access_denied'
      ? new SignInError('rejected', `the sign-in was declined in the wallet${words}`)
      : new SignInError('provider', `the sign-in provider answered ${answer.error}${words}`)
  }
  const tokens =
    answer.kind === 'token' && pending.responseType === 'token'
      ? { accessToken: answer.accessToken, expiresIn: answer.expiresIn }
      : answer.kind === 'code' && pending.responseType === 'code' && pending.verifier
        ? await exchangeCode(provider.core, {
            clientId: provider.clientId,
            redirectUri: pending.redirectUri,
            code: answer.code,
            verifier: pending.verifier,
          })
        : null
  if (tokens === null) {
    throw new SignInError(
      'invalid-response',
      `the sign-in answer is a ${answer.kind}, not the ${pending.responseType} asked for`,
    )
  }
  const claims = decodeJwtClaims(tokens.accessToken)
  if (claims === null || typeof claims.sub !== 'string') {
    throw new SignInError('invalid-response', 'the access token is not a JWT with a subject')
  }
  if (pending.nonce !== undefined) {
    const idClaims = tokens.idToken === undefined ? null : decodeJwtClaims(tokens.idToken)
    const nonce = idClaims?.nonce ?? claims.nonce
    if (nonce !== pending.nonce) {
      throw new SignInError('nonce-mismatch', 'the tokens lack the nonce this page sent: refused')
    }
  }
  return tokens
}
