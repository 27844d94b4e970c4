import { Hono } from 'hono'
import type { Platform } from '../platform'
import { apiGuard } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonObject } from './json-body'

/**
 * POST `user-tokens` and GET `user-token/{token}` (PROTOCOL §2, §6). `platform.tokens.verify`
 * checks the token list (600 naming `tokens`).
 */
export function userTokenRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const guard = apiGuard(platform, { credentials: ['key-secret'], routeClass: 'default' })

  routes.post('/user-tokens', guard, async (c) => {
    const { tokens } = await readJsonObject(c.req.raw)
    return c.json(platform.tokens.verify(c.var.credential.application, tokens))
  })
  routes.get('/user-token/:token', guard, (c) =>
    c.json(platform.tokens.verify(c.var.credential.application, [c.req.param('token')])),
  )
  return routes
}
