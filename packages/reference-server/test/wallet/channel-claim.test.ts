import { verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { claimSigningData, type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const CHANNEL = '5DB01B7FFED6B67E6B0414DED11E051D2EE2B7619CE0EAA6286D67A3A4D5BDB3'

describe('PaymentChannelAuthorize (docs/protocol.md §8.2)', () => {
  it.each([
    [0, '1000000'],
    [1, '18446744073'],
  ])('account %i signs the bare claim over channel + %s drops', async (index, drops) => {
    const { platform, alice, create } = setup
    const account = alice.accounts[index]
    const { uuid, events } = create({
      txjson: { TransactionType: 'PaymentChannelAuthorize', Channel: CHANNEL, Amount: drops },
    })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid, account: account?.address })
    const signature = record.response.hex ?? ''
    expect(signature).toMatch(/^[0-9A-F]+$/)
    expect(record.response.txid).toBe('')
    expect(record.response.signer_pubkey).toBe(account?.publicKey)
    expect(verify(claimSigningData(CHANNEL, drops), signature, account?.publicKey ?? '')).toBe(true)
    // The claim covers the amount: the same signature does not verify for another amount.
    expect(verify(claimSigningData(CHANNEL, '1'), signature, account?.publicKey ?? '')).toBe(false)
    expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
    expect(record.response.dispatched_result).toBeNull()
  })
})
