import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/platform/index'
import { testPlatform } from './test-platform'

let current: Platform | undefined
afterEach(() => current?.dispose())

const DEVICE = 'debug-device-1'

function setup() {
  const t = testPlatform()
  current = t.platform
  const app = t.platform.applications.create({
    name: 'Game',
    xapp: { url: 'https://game.example/xapp?lang=en', devices: [DEVICE] },
  })
  return { ...t, app }
}

// Written here from PROTOCOL §2, independently of xapps.ts.
const deviceHash = (ott: string, secret: string, device: string) =>
  createHash('sha1').update(`${ott}.${secret}.${device}`.toUpperCase()).digest('hex')

describe('xApp launch and one-time tokens (PROTOCOL §7.2)', () => {
  it('launch gives the xApp URL with xAppToken and xAppStyle, and an OTT that resolves once', () => {
    const { platform, app, alice } = setup()
    const second = alice.accounts[1]?.address
    const { url, ott } = platform.xapps.launch({
      application: app.uuid,
      user: alice.uuid,
      account: second,
      style: 'DARK',
    })
    expect(ott).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(url).toBe(`https://game.example/xapp?lang=en&xAppToken=${ott}&xAppStyle=DARK`)
    const context = platform.xapps.resolveOtt(app, ott)
    expect(context).toEqual({
      version: expect.any(String),
      locale: 'en',
      currency: 'USD',
      style: 'DARK',
      nodetype: 'MAINNET',
      nodewss: 'wss://xrplcluster.com',
      networkid: 0,
      user: alice.uuid,
      user_device: { currency: 'USD', platform: 'ios' },
      account: second,
      accounttype: 'REGULAR',
      accountaccess: 'FULL',
      account_info: {
        account: second,
        name: 'Alice',
        domain: null,
        blocked: false,
        source: 'xumm',
        kycApproved: true,
        proSubscription: false,
        profile: null,
      },
      origin: { type: 'XAPP', data: null },
      subscriptions: [],
    })
    expect(() => platform.xapps.resolveOtt(app, ott)).toThrow(
      expect.objectContaining({ code: 815, status: 403 }),
    )
  })

  it('an OTT is valid 60 s, for its own application only; the launch issues a user token', () => {
    const { platform, app, alice, clock } = setup()
    const other = platform.applications.create({
      name: 'Other',
      xapp: { url: 'https://other.example' },
    })
    const a = platform.xapps.launch({ application: app.uuid, user: alice.uuid })
    const b = platform.xapps.launch({ application: app.uuid, user: alice.uuid })
    expect(a.url).toContain('xAppStyle=LIGHT')
    expect(() => platform.xapps.resolveOtt(other, a.ott)).toThrow(
      expect.objectContaining({ code: 815 }),
    )
    clock.advance(59)
    expect(platform.xapps.resolveOtt(app, a.ott).user).toBe(alice.uuid)
    clock.advance(2)
    expect(() => platform.xapps.resolveOtt(app, b.ott)).toThrow(
      expect.objectContaining({ code: 815 }),
    )
    expect(() => platform.xapps.resolveOtt(app, 'not-an-ott')).toThrow(
      expect.objectContaining({ code: 815 }),
    )
    const launch = platform.xapps.launchOf(a.ott)
    expect(platform.tokens.userOf(app, launch?.userToken)).toBe(alice.uuid)
  })

  it('a whitelisted debug device re-fetches with sha1(upper("{ott}.{secret}.{device}"))', () => {
    const { platform, app, alice } = setup()
    const { ott } = platform.xapps.launch({ application: app.uuid, user: alice.uuid })
    platform.xapps.resolveOtt(app, ott)
    const hash = deviceHash(ott, app.apiSecret, DEVICE)
    expect(platform.xapps.resolveOttForDevice(app, ott, hash).user).toBe(alice.uuid)
    expect(platform.xapps.resolveOttForDevice(app, ott, hash.toUpperCase()).user).toBe(alice.uuid)
    for (const bad of [deviceHash(ott, app.apiSecret, 'other-device'), 'abc', undefined]) {
      expect(() => platform.xapps.resolveOttForDevice(app, ott, bad)).toThrow(
        expect.objectContaining({ code: 815 }),
      )
    }
  })

  it('launch validates its input, naming the field', () => {
    const { platform, app, alice } = setup()
    const plain = platform.applications.create({ name: 'Plain' })
    const sandbox = platform.applications.create({
      name: 'Sandbox',
      xapp: { url: 'https://sandbox.example', sandbox: true, devices: ['only-this'] },
    })
    const rows: Array<[unknown, number, string]> = [
      [null, 600, 'body'],
      [{ user: alice.uuid }, 600, 'application'],
      [{ application: 'nope', user: alice.uuid }, 600, 'application'],
      [{ application: plain.uuid, user: alice.uuid }, 600, 'application'],
      [{ application: app.uuid, user: 'nope' }, 600, 'user'],
      [
        { application: app.uuid, user: alice.uuid, account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
        600,
        'account',
      ],
      [{ application: app.uuid, user: alice.uuid, style: 'PINK' }, 600, 'style'],
      [{ application: sandbox.uuid, user: alice.uuid }, 603, 'this sandbox'],
    ]
    for (const [input, code, field] of rows) {
      expect(() => platform.xapps.launch(input), JSON.stringify(input)).toThrow(
        expect.objectContaining({ code, message: expect.stringMatching(new RegExp(`^${field}`)) }),
      )
    }
    expect(
      platform.xapps.launch({ application: sandbox.uuid, user: alice.uuid, device: 'only-this' })
        .ott,
    ).toBeTruthy()
  })
})
