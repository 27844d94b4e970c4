import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Batch, signMultiBatch, Wallet } from 'xrpl'
import type { User } from '../../src/platform'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
let carol: User
beforeEach(() => {
  setup = walletSetup()
  carol = setup.platform.users.create({ name: 'Carol' })
})
afterEach(() => setup.dispose())

const address = (user: User) => user.accounts[0]?.address ?? ''
const INDEPENDENT = 524288

// A Batch of the owner with one inner payment per inner signer to the owner (docs/protocol.md §8.4).
function batchFor(owner: User, signers: User[]) {
  const sequence = (user: User) =>
    setup.platform.ledger.account('TESTNET', address(user))?.sequence ?? 0
  return {
    TransactionType: 'Batch',
    Account: address(owner),
    Sequence: sequence(owner),
    Flags: INDEPENDENT,
    RawTransactions: signers.map((signer) => ({
      RawTransaction: {
        TransactionType: 'Payment',
        Account: address(signer),
        Destination: address(owner),
        Amount: '2000000',
        Fee: '0',
        SigningPubKey: '',
        Flags: 0x40000000,
        Sequence: sequence(signer),
      },
    })),
  }
}

async function innerSign(batch: object, signer: User, input: Record<string, unknown> = {}) {
  const { uuid } = setup.create({
    txjson: batch,
    options: { submit: false, signer: address(signer) },
  })
  const record = await setup.platform.wallet.sign(uuid, {
    user: signer.uuid,
    network: 'TESTNET',
    ...input,
  })
  return { uuid, record }
}

describe('Batch through payloads (docs/protocol.md §8.4)', () => {
  it('an inner signer resolves with its BatchV1_1 signature, as xrpl.js signMultiBatch makes it', async () => {
    const batch = batchFor(setup.alice, [setup.bob])
    const { record } = await innerSign(batch, setup.bob)
    expect(record.response.txid).toBe('')
    expect(record.response.dispatched_result).toBeNull()
    const signed = decode(record.response.hex ?? '') as Record<string, unknown>
    expect(signed).toMatchObject({ Account: address(setup.alice), Sequence: batch.Sequence })
    const key = setup.bob.accounts[0]
    const oracle = { ...batch, Fee: signed.Fee } as unknown as Batch
    signMultiBatch(new Wallet(key?.publicKey ?? '', key?.privateKey ?? ''), oracle)
    expect(signed.BatchSigners).toEqual(oracle.BatchSigners)
  })

  it('the final payload takes BatchSigners as a payload UUID and a signed blob, mixed, and the Batch applies', async () => {
    const batch = batchFor(setup.alice, [setup.bob, carol])
    const bob = await innerSign(batch, setup.bob)
    const fromCarol = await innerSign(batch, carol)
    const ownerBefore = BigInt(
      setup.platform.ledger.account('TESTNET', address(setup.alice))?.balance ?? '0',
    )
    const { uuid } = setup.create({
      txjson: { ...batch, BatchSigners: [bob.uuid, fromCarol.record.response.hex] },
    })
    const record = await setup.platform.wallet.sign(uuid, {
      user: setup.alice.uuid,
      network: 'TESTNET',
    })
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const signed = decode(record.response.hex ?? '') as {
      Fee: string
      BatchSigners: Array<{ BatchSigner: { Account: string } }>
    }
    // 2 × base fee + base fee per BatchSigner; entries merged and sorted by AccountID.
    expect(signed.Fee).toBe(String(12 * 4))
    const accounts = signed.BatchSigners.map((e) => e.BatchSigner.Account)
    expect(new Set(accounts)).toEqual(new Set([address(setup.bob), address(carol)]))
    const after = BigInt(
      setup.platform.ledger.account('TESTNET', address(setup.alice))?.balance ?? '0',
    )
    expect(after - ownerBefore).toBe(4_000_000n - 48n)
  })

  it('takes native BatchSigner entries too', async () => {
    const batch = batchFor(setup.alice, [setup.bob])
    const { record } = await innerSign(batch, setup.bob)
    const native = (decode(record.response.hex ?? '') as { BatchSigners: unknown[] }).BatchSigners
    const { uuid } = setup.create({ txjson: { ...batch, BatchSigners: native } })
    const final = await setup.platform.wallet.sign(uuid, {
      user: setup.alice.uuid,
      network: 'TESTNET',
    })
    expect(final.response.dispatched_result).toBe('tesSUCCESS')
  })

  it.each([
    [
      'an unknown payload UUID',
      async () => '6f1b1c52-7c2a-4a63-9c5e-2b0c7f4f9a11',
      /BatchSigners\.0 names no payload/,
    ],
    [
      'an unsigned payload',
      async (batch: object) => setup.create({ txjson: batch, options: { submit: false } }).uuid,
      /BatchSigners\.0 names a payload that is not signed/,
    ],
    [
      'a key that does not derive to the account',
      async (batch: object) => {
        const { record } = await innerSign(batch, setup.bob)
        const entry = (
          decode(record.response.hex ?? '') as { BatchSigners: Array<{ BatchSigner: object }> }
        ).BatchSigners[0]
        return {
          BatchSigner: { ...entry?.BatchSigner, SigningPubKey: setup.alice.accounts[0]?.publicKey },
        }
      },
      /BatchSigners\.0 has a SigningPubKey that does not derive/,
    ],
    ['hex that is no Batch', async () => 'ABCD', /BatchSigners\.0 is not a binary-encoded Batch/],
  ])('refuses %s with 602 naming the entry', async (_, entry, message) => {
    const batch = batchFor(setup.alice, [setup.bob])
    const item = await entry(batch)
    const error = (() => {
      try {
        setup.create({ txjson: { ...batch, BatchSigners: [item] } })
        return null
      } catch (e) {
        return e as Error & { code: number }
      }
    })()
    expect(error?.code).toBe(602)
    expect(error?.message).toMatch(message)
  })

  it.each(['5.3.9', '4.9.0', '5.3.10'])(
    'refuses wallet version %s (602 naming walletVersion) on every network',
    async (version) => {
      for (const network of ['TESTNET', 'XAHAU'] as const) {
        const batch = batchFor(setup.alice, [setup.bob])
        const { uuid, events } = setup.create({
          txjson: batch,
          options: { submit: false, signer: address(setup.bob) },
        })
        const error = await setup.platform.wallet
          .sign(uuid, { user: setup.bob.uuid, network, walletVersion: version })
          .catch((e: unknown) => e as Error & { code: number })
        expect(error).toMatchObject({ code: 602 })
        expect((error as Error).message).toMatch(/^walletVersion/)
        expect(events).toEqual([])
      }
    },
  )

  it('accepts wallet version 5.4.0 and later', async () => {
    const batch = batchFor(setup.alice, [setup.bob])
    const { record } = await innerSign(batch, setup.bob, { walletVersion: '5.4.0' })
    expect(record.meta.signed).toBe(true)
  })
})
