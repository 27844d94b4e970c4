import { isValidClassicAddress } from 'ripple-address-codec'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import { NETWORKS } from '../../../src/ledger'
import { OUTSIDER, payment, testPlatform } from '../test-platform'

let current: Platform | undefined
afterEach(() => current?.dispose())
const setup = () => {
  const t = testPlatform()
  current = t.platform
  return t
}

describe('lookups (docs/protocol.md §2)', () => {
  it('rates for several fiat codes, upper-cased, with __meta; unknown codes are 404', () => {
    const { platform } = setup()
    for (const code of ['USD', 'eur', 'GBP', 'JPY', 'CHF']) {
      const upper = code.toUpperCase()
      const rates = platform.lookups.rates(code)
      expect(Object.keys(rates).sort(), code).toEqual(['USD', 'XRP', '__meta'])
      expect(rates.USD).toBeGreaterThan(0)
      expect(rates.XRP).toBeGreaterThan(0)
      expect(rates.__meta.currency).toEqual({
        en: expect.any(String),
        code: upper,
        symbol: expect.any(String),
        isoDecimals: upper === 'JPY' ? 0 : 2,
      })
    }
    // One XRP and one dollar buy fewer euros than dollars (a euro is worth more than a dollar).
    expect(platform.lookups.rates('EUR').XRP).toBeLessThan(platform.lookups.rates('USD').XRP)
    expect(platform.lookups.rates('EUR').USD).toBeLessThan(1)
    expect(platform.lookups.rates('USD').USD).toBe(1)
    for (const code of ['XXX', 'toString', '__proto__', '']) {
      expect(() => platform.lookups.rates(code), code).toThrow(
        expect.objectContaining({ code: 404 }),
      )
    }
  })

  it('rails are the five networks of the ledger, in the §2 shape', () => {
    const { platform } = setup()
    const rails = platform.lookups.rails()
    expect(Object.keys(rails)).toEqual(['MAINNET', 'TESTNET', 'DEVNET', 'XAHAU', 'XAHAUTESTNET'])
    for (const network of NETWORKS) {
      expect(rails[network.key]).toEqual({
        chain_id: network.chain_id,
        color: network.color,
        name: network.name,
        is_livenet: network.is_livenet,
        native_asset: network.native_asset,
        // Every URL of a network points at its node on this server (docs/protocol.md §8.6).
        endpoints: [{ name: 'Reference node', url: `ws://127.0.0.1:8787/ledger/${network.key}` }],
        explorers: network.explorers,
        rpc: `http://127.0.0.1:8787/ledger/${network.key}`,
        definitions:
          network.definitions === 'default'
            ? 'default'
            : `http://127.0.0.1:8787/ledger/${network.key}/definitions`,
        icons: network.icons,
      })
    }
    expect(rails.XAHAU?.chain_id).toBe(21337)
  })

  it('curated assets have valid issuers and currency codes', () => {
    const { platform } = setup()
    const assets = platform.lookups.curatedAssets()
    expect(assets.issuers.length).toBeGreaterThanOrEqual(3)
    expect(Object.keys(assets.details)).toEqual(assets.issuers)
    for (const issuer of Object.values(assets.details)) {
      for (const [code, currency] of Object.entries(issuer.currencies)) {
        expect(isValidClassicAddress(currency.issuer), currency.issuer).toBe(true)
        expect(code).toMatch(/^([A-Z]{3}|[0-9A-F]{40})$/)
        expect(assets.currencies).toContain(code)
        expect(currency.issuer_id).toBe(issuer.id)
      }
    }
  })

  it('hook hashes list HookMeta; one hash is found in any case; unknown is 404', () => {
    const { platform } = setup()
    const all = platform.lookups.hookHashes()
    const [hash, meta] = Object.entries(all)[0] ?? []
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(meta).toEqual({
      name: expect.any(String),
      description: expect.any(String),
      creator: { name: expect.any(String), mail: expect.any(String), site: expect.any(String) },
      xapp: expect.any(String),
      appuuid: expect.any(String),
      icon: expect.any(String),
      verifiedAccounts: expect.any(Array),
      audits: expect.any(Array),
    })
    expect(platform.lookups.hookHash((hash ?? '').toLowerCase())).toEqual(meta)
    expect(() => platform.lookups.hookHash('A'.repeat(64))).toThrow(
      expect.objectContaining({ code: 404 }),
    )
    expect(() => platform.lookups.hookHash('xyz')).toThrow(expect.objectContaining({ code: 600 }))
  })

  it('KYC by account and by token follow the users', async () => {
    const { platform, app, alice } = setup()
    const bob = platform.users.create({ name: 'Bob' })
    const aliceAddress = alice.accounts[0]?.address ?? ''
    expect(platform.lookups.kycByAccount(aliceAddress)).toEqual({
      account: aliceAddress,
      kycApproved: true,
    })
    expect(platform.lookups.kycByAccount(bob.accounts[0]?.address ?? '').kycApproved).toBe(false)
    expect(platform.lookups.kycByAccount(OUTSIDER).kycApproved).toBe(false)
    expect(() => platform.lookups.kycByAccount('rBad')).toThrow(
      expect.objectContaining({ code: 600, message: expect.stringMatching(/^account /) }),
    )
    const { uuid } = platform.payloads.create(app, payment())
    const token = (await platform.wallet.sign(uuid, { user: alice.uuid })).application
      .issued_user_token
    const answer = platform.lookups.kycByToken(app, token)
    expect(answer.kycStatus).toBe('SUCCESSFUL')
    expect(Object.keys(answer.possibleStatuses)).toEqual([
      'NONE',
      'IN_PROGRESS',
      'REJECTED',
      'SUCCESSFUL',
    ])
    platform.users.setKyc(alice.uuid, 'IN_PROGRESS')
    expect(platform.lookups.kycByToken(app, token).kycStatus).toBe('IN_PROGRESS')
    expect(platform.lookups.kycByToken(app, 'unknown').kycStatus).toBe('NONE')
  })

  it('account meta names the owner of a known account', () => {
    const { platform, alice } = setup()
    const address = alice.accounts[1]?.address ?? ''
    expect(platform.lookups.accountMeta(address)).toEqual({
      account: address,
      kycApproved: true,
      xummPro: false,
      avatar: `https://xumm.app/avatar/${address}.png`,
      xummProfile: { accountAlias: 'Alice 2', ownerAlias: 'Alice' },
      thirdPartyProfiles: [{ accountAlias: 'Alice 2', source: 'xumm.app' }],
      globalid: { linked: null, profileUrl: null },
    })
    expect(platform.lookups.accountMeta(OUTSIDER).xummProfile).toEqual({
      accountAlias: null,
      ownerAlias: null,
    })
    expect(platform.lookups.accountMeta(OUTSIDER).thirdPartyProfiles).toEqual([])
  })

  it('transactions come from the ledger: validated after the close; unknown is 404', async () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    const txid = record.response.txid ?? ''
    expect(platform.lookups.transaction(txid).transaction.validated).toBe(false)
    platform.ledger.close()
    const found = platform.lookups.transaction(txid.toLowerCase())
    expect(found.txid).toBe(txid)
    expect(found.transaction.validated).toBe(true)
    expect(found.transaction.meta.TransactionResult).toBe('tesSUCCESS')
    expect(() => platform.lookups.transaction('0'.repeat(64))).toThrow(
      expect.objectContaining({ code: 404 }),
    )
    expect(() => platform.lookups.transaction('nope')).toThrow(
      expect.objectContaining({ code: 600 }),
    )
  })
})

describe('app storage (docs/protocol.md §2)', () => {
  it('stores one JSON object per application, at most 60 KB', () => {
    const { platform, app } = setup()
    const other = platform.applications.create({ name: 'Other' })
    const application = { name: 'Shop', uuidv4: app.uuid }
    expect(platform.storage.get(app)).toEqual({ application, data: null })
    expect(platform.storage.set(app, { theme: 'dark' })).toEqual({
      application,
      stored: true,
      data: { theme: 'dark' },
    })
    expect(platform.storage.get(app).data).toEqual({ theme: 'dark' })
    expect(platform.storage.get(other).data).toBeNull()
    for (const bad of [null, [], 'x', 5, { big: 'x'.repeat(60 * 1024) }]) {
      expect(() => platform.storage.set(app, bad)).toThrow(
        expect.objectContaining({ code: 600, message: expect.stringMatching(/^body /) }),
      )
    }
    expect(platform.storage.get(app).data).toEqual({ theme: 'dark' })
    expect(platform.storage.set(app, { fits: 'x'.repeat(60 * 1024 - 20) }).stored).toBe(true)
    expect(platform.storage.delete(app)).toEqual({ application, stored: true, data: null })
    expect(platform.storage.get(app).data).toBeNull()
  })
})
