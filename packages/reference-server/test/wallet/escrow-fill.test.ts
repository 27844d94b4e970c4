import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { preimageSha256 } from '../../src/ledger/rules/escrow/crypto-condition'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup({ TESTNET: '20000000' })
})
afterEach(() => setup.dispose())

describe('the wallet fills an EscrowFinish with a fulfillment (docs/protocol.md §8.7)', () => {
  it('pays the base fee plus base × (32 + fulfillment bytes / 16), as rippled charges', async () => {
    const { platform, alice, bob, create } = setup
    const owner = bob.accounts[0]?.address ?? ''
    const finish = (extra: Record<string, unknown>) =>
      create({
        txjson: { TransactionType: 'EscrowFinish', Owner: owner, OfferSequence: 3, ...extra },
        options: { submit: false },
      })
    const fee = async (extra: Record<string, unknown>) => {
      const { uuid } = finish(extra)
      const record = await platform.wallet.sign(uuid, { user: alice.uuid, network: 'TESTNET' })
      return decode(record.response.hex ?? '').Fee
    }
    const { condition, fulfillment } = preimageSha256(new Uint8Array(32).fill(1))
    // 36 bytes of fulfillment: 12 + 12 × (32 + 2).
    expect(await fee({ Condition: condition, Fulfillment: fulfillment })).toBe('420')
    // xrpl.org's empty preimage: 12 + 12 × 32.
    expect(
      await fee({ Condition: preimageSha256(new Uint8Array()).condition, Fulfillment: 'A0028000' }),
    ).toBe('396')
    expect(await fee({})).toBe('12')
  })
})
