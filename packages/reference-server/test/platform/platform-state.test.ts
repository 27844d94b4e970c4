import { deriveAddress, deriveKeypair, sign, verify } from 'ripple-keypairs'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/create-platform'
import { createPlatform } from '../../src/create-platform'
import { DEMO_FIXTURES } from '../../src/platform/fixtures'
import { payment, testPlatform } from './test-platform'

const platforms: Platform[] = []
const make = (...args: Parameters<typeof createPlatform>) => {
  const platform = createPlatform(...args)
  platforms.push(platform)
  return platform
}
afterEach(() => {
  for (const p of platforms.splice(0)) p.dispose()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('demo fixtures and the §10 state', () => {
  it('are the same on every start: one application, two users with two accounts each', () => {
    const a = make({ ledgerCloseMs: false }).state()
    const b = make({ ledgerCloseMs: false }).state()
    expect(a).toEqual(b)
    expect(a.applications).toHaveLength(1)
    expect(a.users.map((u) => [u.name, u.kyc, u.accounts.map((x) => x.algorithm)])).toEqual([
      ['Alice', 'SUCCESSFUL', ['ed25519', 'ecdsa-secp256k1']],
      ['Bob', 'NONE', ['ed25519', 'ecdsa-secp256k1']],
    ])
    const [app] = a.applications
    expect(app?.apiKey).toMatch(UUID)
    expect(app?.apiSecret).toMatch(UUID)
    expect(app?.apiKey).toBe(DEMO_FIXTURES.applications[0]?.uuid)
  })

  it('never shows private keys or seeds', () => {
    const platform = make({ ledgerCloseMs: false })
    const text = JSON.stringify(platform.state())
    for (const user of platform.users.list()) {
      for (const account of user.accounts) {
        expect(text).not.toContain(account.privateKey)
        expect(text).not.toContain(account.seed)
      }
    }
    expect(text).not.toMatch(/privateKey|seed/)
  })

  it('accounts carry working keys and are funded on every network', () => {
    const platform = make({ ledgerCloseMs: false })
    for (const user of platform.users.list()) {
      for (const account of user.accounts) {
        const derived = deriveKeypair(account.seed)
        expect(derived.publicKey).toBe(account.publicKey)
        expect(deriveAddress(account.publicKey)).toBe(account.address)
        expect(account.publicKey.startsWith('ED')).toBe(account.algorithm === 'ed25519')
        const signature = sign('CAFE', account.privateKey)
        expect(verify('CAFE', signature, account.publicKey)).toBe(true)
        for (const network of account.networks) {
          expect(platform.ledger.account(network, account.address)?.balance, network).toBe(
            '1000000000',
          )
        }
      }
    }
  })

  it('reset returns to the start fixtures', async () => {
    const platform = make({ ledgerCloseMs: false })
    const start = platform.state()
    const [app] = platform.applications.list()
    const [alice] = platform.users.list()
    if (!app || !alice) throw new Error('fixtures missing')
    const { uuid } = platform.payloads.create(app, payment())
    await platform.wallet.sign(uuid, { user: alice.uuid })
    platform.applications.create({ name: 'Later' })
    platform.users.create({ name: 'Carol' })
    platform.storage.set(app, { a: 1 })
    platform.reset()
    expect(platform.state()).toEqual(start)
    expect(platform.payloads.size).toBe(0)
    expect(() => platform.payloads.record(uuid)).toThrow(expect.objectContaining({ code: 404 }))
    const resetApp = platform.applications.get(app.uuid)
    expect(platform.storage.get(resetApp).data).toBeNull()
    expect(platform.ledger.account('MAINNET', alice.accounts[0]?.address ?? '')?.balance).toBe(
      '1000000000',
    )
  })

  it('fixtures from outside are validated, naming the field', () => {
    expect(() => createPlatform({ fixtures: { applications: 'x' } })).toThrow(
      expect.objectContaining({ code: 600, message: expect.stringMatching(/^applications /) }),
    )
    // The path of the bad field inside the fixtures (issue 23), not only its name in the entry.
    expect(() => createPlatform({ fixtures: { applications: [{ name: '' }] } })).toThrow(
      expect.objectContaining({
        code: 600,
        message: expect.stringMatching(/^applications\.0\.name /),
      }),
    )
  })
})

describe('applications', () => {
  it('authenticate with the exact pair only; the error never echoes a secret', () => {
    const { platform, app } = testPlatform()
    platforms.push(platform)
    expect(platform.applications.authenticate(app.apiKey, app.apiSecret)).toBe(app)
    expect(
      platform.applications.authenticate(app.apiKey.toUpperCase(), app.apiSecret.toUpperCase()),
    ).toBe(app)
    const wrongSecret = app.apiSecret.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
    for (const [key, secret] of [
      [app.apiKey, wrongSecret],
      [wrongSecret, app.apiSecret],
      [app.apiKey, undefined],
      [undefined, undefined],
    ]) {
      let message = ''
      try {
        platform.applications.authenticate(key, secret)
      } catch (error) {
        expect(error).toMatchObject({ code: 813, status: 403 })
        message = (error as Error).message
      }
      expect(message).not.toContain(app.apiSecret)
      expect(message).not.toContain(wrongSecret)
    }
  })

  it('create validates every field, naming it, and changes nothing on error', () => {
    const { platform } = testPlatform()
    platforms.push(platform)
    const before = platform.applications.list().length
    const rows: Array<[unknown, string]> = [
      [null, 'body'],
      [{}, 'name'],
      [{ name: 'x', webhookUrl: 'ftp://x' }, 'webhookUrl'],
      [{ name: 'x', webhookUrl: 'not a url' }, 'webhookUrl'],
      [{ name: 'x', redirectUris: ['nope'] }, 'redirectUris.0'],
      [{ name: 'x', permissions: 'push' }, 'permissions'],
      [{ name: 'x', xapp: { url: 5 } }, 'xapp.url'],
      [{ name: 'x', xapp: { url: 'https://x', devices: new Array(11).fill('d') } }, 'xapp.devices'],
    ]
    for (const [input, field] of rows) {
      expect(() => platform.applications.create(input), JSON.stringify(input)).toThrow(
        expect.objectContaining({
          code: 600,
          message: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')} `)),
        }),
      )
    }
    expect(platform.applications.list()).toHaveLength(before)
    const loopback = platform.applications.create({
      name: 'Local',
      webhookUrl: 'http://127.0.0.1:3000/hook',
    })
    expect(loopback.webhookUrl).toBe('http://127.0.0.1:3000/hook')
  })
})

describe('users', () => {
  it('create validates input; names are unique; balances per network', () => {
    const { platform } = testPlatform()
    platforms.push(platform)
    expect(() => platform.users.create({ name: 'Alice' })).toThrow(
      expect.objectContaining({ code: 409 }),
    )
    expect(() => platform.users.create({ accounts: 0 })).toThrow(
      expect.objectContaining({ code: 600, message: expect.stringMatching(/^accounts /) }),
    )
    expect(() => platform.users.create({ kyc: 'MAYBE' })).toThrow(
      expect.objectContaining({ code: 600 }),
    )
    expect(() => platform.users.create({ balances: { MAINNET: '1.5' } })).toThrow(
      expect.objectContaining({ code: 600, message: expect.stringMatching(/^balances\.MAINNET /) }),
    )
    const poor = platform.users.create({ accounts: 3, balances: { XAHAU: '25000000' } })
    expect(poor.name).toMatch(/^User \d+$/)
    expect(poor.accounts.map((a) => a.algorithm)).toEqual(['ed25519', 'ecdsa-secp256k1', 'ed25519'])
    const address = poor.accounts[0]?.address ?? ''
    expect(platform.ledger.account('XAHAU', address)?.balance).toBe('25000000')
    expect(platform.ledger.account('MAINNET', address)?.balance).toBe('1000000000')
    expect(platform.users.byAddress(address)?.user).toBe(poor)
    expect(() => platform.inbox('nope')).toThrow(expect.objectContaining({ code: 404 }))
  })
})
