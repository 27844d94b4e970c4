import { SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../src/control-api-types'
import { createXappSessions } from '../../src/identity/xapp-sessions'
import { createClock } from '../../src/platform/clock'
import { errorOf, okJson as json, startTestServer, type TestServer } from '../server/test-server'

// docs/protocol.md §7.3 "An xApp JWT needs its launch".
let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const xappApplication = async () =>
  (await json(
    await t.control('applications', { name: 'Game', xapp: { url: 'https://game.example/' } }),
  )) as RefApplication

const authorize = async (apiKey: string, ott: string) =>
  json(
    await fetch(`${t.endpoints.api}/api/v1/jwt/authorize`, {
      headers: { 'x-api-key': apiKey, 'x-api-ott': ott },
    }),
  )

const ping = (jwt: string) =>
  fetch(`${t.endpoints.api}/api/v1/jwt/ping`, { headers: { authorization: `Bearer ${jwt}` } })

/** An xApp JWT the application signs itself with its own secret (what §7.3 refuses). */
const selfMinted = (
  app: { uuid: string; name: string; apiKey: string; apiSecret: string },
  claims: { ott: string; usr: string; sub: string },
) => {
  const iat = Math.floor(t.server.clock.now() / 1000)
  return new SignJWT({
    app_uuidv4: app.uuid,
    app_name: app.name,
    ott_uuidv4: claims.ott,
    sub: claims.sub,
    usr: claims.usr,
    net: 'MAINNET',
    client_id: app.apiKey,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 86_400)
    .sign(new TextEncoder().encode(app.apiSecret))
}

describe('an xApp JWT is accepted only for an OTT this server issued (§7.3)', () => {
  it('refuses a JWT the app signed for a user who never opened it; accepts the issued one', async () => {
    const app = await xappApplication()
    const { ott } = await json(
      await t.control('xapps/launch', { application: app.uuid, user: t.alice.uuid }),
    )
    const { jwt } = await authorize(app.apiKey, ott)
    expect((await ping(jwt)).status).toBe(200)
    const bobAccount = t.bob.accounts[0]?.address ?? ''
    const rows: Array<[string, { ott: string; usr: string; sub: string }]> = [
      ['an OTT never issued', { ott: crypto.randomUUID(), usr: t.bob.uuid, sub: bobAccount }],
      ['Alice’s OTT for Bob', { ott, usr: t.bob.uuid, sub: bobAccount }],
    ]
    for (const [name, claims] of rows) {
      const res = await ping(await selfMinted(app, claims))
      expect((await errorOf(res)).code, name).toBe(814)
      expect(res.status, name).toBe(401)
    }
  })

  it('the record is bounded in time: forgotten after the JWT lifetime, and emptied by clear', () => {
    const clock = createClock()
    const sessions = createXappSessions(clock)
    const [ott, app, user] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    sessions.record(ott, app, user)
    expect(sessions.issued(ott, app, user)).toBe(true)
    expect(sessions.issued(ott, app, crypto.randomUUID())).toBe(false)
    expect(sessions.issued(ott, crypto.randomUUID(), user)).toBe(false)
    clock.advance(86_390)
    expect(sessions.issued(ott, app, user)).toBe(true)
    clock.advance(11)
    expect(sessions.issued(ott, app, user)).toBe(false)
    sessions.record(ott, app, user)
    sessions.clear()
    expect(sessions.issued(ott, app, user)).toBe(false)
  })
})
