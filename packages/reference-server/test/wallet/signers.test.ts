import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PlatformError } from '../../src/platform'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const SIGN_IN = { TransactionType: 'SignIn' }

describe('forced signers (docs/protocol.md §3.1)', () => {
  it('signs with the forced signer when the user holds it (not the first account)', async () => {
    const { platform, alice, create } = setup
    const second = alice.accounts[1]?.address
    const { uuid } = create({ txjson: SIGN_IN, options: { signer: second } })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(decode(record.response.hex ?? '').Account).toBe(second)
    expect(record.response.signer).toBe(second)
  })

  it('honours any of several signers', async () => {
    const { platform, alice, bob, create } = setup
    const allowed = [bob.accounts[0]?.address, alice.accounts[1]?.address]
    const { uuid } = create({ txjson: SIGN_IN, options: { signers: allowed } })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(record.response.account).toBe(alice.accounts[1]?.address)
  })

  it('refuses when the user holds none of the forced accounts, and changes nothing', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid, events } = create({
      txjson: SIGN_IN,
      options: { signer: bob.accounts[0]?.address },
    })
    const error = await platform.wallet.sign(uuid, { user: alice.uuid }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject({ status: 400, code: 602 })
    expect((error as Error).message).toContain('options.signers')
    expect((error as Error).message).toContain(bob.accounts[0]?.address)
    expect(events).toEqual([])
    expect(platform.payloads.record(uuid).meta).toMatchObject({
      app_opened: false,
      resolved: false,
    })
    // The right user can still sign it afterwards.
    const record = await platform.wallet.sign(uuid, { user: bob.uuid })
    expect(record.response.account).toBe(bob.accounts[0]?.address)
  })

  it('refuses an explicit account that is not a forced signer', async () => {
    const { platform, alice, create } = setup
    const { uuid } = create({ txjson: SIGN_IN, options: { signer: alice.accounts[1]?.address } })
    await expect(
      platform.wallet.sign(uuid, { user: alice.uuid, account: alice.accounts[0]?.address }),
    ).rejects.toMatchObject({ code: 602, message: expect.stringMatching(/^account/) })
  })

  it.each([
    [
      { account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
      /^account .* is not an account of this user/,
      602,
    ],
    [{ account: 'not-an-address' }, /^account/, 600],
    [{ network: 'MOONNET' }, /^network/, 600],
    [{ walletVersion: 'five' }, /^walletVersion/, 600],
    [{ payWith: { currency: 7 } }, /^payWith\.currency/, 600],
  ])('refuses sign input %j naming the field', async (input, message, code) => {
    const { platform, alice, create } = setup
    const { uuid, events } = create({ txjson: SIGN_IN })
    const error = await platform.wallet
      .sign(uuid, { user: alice.uuid, ...(input as object) })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code })
    expect((error as Error).message).toMatch(message)
    expect(events).toEqual([])
  })
})
