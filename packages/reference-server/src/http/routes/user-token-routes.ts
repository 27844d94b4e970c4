import { Hono } from 'hono'
import { guardedRoutes } from '../guards/api-guard'
import { bearerOnlyCors } from '../guards/cors'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonObject } from '../json-body'
import { json } from '../responses'

/**
 * POST `user-tokens` and GET `user-token/{token}` (docs/protocol.md §2, §6). `tokens.verify`
 * checks the token list (600 naming `tokens`).
 */
export function userTokenRoutes({
  credentials,
  tokens,
}: Pick<HttpParts, 'credentials' | 'tokens'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  // docs/protocol.md §1: user-tokens also takes a Bearer, and then answers CORS.
  const api = guardedRoutes(credentials, routes, {
    credentials: ['key-secret', 'jwt'],
    routeClass: 'default',
  })
  routes.use('/user-tokens', bearerOnlyCors)
  routes.use('/user-token/*', bearerOnlyCors)

  api.post('/user-tokens', async (c) => {
    const body = await readJsonObject(c.req.raw)
    return json(c, tokens.verify(c.get('credential').application, body.tokens))
  })
  api.get('/user-token/:token', (c) =>
    json(c, tokens.verify(c.get('credential').application, [c.req.param('token')])),
  )
  return routes
}
