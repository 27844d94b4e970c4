import { type BatchProgress, buildBatch, signBatch } from 'pullsign/batch'
import { type AccountLookup, canPay, type ExpectedPayment, verifyPayment } from 'pullsign/verify'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { movingClock } from '../support/moving-clock'
import {
  accountOf as accountOfUser,
  bobTrustsAnIssuer,
  type Reference,
  startReference,
} from './reference'

// End to end on the simulated ledger (docs/protocol.md §8.3-§8.5): issued assets, pay with
// anything, partial payments and Batch, each signed for real by the wallet simulator.

let issuer = ''
const usd = (value: string) => ({ currency: 'USD', issuer, value })

let ref: Reference
beforeEach(async () => {
  ref = await startReference({ ledgerCloseMs: 'auto' })
})
afterEach(() => ref.server.close())

const accountOf = (user: string) => accountOfUser(ref, user)
const sequenceOf = (address: string) =>
  ref.server.platform.ledger.account('TESTNET', address)?.sequence ?? 0

/** Bob, the merchant, trusts a USD issuer (a TrustSet he signs in the wallet, §8.5). */
async function bobTrustsUsd() {
  issuer = await bobTrustsAnIssuer(ref)
}

describe('verifyPayment on issued assets (§8.3, §9.1 rules 5-6)', () => {
  test('5 USD paid with XRP through pathfinding is accepted: delivered_amount is the USD', async () => {
    await bobTrustsUsd()
    const bob = accountOf(ref.bob.uuid)
    const created = await ref.pullsign.payload.create({
      txjson: { TransactionType: 'Payment', Destination: bob, Amount: usd('5') },
      options: { pathfinding: true },
    })
    await ref.wallet.sign(created.uuid, {
      user: ref.alice.uuid,
      network: 'TESTNET',
      payWith: { currency: 'XRP' },
    })
    const record = await ref.pullsign.payload.get(created)
    const expected: ExpectedPayment = { amount: usd('5'), network: 'TESTNET', destination: bob }
    const verdict = await verifyPayment(record, expected, {
      lookup: ref.pullsign,
      clock: movingClock(ref.clock),
    })
    expect(verdict).toMatchObject({ ok: true, delivered: usd('5') })
    // The payer really paid in XRP: the transaction's SendMax is drops.
    expect(verdict.ok && typeof verdict.transaction.transaction.SendMax).toBe('string')
  })

  test('a partial payment (Amount 5 USD, SendMax for about 2) is caught: delivered-less', async () => {
    await bobTrustsUsd()
    const bob = accountOf(ref.bob.uuid)
    const price = Number(ref.server.platform.lookups.rates('USD').XRP)
    const sendMax = String(Math.floor((2 / price) * 1_000_000))
    const created = await ref.pullsign.payload.create({
      txjson: {
        TransactionType: 'Payment',
        Destination: bob,
        Amount: usd('5'),
        SendMax: sendMax,
        Flags: 0x0002_0000,
      },
    })
    const signed = await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
    expect(signed.response.dispatched_result).toBe('tesSUCCESS')
    const verdict = await verifyPayment(
      await ref.pullsign.payload.get(created),
      { amount: usd('5'), network: 'TESTNET', destination: bob },
      { lookup: ref.pullsign, clock: movingClock(ref.clock) },
    )
    expect(verdict).toMatchObject({ ok: false, rule: 5, reason: 'delivered-less' })
    const delivered = verdict.ok ? null : verdict.delivered
    expect(delivered).toMatchObject({ currency: 'USD', issuer })
    expect(Number((delivered as { value: string }).value)).toBeLessThan(5)
    expect(verdict.ok === false && verdict.transaction?.transaction.Amount).toEqual(usd('5'))
  })
})

describe('canPay through the accounts route (§9.1 rule 7, §10)', () => {
  // The reference server's GET /__ref/accounts/{address}?network= has the shape canPay reads.
  const accounts: AccountLookup = {
    getAccount: async (address, network) => {
      const response = await fetch(
        `${ref.endpoints.api}/__ref/accounts/${address}?network=${network}`,
      )
      if (!response.ok) throw new Error(`accounts route: ${response.status}`)
      return response.json()
    },
  }

  test('native: the balance minus 1 unit and 0.2 per owned object; issued: the line balance', async () => {
    await bobTrustsUsd()
    const bob = accountOf(ref.bob.uuid)
    const state = await accounts.getAccount(bob, 'TESTNET')
    expect(state.ownerCount).toBe(1)
    const spendable = String(BigInt(state.balance) - 1_200_000n)
    const options = { lookup: accounts, network: 'TESTNET' as const }
    expect(await canPay(bob, spendable, options)).toEqual({ ok: true, spendable })
    expect(await canPay(bob, String(BigInt(spendable) + 1n), options)).toMatchObject({ ok: false })
    expect(await canPay(bob, usd('1'), options)).toEqual({ ok: false, spendable: '0' })
  })
})

describe('signBatch end to end (§8.4)', () => {
  test.each(['native', 'blob', 'uuid'] as const)(
    'two inner signers sign, the Batch account submits with %s BatchSigners, and every inner payment applies',
    async (notation) => {
      const alice = accountOf(ref.alice.uuid)
      const bob = accountOf(ref.bob.uuid)
      const carolUser = ref.server.platform.users.create({ name: 'Carol' })
      const carol = carolUser.accounts[0]?.address as string
      const batch = buildBatch({
        mode: 'ALLORNOTHING',
        account: alice,
        sequence: sequenceOf(alice),
        transactions: [
          {
            TransactionType: 'Payment',
            Account: bob,
            Sequence: sequenceOf(bob),
            Destination: alice,
            Amount: '2000000',
          },
          {
            TransactionType: 'Payment',
            Account: carol,
            Sequence: sequenceOf(carol),
            Destination: alice,
            Amount: '3000000',
          },
        ],
      })
      const users: Record<string, string> = {
        [alice]: ref.alice.uuid,
        [bob]: ref.bob.uuid,
        [carol]: carolUser.uuid,
      }
      const before = BigInt(ref.server.platform.ledger.account('TESTNET', alice)?.balance ?? '0')
      const progress: BatchProgress[] = []
      const outcome = await signBatch(ref.pullsign.payload, batch, {
        notation,
        onProgress(step) {
          progress.push(step)
          // Each signer opens the request and signs it in the wallet app as soon as it exists.
          if (step.stage === 'created') {
            queueMicrotask(
              () =>
                void ref.wallet.sign(step.uuid, {
                  user: users[step.signer] as string,
                  network: 'TESTNET',
                }),
            )
          }
        },
      })
      expect(outcome.signed).toBe(true)
      if (!outcome.signed) return
      expect(outcome.final.response.dispatched_result).toBe('tesSUCCESS')
      expect(outcome.inner.map((r) => r.response.account)).toEqual([bob, carol])
      const stages = (signer: string) =>
        progress.filter((p) => p.signer === signer).map((p) => p.stage)
      expect(stages(bob)).toEqual(['created', 'opened', 'signed'])
      expect(stages(carol)).toEqual(['created', 'opened', 'signed'])
      expect(stages(alice)).toEqual(['created', 'opened', 'signed'])
      ref.server.platform.ledger.close('TESTNET')
      const after = BigInt(ref.server.platform.ledger.account('TESTNET', alice)?.balance ?? '0')
      // 5 units in, minus the fee of §8.4: 2 × base fee + base fee per BatchSigner (12 drops each).
      expect(after - before).toBe(5_000_000n - 48n)
    },
  )
})
