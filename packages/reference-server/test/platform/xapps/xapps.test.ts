import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import { testPlatform } from '../test-platform'

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

// Written here from docs/protocol.md §2, independently of xapps.ts.
const deviceHash = (ott: string, secret: string, device: string) =>
  createHash('sha1').update(`${ott}.${secret}.${device}`.toUpperCase()).digest('hex')

describe('xApp launch and one-time tokens (docs/protocol.md §7.2)', () => {
  it('launch gives the xApp URL with xAppToken and xAppStyle, and an OTT that resolves once', () => {
    const { platform, app, alice } = setup()
    const second = alice.accounts[1]?.address
    const { url, ott, hostUrl } = platform.xapps.launch({
      application: app.uuid,
      user: alice.uuid,
      account: second,
      style: 'DARK',
      network: 'TESTNET',
      origin: { type: 'QR', data: { txid: 'ABC' } },
    })
    expect(ott).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(url).toBe(`https://game.example/xapp?lang=en&xAppToken=${ott}&xAppStyle=DARK`)
    expect(hostUrl).toBe(`${platform.endpoints.api}/__ref/xapp-host/${ott}`)
    const context = platform.xapps.resolveOtt(app, ott)
    expect(context).toEqual({
      version: expect.any(String),
      locale: 'en',
      currency: 'USD',
      style: 'DARK',
      nodetype: 'TESTNET',
      nodewss: expect.stringMatching(/^wss?:\/\/.+\/ledger\/TESTNET$/),
      networkid: 1,
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
      origin: { type: 'QR', data: { txid: 'ABC' } },
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
    // unset context fields are present as null (§7.2 Details)
    const unset = platform.xapps.launchOf(a.ott)?.context
    expect(unset?.origin).toEqual({ type: 'XAPP', data: null })
    expect(unset?.account_info).toMatchObject({ domain: null, profile: null })
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
    const bob = platform.users.create({ name: 'Bob' })
    const sandbox = platform.applications.create({
      name: 'Sandbox',
      xapp: {
        url: 'https://sandbox.example',
        sandbox: true,
        devices: ['only-this'],
        developer: alice.uuid,
      },
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
      [{ application: app.uuid, user: alice.uuid, network: 'MOON' }, 600, 'network'],
      [{ application: app.uuid, user: alice.uuid, origin: { type: 'qr' } }, 600, 'origin.type'],
      [
        { application: app.uuid, user: alice.uuid, origin: { type: 'QR', data: 'x' } },
        600,
        'origin.data',
      ],
      [{ application: sandbox.uuid, user: alice.uuid }, 603, 'this sandbox xApp opens only on'],
      [
        { application: sandbox.uuid, user: bob.uuid, device: 'only-this' },
        603,
        'this sandbox xApp opens only for its developer',
      ],
    ]
    const tokensBefore = platform.tokens.ofUser(bob.uuid).length
    for (const [input, code, field] of rows) {
      expect(() => platform.xapps.launch(input), JSON.stringify(input)).toThrow(
        expect.objectContaining({ code, message: expect.stringMatching(new RegExp(`^${field}`)) }),
      )
    }
    expect(
      platform.xapps.launch({ application: sandbox.uuid, user: alice.uuid, device: 'only-this' })
        .ott,
    ).toBeTruthy()
    // a refused launch issues no user token
    expect(platform.tokens.ofUser(bob.uuid)).toHaveLength(tokensBefore)
  })
})

describe('xApp debug replay (docs/protocol.md §7.2)', () => {
  const XUMM = 'xumm/xapp:2.9.0 (ott:x)'

  it('re-arms a used OTT of a debug device for one more resolution, for 60 s', () => {
    const { platform, app, alice, clock } = setup()
    const { ott, url } = platform.xapps.launch(
      { application: app.uuid, user: alice.uuid, device: DEVICE },
      '10.0.0.7',
    )
    platform.xapps.resolveOtt(app, ott)
    clock.advance(300)
    const caller = { userAgent: XUMM, address: '10.0.0.7' }
    expect(platform.xapps.replay(app.uuid, ott, caller)).toBe(url)
    expect(platform.xapps.resolveOtt(app, ott).user).toBe(alice.uuid)
    expect(() => platform.xapps.resolveOtt(app, ott)).toThrow(
      expect.objectContaining({ code: 815 }),
    )
    platform.xapps.replay(app.uuid, ott, caller)
    clock.advance(61)
    expect(() => platform.xapps.resolveOtt(app, ott)).toThrow(
      expect.objectContaining({ code: 815 }),
    )
  })

  it('refuses every other replay with 815, leaving the OTT spent', () => {
    const { platform, app, alice } = setup()
    const other = platform.applications.create({
      name: 'Other',
      xapp: { url: 'https://o.example' },
    })
    const debug = platform.xapps.launch(
      { application: app.uuid, user: alice.uuid, device: DEVICE },
      '10.0.0.7',
    )
    const phone = platform.xapps.launch({ application: app.uuid, user: alice.uuid }, '10.0.0.7')
    const inProcess = platform.xapps.launch({
      application: app.uuid,
      user: alice.uuid,
      device: DEVICE,
    })
    const rows: Array<
      [string, unknown, unknown, { userAgent: string | null; address: string | null }, string]
    > = [
      [
        'browser user agent',
        app.uuid,
        debug.ott,
        { userAgent: 'Mozilla/5.0', address: '10.0.0.7' },
        'user agent',
      ],
      [
        'no user agent',
        app.uuid,
        debug.ott,
        { userAgent: null, address: '10.0.0.7' },
        'user agent',
      ],
      ['another address', app.uuid, debug.ott, { userAgent: XUMM, address: '10.0.0.8' }, 'address'],
      ['no address', app.uuid, debug.ott, { userAgent: XUMM, address: null }, 'address'],
      [
        'not a debug device',
        app.uuid,
        phone.ott,
        { userAgent: XUMM, address: '10.0.0.7' },
        'whitelisted',
      ],
      [
        'launched in-process',
        app.uuid,
        inProcess.ott,
        { userAgent: XUMM, address: '10.0.0.7' },
        'address',
      ],
      [
        'another application',
        other.uuid,
        debug.ott,
        { userAgent: XUMM, address: '10.0.0.7' },
        'unknown',
      ],
      ['unknown OTT', app.uuid, 'nope', { userAgent: XUMM, address: '10.0.0.7' }, 'unknown'],
      ['OTT not a string', app.uuid, 42, { userAgent: XUMM, address: '10.0.0.7' }, 'unknown'],
    ]
    for (const launch of [debug, phone, inProcess]) platform.xapps.resolveOtt(app, launch.ott)
    for (const [name, appUuid, ott, caller, why] of rows) {
      expect(() => platform.xapps.replay(appUuid, ott, caller), name).toThrow(
        expect.objectContaining({ code: 815, status: 403, message: expect.stringContaining(why) }),
      )
    }
    for (const launch of [debug, phone, inProcess]) {
      expect(() => platform.xapps.resolveOtt(app, launch.ott)).toThrow(
        expect.objectContaining({ code: 815 }),
      )
    }
  })
})
