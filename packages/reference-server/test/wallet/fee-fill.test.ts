import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

describe('fees the wallet fills (docs/protocol.md §8.7)', () => {
  it.each([
    ['TESTNET', '200000'],
    ['XAHAU', '200000'],
  ] as const)(
    'an AccountDelete on %s carries one owner reserve (rippled DeleteAccount::calculateBaseFee)',
    async (network, fee) => {
      const { platform, alice, bob, create } = setup
      const { uuid } = create({
        txjson: { TransactionType: 'AccountDelete', Destination: bob.accounts[0]?.address },
        options: { submit: false, force_network: network },
      })
      const record = await platform.wallet.sign(uuid, { user: alice.uuid })
      expect(decode(record.response.hex ?? '').Fee).toBe(fee)
      expect(record.response.dispatched_result).toBeNull()
    },
  )

  it('keeps an AccountDelete fee the request gives', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid } = create({
      txjson: {
        TransactionType: 'AccountDelete',
        Destination: bob.accounts[0]?.address,
        Fee: '2000000',
      },
      options: { submit: false },
    })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(decode(record.response.hex ?? '').Fee).toBe('2000000')
  })
})
