import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PlatformError } from '../../src/platform'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const SIGN_IN = { txjson: { TransactionType: 'SignIn' } }

describe('opening', () => {
  it.each([
    ['QR', false],
    ['DEEP_LINK', true],
  ] as const)('opened via %s: origintype and opened_by_deeplink %s', (via, deeplink) => {
    const { platform, alice, create } = setup
    const { uuid, events } = create(SIGN_IN)
    const record = platform.wallet.open(uuid, { user: alice.uuid, via })
    expect(record.payload.origintype).toBe(via)
    expect(record.meta).toMatchObject({ app_opened: true, opened_by_deeplink: deeplink })
    expect(events).toEqual(['opened'])
  })

  it.each([
    [{ user: 'x', via: 'CARRIER_PIGEON' }, /via/, 600],
    [{ via: 'QR' }, /user/, 600],
    [{ user: '00000000-0000-4000-8000-000000000000' }, /user/, 404],
  ])('refuses %j and changes nothing', (input, message, code) => {
    const { platform, create } = setup
    const { uuid, events } = create(SIGN_IN)
    let error: unknown
    try {
      platform.wallet.open(uuid, input as { user: string })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(PlatformError)
    expect((error as PlatformError).code).toBe(code)
    expect((error as PlatformError).message).toMatch(message)
    expect(platform.payloads.record(uuid).meta.app_opened).toBe(false)
    expect(events).toEqual([])
  })
})

describe('rejecting', () => {
  it('opens if needed and resolves unsigned', () => {
    const { platform, alice, create } = setup
    const { uuid, events } = create(SIGN_IN)
    const record = platform.wallet.reject(uuid, { user: alice.uuid })
    expect(record.meta).toMatchObject({ resolved: true, signed: false, cancelled: false })
    expect(record.response.hex).toBeNull()
    expect(events).toEqual(['opened', 'resolved'])
  })

  it('refuses to sign what is already resolved', async () => {
    const { platform, alice, create } = setup
    const { uuid } = create(SIGN_IN)
    platform.wallet.reject(uuid, { user: alice.uuid })
    await expect(platform.wallet.sign(uuid, { user: alice.uuid })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/already resolved/),
    })
  })

  it('refuses a second user on a payload another user opened', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid, events } = create(SIGN_IN)
    platform.wallet.open(uuid, { user: alice.uuid })
    await expect(platform.wallet.sign(uuid, { user: bob.uuid })).rejects.toBeInstanceOf(
      PlatformError,
    )
    expect(events).toEqual(['opened'])
    expect(platform.payloads.record(uuid).meta.resolved).toBe(false)
  })
})
