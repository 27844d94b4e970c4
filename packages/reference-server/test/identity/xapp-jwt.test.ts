import { SignJWT } from 'jose'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/create-platform'
import { issueXappJwt, resolveXappJwt } from '../../src/identity/xapp-jwt'
import { testPlatform } from '../platform/test-platform'

let current: Platform | undefined
afterEach(() => current?.dispose())

function setup() {
  const t = testPlatform()
  current = t.platform
  const app = t.platform.applications.create({ name: 'Game', xapp: { url: 'https://g.example' } })
  const other = t.platform.applications.create({
    name: 'Other',
    xapp: { url: 'https://o.example' },
  })
  const { ott } = t.platform.xapps.launch({ application: app.uuid, user: t.alice.uuid })
  const { launch } = t.platform.xapps.exchange(app, ott)
  return { ...t, app, other, launch }
}

const refusal = (message: string) =>
  expect.objectContaining({ status: 401, code: 814, message: expect.stringContaining(message) })

describe('xApp JWT issue and resolve (docs/protocol.md §7.2)', () => {
  it('resolves its own JWT for 24 h on the server clock, then refuses it as expired', async () => {
    const { platform, app, alice, launch, clock } = setup()
    const jwt = await issueXappJwt(app, launch, clock.now())
    const resolved = await resolveXappJwt(jwt, platform.applications, clock.now())
    expect(resolved.app).toBe(app)
    expect(resolved.claims).toMatchObject({
      usr: alice.uuid,
      ott_uuidv4: launch.ott,
      net: 'MAINNET',
    })
    // the clock keeps real time too: a margin of seconds keeps a slow machine on the right side
    clock.advance(86_390)
    await expect(resolveXappJwt(jwt, platform.applications, clock.now())).resolves.toBeTruthy()
    clock.advance(11)
    await expect(resolveXappJwt(jwt, platform.applications, clock.now())).rejects.toThrow(
      refusal('expired'),
    )
  })

  it('refuses with 814, never echoing the token: tampered, another secret, unknown app, not a JWT', async () => {
    const { platform, app, other, launch, clock } = setup()
    const now = clock.now()
    const jwt = await issueXappJwt(app, launch, now)
    const [head, body, signature] = jwt.split('.')
    const flipped = `${head}.${body}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`
    const claims = {
      app_uuidv4: app.uuid,
      ott_uuidv4: launch.ott,
      sub: 'r',
      usr: 'u',
      client_id: app.apiKey,
    }
    const sign = (payload: Record<string, unknown>, secret: string) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + 60)
        .sign(new TextEncoder().encode(secret))
    const rows: Array<[string, string, string]> = [
      ['tampered signature', flipped, 'signature'],
      [
        'signed with another application’s secret',
        await sign(claims, other.apiSecret),
        'signature',
      ],
      [
        'unknown application',
        await sign({ ...claims, app_uuidv4: crypto.randomUUID() }, app.apiSecret),
        'no known application',
      ],
      [
        'client_id of another application',
        await sign({ ...claims, client_id: other.apiKey }, app.apiSecret),
        'another application',
      ],
      ['missing claims', await sign({ app_uuidv4: app.uuid }, app.apiSecret), 'malformed'],
      ['not a JWT', 'hello', 'not a JWT'],
    ]
    for (const [name, token, message] of rows) {
      const error = await resolveXappJwt(token, platform.applications, now).catch((e: unknown) => e)
      expect(error, name).toEqual(refusal(message))
      expect(String((error as Error).message)).not.toContain(token)
    }
  })
})
