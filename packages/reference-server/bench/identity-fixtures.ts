import { SignJWT } from 'jose'
import type { ReferenceServer } from '../src/index'

// The demo application whitelists this redirect URI (src/platform/fixtures.ts).
const DEMO_REDIRECT = 'http://localhost:3000/callback'

/**
 * A whole implicit sign-in as `userUuid` through the server's own handler (no socket): `/auth`,
 * the wallet signs, `/signin` delivers the access token once. Answers the token.
 *
 * @example
 * ```ts
 * const bearer = await signInToken(server, alice.uuid)
 * ```
 */
export async function signInToken(server: ReferenceServer, userUuid: string): Promise<string> {
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('the demo fixtures should hold an application')
  const query = new URLSearchParams({
    client_id: app.apiKey,
    redirect_uri: DEMO_REDIRECT,
    response_type: 'token',
  })
  const started = await server.handler(new Request(`${server.endpoints.oauth}/auth?${query}`))
  const uuid = (started.headers.get('location') ?? '').split('/sign/')[1] ?? ''
  await server.platform.wallet.sign(uuid, { user: userUuid })
  const back = server.platform.payloads.record(uuid).meta.return_url_web ?? ''
  const answer = await server.handler(new Request(back))
  const token = new URL(answer.headers.get('location') ?? 'x:').searchParams.get('access_token')
  if (!token) throw new Error(`no access token after the sign-in (status ${answer.status})`)
  return token
}

/**
 * An xApp application, one launch of it for `userUuid` exchanged for its xApp JWT (through the
 * handler), and a JWT the application signs itself for the same user with another OTT (what the
 * server must refuse, docs/protocol.md §7.3).
 *
 * @example
 * ```ts
 * const { app, jwt, selfMinted } = await xappTokens(server, alice.uuid)
 * ```
 */
export async function xappTokens(server: ReferenceServer, userUuid: string) {
  const { platform } = server
  const app = platform.applications.create({
    name: 'Bench xApp',
    xapp: { url: 'https://x.example/' },
  })
  const { ott } = platform.xapps.launch({ application: app.uuid, user: userUuid })
  const res = await server.handler(
    new Request(`${server.endpoints.api}/api/v1/jwt/authorize`, {
      headers: { 'x-api-key': app.apiKey, 'x-api-ott': ott },
    }),
  )
  const { jwt } = (await res.json()) as { jwt: string }
  const user = platform.users.find(userUuid)
  const iat = Math.floor(platform.clock.now() / 1000)
  const selfMinted = await new SignJWT({
    app_uuidv4: app.uuid,
    app_name: app.name,
    ott_uuidv4: crypto.randomUUID(),
    sub: user?.accounts[0]?.address ?? '',
    usr: userUuid,
    net: 'MAINNET',
    client_id: app.apiKey,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode(app.apiSecret))
  return { app, ott, jwt, selfMinted }
}
