import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import { payment, testPlatform } from '../test-platform'

let current: Platform | undefined
afterEach(() => current?.dispose())
const DAY = 86_400

async function signedToken(t: ReturnType<typeof testPlatform>, app = t.app) {
  const { uuid } = t.platform.payloads.create(app, payment())
  const record = await t.platform.wallet.sign(uuid, { user: t.alice.uuid })
  const token = record.application.issued_user_token
  if (!token) throw new Error('no token issued')
  return token
}

describe('user tokens (docs/protocol.md §6)', () => {
  it('are issued on signing and valid 30 days, restarted by every further signature', async () => {
    const t = testPlatform()
    current = t.platform
    const token = await signedToken(t)
    const [first] = t.platform.tokens.verify(t.app, [token]).tokens
    expect(first).toMatchObject({ user_token: token, active: true })
    expect((first?.expires ?? 0) - (first?.issued ?? 0)).toBe(30 * DAY)

    t.clock.advance(29 * DAY)
    expect(t.platform.tokens.verify(t.app, [token]).tokens[0]?.active).toBe(true)
    // A new signature renews the same token: 30 days from now.
    expect(await signedToken(t)).toBe(token)
    t.clock.advance(29 * DAY)
    const renewed = t.platform.tokens.verify(t.app, [token]).tokens[0]
    expect(renewed?.active).toBe(true)
    expect(renewed?.issued).toBe(first?.issued)
    t.clock.advance(1 * DAY + 1)
    expect(t.platform.tokens.verify(t.app, [token]).tokens[0]?.active).toBe(false)
    // After expiry the next signature issues a new token.
    const next = await signedToken(t)
    expect(next).not.toBe(token)
  })

  it('validity is configurable per platform and per application', async () => {
    const t = testPlatform({ tokenValidityDays: 2 })
    current = t.platform
    const week = t.platform.applications.create({ name: 'Weekly', tokenValidityDays: 7 })
    const short = await signedToken(t)
    const long = await signedToken(t, week)
    t.clock.advance(3 * DAY)
    expect(t.platform.tokens.verify(t.app, [short]).tokens[0]?.active).toBe(false)
    expect(t.platform.tokens.verify(week, [long]).tokens[0]?.active).toBe(true)
  })

  it('revoked, unknown and foreign tokens are inactive; revoking needs the right user', async () => {
    const t = testPlatform()
    current = t.platform
    const other = t.platform.applications.create({ name: 'Other' })
    const token = await signedToken(t)
    expect(t.platform.tokens.verify(other, [token]).tokens[0]).toEqual({
      user_token: token,
      active: false,
      issued: 0,
      expires: 0,
    })
    expect(t.platform.tokens.verify(t.app, ['unknown']).tokens[0]?.active).toBe(false)
    const bob = t.platform.users.create({ name: 'Bob' })
    expect(() => t.platform.tokens.revoke(bob.uuid, token)).toThrow(
      expect.objectContaining({ code: 404 }),
    )
    t.platform.tokens.revoke(t.alice.uuid, token)
    expect(t.platform.tokens.verify(t.app, [token]).tokens[0]?.active).toBe(false)
    expect(t.platform.lookups.kycByToken(t.app, token).kycStatus).toBe('NONE')
  })

  it('verify validates its input', () => {
    const t = testPlatform()
    current = t.platform
    for (const bad of [undefined, 'x', [], [5], [''], new Array(51).fill('t')]) {
      expect(() => t.platform.tokens.verify(t.app, bad), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ code: 600, message: expect.stringMatching(/^tokens /) }),
      )
    }
  })
})

describe('push and event list', () => {
  it('needs the push permission and an active token; events enter what the user received', async () => {
    const t = testPlatform()
    current = t.platform
    const token = await signedToken(t)
    expect(
      t.platform.push.event(t.app, { user_token: token, body: 'Shipped', data: { id: 1 } }),
    ).toEqual({
      pushed: true,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(t.platform.xapps.push(t.app, { user_token: token, body: 'Hi' })).toEqual({
      pushed: true,
    })
    expect(t.platform.push.event(t.app, { user_token: 'nope', body: 'x' })).toEqual({
      pushed: false,
      uuid: null,
    })
    expect(t.platform.push.received(t.alice.uuid).map((m) => [m.kind, m.body])).toEqual([
      ['notification', 'Hi'],
      ['event', 'Shipped'],
    ])
    const noPush = t.platform.applications.create({ name: 'NoPush' })
    expect(() => t.platform.push.event(noPush, { user_token: token, body: 'x' })).toThrow(
      expect.objectContaining({ code: 603 }),
    )
    expect(() => t.platform.push.event(t.app, { user_token: token })).toThrow(
      expect.objectContaining({ code: 600, message: expect.stringMatching(/^body /) }),
    )
  })
})
