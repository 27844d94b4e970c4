import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLedger } from '../../src/ledger'
import { createClock } from '../../src/platform'
import { signTx, testKey } from './test-keys'

const keys = [testKey(11), testKey(12, 'ecdsa-secp256k1'), testKey(13), testKey(14)]
const FUNDED = 25_000_000n

describe('native payments, any sequence of them', () => {
  it('conserve drops: balances plus burned fees equal what was funded, none below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            from: fc.nat(keys.length - 1),
            to: fc.nat(keys.length - 1),
            amount: fc.bigInt({ min: 1n, max: 30_000_000n }),
            close: fc.boolean(),
          }),
          { maxLength: 15 },
        ),
        (payments) => {
          const clock = createClock({ start: 0, manual: true })
          const ledger = createLedger({ clock, closeMs: false })
          // Only the first three accounts are funded: the fourth is created by a payment or not.
          for (const key of keys.slice(0, 3)) ledger.fund(key.address, FUNDED, ['DEVNET'])
          let burned = 0n
          for (const { from, to, amount, close } of payments) {
            const sender = keys[from]
            const receiver = keys[to]
            if (!sender || !receiver) continue
            const account = ledger.account('DEVNET', sender.address)
            if (!account) continue
            const tx = {
              TransactionType: 'Payment',
              Account: sender.address,
              Destination: receiver.address,
              Amount: String(amount),
              Fee: '12',
              Sequence: account.sequence,
            }
            const result = ledger.submit('DEVNET', signTx(tx, sender))
            if (result.applied) burned += 12n
            if (close) ledger.close('DEVNET')
          }
          let total = 0n
          for (const key of keys) {
            const balance = BigInt(ledger.account('DEVNET', key.address)?.balance ?? '0')
            expect(balance >= 0n, `${key.address} went below zero: ${balance}`).toBe(true)
            total += balance
          }
          expect(total + burned).toBe(FUNDED * 3n)
          ledger.dispose()
          clock.dispose()
        },
      ),
      { numRuns: 30 },
    )
    // Hundreds of real signatures (secp256k1 among them) take a few seconds under parallel load.
  }, 30_000)
})
