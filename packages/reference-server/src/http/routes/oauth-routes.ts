import { Hono } from 'hono'
import type { OAuthPopupMessage } from 'pullsign/wire'
import { OAuthError } from '../../identity'
import { parseAuthorizeRequest, verifyClient } from '../../identity/authorize-request'
import { openerOrigin } from '../../identity/redirect-uris'
import { userinfo } from '../../identity/userinfo'
import { renderOAuthMessagePage } from '../../web/pages/oauth/oauth-message-page'
import { renderOAuthReturnPage } from '../../web/pages/oauth/oauth-return-page'
import { limitAddress } from '../guards/address-limit'
import { openCors } from '../guards/cors'
import { countGuess, refuseGuesser } from '../guards/credential-guesses'
import { htmlResponse } from '../html-response'
import type { HttpParts } from '../http-parts'
import { withBasicCredentials } from '../token-basic-credentials'
import { oauthJson, oauthRefusal, redirectTo, wantsJson } from './oauth-answers'
import { readTokenBody } from './token-body'

const PATHS = [
  '/auth',
  '/signin',
  '/token',
  '/userinfo',
  '/certs',
  '/.well-known/openid-configuration',
]

// The query alone is parsed: a Host the URL parser cannot read must not make the whole URL throw
// (a 500 where the route's own refusal belongs, docs/protocol.md §1).
const query = (request: Request) => {
  const url = request.url
  const start = url.indexOf('?')
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1).split('#', 1)[0])
}

/**
 * Where the provider's routes are mounted: the path of `{oauth}` (`/oauth` by default; `/` for an
 * `oauthUrl` on a host of its own, as production's `https://oauth2.xumm.app`).
 *
 * @example
 * ```ts
 * oauthMountPath('http://127.0.0.1:8787/oauth') // '/oauth'
 * ```
 */
export function oauthMountPath(oauthUrl: string): string {
  return new URL(oauthUrl).pathname.replace(/\/+$/, '') || '/'
}

/**
 * The OAuth2 / OpenID Connect provider on `{oauth}` (docs/protocol.md §7.1), mounted at the path of the
 * `oauthUrl` option: `/auth`, the `/signin` return page, `/token` (form or JSON), `/userinfo`,
 * `/certs` and discovery. Each answers CORS (§1) for itself only, so mounting at `/` (an `oauthUrl`
 * on a host of its own) leaves the key/secret routes without CORS.
 *
 * @example
 * ```ts
 * app.route('/oauth', oauthRoutes(platform))
 * ```
 */
export function oauthRoutes({
  applications,
  identity,
  lookups,
  rateLimits,
}: Pick<HttpParts, 'applications' | 'identity' | 'lookups' | 'rateLimits'>): Hono {
  const routes = new Hono()
  const { oauth } = identity
  const guesses = { applications, rateLimits }
  for (const path of PATHS) routes.use(path, openCors)

  routes.get('/auth', (c) => {
    const params = query(c.req.raw)
    let client: ReturnType<typeof verifyClient>
    try {
      client = verifyClient(params, applications)
    } catch (error) {
      // docs/protocol.md §7.1: an unknown client or an unverified redirect_uri never redirects.
      return oauthRefusal(error, wantsJson(c.req.raw), params.get('redirect_uri'))
    }
    try {
      const request = parseAuthorizeRequest(params, client)
      // docs/protocol.md §7.3: creating a sign-in without credentials is limited per address.
      limitAddress(c.req.raw, rateLimits)
      return redirectTo(oauth.begin(request))
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error
      const back = new URL(client.redirectUri)
      back.searchParams.set('error', error.error)
      back.searchParams.set('error_description', error.message)
      if (client.state !== null) back.searchParams.set('state', client.state)
      return redirectTo(back.toString())
    }
  })

  routes.get('/signin', async (c) => {
    const json = wantsJson(c.req.raw)
    const session = query(c.req.raw).get('session')
    if (!session) {
      return oauthRefusal(new OAuthError('invalid_request', 'session is missing'), json)
    }
    let result: Awaited<ReturnType<typeof oauth.finish>>
    try {
      result = await oauth.finish(session.slice(0, 64))
    } catch (error) {
      return oauthRefusal(error, json)
    }
    if (result.kind === 'pending') {
      const page = renderOAuthMessagePage({
        title: 'Waiting for the wallet',
        error: null,
        description: 'The sign-in request has not been answered yet.',
        link: { href: result.signUrl, label: 'Back to the sign request' },
      })
      return htmlResponse(page, 409)
    }
    if (!result.popup) return redirectTo(result.fullRedirectUri)
    const message: OAuthPopupMessage = {
      source: result.rejected ? 'xumm_sign_request_rejected' : 'xumm_sign_request_resolved',
      options: {
        redirect_uri: result.redirectUri,
        full_redirect_uri: result.fullRedirectUri,
        ...result.values,
      },
    }
    return htmlResponse(
      renderOAuthReturnPage({
        message: JSON.stringify(message),
        targetOrigin: openerOrigin(result.redirectUri),
        fullRedirectUri: result.fullRedirectUri,
        rejected: result.rejected,
      }),
    )
  })

  // docs/protocol.md §7.3: wrong client secrets count per (address, client_id), 429 past 30.
  routes.post('/token', async (c) => {
    let clientId: string | null = null
    try {
      const params = await readTokenBody(c.req.raw)
      const credentials = withBasicCredentials(params, c.req.header('authorization'))
      clientId = typeof credentials.client_id === 'string' ? credentials.client_id : null
      refuseGuesser(c.req.raw, guesses, clientId)
      return oauthJson(await oauth.exchange(credentials))
    } catch (error) {
      countGuess(c.req.raw, guesses, clientId, error)
      return oauthRefusal(error, true)
    }
  })

  const userinfoRoute = async (request: Request) => {
    const token = /^bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    try {
      if (!token)
        throw new OAuthError('invalid_token', 'authorization must be "Bearer <access token>"', 401)
      const identity = await oauth.verify(token)
      return oauthJson(userinfo(identity, lookups.accountMeta(identity.account).avatar))
    } catch (error) {
      return oauthRefusal(error, true)
    }
  }
  routes.get('/userinfo', (c) => userinfoRoute(c.req.raw))
  routes.post('/userinfo', (c) => userinfoRoute(c.req.raw))

  routes.get('/certs', async () => oauthJson(await identity.jwks()))
  routes.get('/.well-known/openid-configuration', () => oauthJson(identity.discovery()))
  return routes
}
