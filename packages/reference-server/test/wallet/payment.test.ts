import { decode } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sha512HalfHex } from '../ledger/test-keys'
import { singleSigningData, type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup({ TESTNET: '20000000' })
})
afterEach(() => setup.dispose())

const payment = (destination: string, amount = '1000000', extra: Record<string, unknown> = {}) => ({
  txjson: { TransactionType: 'Payment', Destination: destination, Amount: amount, ...extra },
})

describe('signing and submitting a payment', () => {
  it.each([
    [0, 'ed25519'],
    [1, 'ecdsa-secp256k1'],
  ] as const)(
    'account %i (%s): fills, signs, submits; validated once the ledger closes',
    async (index, algorithm) => {
      const { platform, clock, alice, bob, create } = setup
      const account = alice.accounts[index]
      expect(account?.algorithm).toBe(algorithm)
      const to = bob.accounts[0]?.address ?? ''
      const before = platform.ledger.account('TESTNET', account?.address ?? '')
      const { uuid, events } = create(payment(to, '2000000'))

      const record = await platform.wallet.sign(uuid, {
        user: alice.uuid,
        account: account?.address,
        network: 'TESTNET',
      })

      const hex = record.response.hex ?? ''
      const tx = decode(hex)
      expect(tx).toMatchObject({
        TransactionType: 'Payment',
        Account: account?.address,
        Destination: to,
        Amount: '2000000',
        Sequence: before?.sequence,
        Fee: '12',
      })
      expect(tx.NetworkID).toBeUndefined()
      expect(deriveAddress(String(tx.SigningPubKey))).toBe(account?.address)
      expect(verify(singleSigningData(tx), String(tx.TxnSignature), String(tx.SigningPubKey))).toBe(
        true,
      )
      const txid = sha512HalfHex(`54584E00${hex}`)
      expect(record.response).toMatchObject({
        txid,
        // The network's node on this server (docs/protocol.md §8.6), not production's.
        dispatched_to: 'ws://127.0.0.1:8787/ledger/TESTNET',
        environment_nodeuri: 'ws://127.0.0.1:8787/ledger/TESTNET',
        dispatched_nodetype: 'TESTNET',
        dispatched_result: 'tesSUCCESS',
        environment_nodetype: 'TESTNET',
        environment_networkid: 1,
        multisign_account: null,
      })
      expect(events).toEqual(['opened', 'pre_signed', 'dispatched', 'resolved'])

      const pending = platform.ledger.transaction(txid)
      expect(pending?.transaction.validated).toBe(false)
      expect(pending?.balanceChanges[to]).toEqual([
        { counterparty: '', currency: 'XRP', value: '2' },
      ])
      clock.advance(4)
      const validated = platform.ledger.transaction(txid)
      expect(validated?.transaction.validated).toBe(true)
      expect(validated?.transaction.meta).toMatchObject({
        TransactionResult: 'tesSUCCESS',
        delivered_amount: '2000000',
      })
      expect(platform.ledger.account('TESTNET', account?.address ?? '')?.sequence).toBe(
        (before?.sequence ?? 0) + 1,
      )
    },
  )

  // Alice holds 20 units on TESTNET and no objects: the reserve is 1 unit (docs/protocol.md §8.1).
  it.each([
    ['19000000', 'tesSUCCESS'],
    ['19000001', 'tecUNFUNDED_PAYMENT'],
  ])('a payment of %s drops from 20 units: %s', async (amount, result) => {
    const { platform, alice, bob, create } = setup
    const { uuid } = create(payment(bob.accounts[0]?.address ?? '', amount))
    const record = await platform.wallet.sign(uuid, { user: alice.uuid, network: 'TESTNET' })
    expect(record.meta.signed).toBe(true)
    expect(record.response.dispatched_result).toBe(result)
    const lookup = platform.ledger.transaction(record.response.txid ?? '')
    expect(lookup?.transaction.meta.TransactionResult).toBe(result)
  })

  it('turns a LastLedgerSequence below 32570 into latest closed index + offset', async () => {
    const { platform, clock, alice, bob, create } = setup
    const { uuid } = create(
      payment(bob.accounts[0]?.address ?? '', '1000000', { LastLedgerSequence: 10 }),
    )
    clock.advance(12) // three closes after creation: the offset counts from when the user accepts
    const closed = platform.ledger.latestClosedIndex('MAINNET')
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(decode(record.response.hex ?? '').LastLedgerSequence).toBe(closed + 10)
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
  })

  it('passes a LastLedgerSequence of 32570 or more unchanged', async () => {
    const { platform, alice, bob, create } = setup
    const absolute = platform.ledger.latestClosedIndex('MAINNET') + 50
    const { uuid } = create(
      payment(bob.accounts[0]?.address ?? '', '1000000', { LastLedgerSequence: absolute }),
    )
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(decode(record.response.hex ?? '').LastLedgerSequence).toBe(absolute)
  })

  it('keeps a Fee the request gives', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid } = create(payment(bob.accounts[0]?.address ?? '', '1000000', { Fee: '5000' }))
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(decode(record.response.hex ?? '').Fee).toBe('5000')
  })

  it('respects submit: false (signed, never dispatched)', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid, events } = create({
      ...payment(bob.accounts[0]?.address ?? ''),
      options: { submit: false },
    })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid, network: 'TESTNET' })
    const tx = decode(record.response.hex ?? '')
    expect(verify(singleSigningData(tx), String(tx.TxnSignature), String(tx.SigningPubKey))).toBe(
      true,
    )
    expect(record.response).toMatchObject({ dispatched_to: null, dispatched_result: null })
    expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
    expect(platform.ledger.transaction(record.response.txid ?? '')).toBeNull()
  })
})

describe('networks', () => {
  // The network: force_network, else the wallet's network, else MAINNET; NetworkID above 1024.
  it.each([
    [null, undefined, 'MAINNET', undefined],
    [null, 'DEVNET', 'DEVNET', undefined],
    ['XAHAU', undefined, 'XAHAU', 21337],
    ['XAHAU', 'TESTNET', 'XAHAU', 21337],
    ['XAHAUTESTNET', undefined, 'XAHAUTESTNET', 21338],
  ] as const)(
    'force_network %s, wallet on %s: signs for %s with NetworkID %s',
    async (force, network, expected, networkId) => {
      const { platform, alice, bob, create } = setup
      const options = force === null ? {} : { force_network: force }
      const { uuid } = create({ ...payment(bob.accounts[0]?.address ?? ''), options })
      const record = await platform.wallet.sign(uuid, {
        user: alice.uuid,
        ...(network ? { network } : {}),
      })
      expect(decode(record.response.hex ?? '').NetworkID).toBe(networkId)
      expect(record.response).toMatchObject({
        dispatched_nodetype: expected,
        environment_nodetype: expected,
        dispatched_result: 'tesSUCCESS',
      })
      const lookup = platform.ledger.transaction(record.response.txid ?? '')
      const native = expected.startsWith('XAHAU') ? 'XAH' : 'XRP'
      expect(lookup?.balanceChanges[bob.accounts[0]?.address ?? '']?.[0]?.currency).toBe(native)
    },
  )
})
