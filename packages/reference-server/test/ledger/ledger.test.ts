import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLedger, type Ledger } from '../../src/ledger'
import { type Clock, createClock } from '../../src/platform'
import { byAccountId, multisignTx, sha512HalfHex, signTx, type TestKey, testKey } from './test-keys'

const UNIT = 1_000_000n

let clock: Clock
let ledger: Ledger
const alice = testKey(1, 'ed25519')
const bob = testKey(2, 'ecdsa-secp256k1')
const carol = testKey(3, 'ed25519')
const dave = testKey(4, 'ecdsa-secp256k1')

beforeEach(() => {
  clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  ledger = createLedger({ clock, closeMs: 4000 })
  ledger.fund(alice.address, 100n * UNIT)
  ledger.fund(bob.address, 100n * UNIT)
})

afterEach(() => {
  ledger.dispose()
  clock.dispose()
})

function payment(from: TestKey, overrides: Record<string, unknown> = {}) {
  const network = (overrides.network as 'TESTNET' | undefined) ?? 'TESTNET'
  const { network: _ignored, ...fields } = overrides
  return {
    TransactionType: 'Payment',
    Account: from.address,
    Destination: bob.address,
    Amount: '1000000',
    Fee: ledger.fee(network),
    Sequence: ledger.account(network, from.address)?.sequence,
    ...fields,
  }
}

describe('ledger accounts', () => {
  it('funds accounts on every network, with a Sequence and no owned objects', () => {
    for (const network of ['MAINNET', 'TESTNET', 'DEVNET', 'XAHAU', 'XAHAUTESTNET'] as const) {
      const account = ledger.account(network, alice.address)
      expect(account, network).toMatchObject({ balance: '100000000', ownerCount: 0 })
      expect(account?.sequence).toBe(ledger.latestClosedIndex(network) + 1)
    }
    expect(ledger.account('TESTNET', carol.address)).toBeNull()
  })

  it('funds only the listed networks', () => {
    ledger.fund(carol.address, '5000000', ['XAHAU'])
    expect(ledger.account('XAHAU', carol.address)?.balance).toBe('5000000')
    expect(ledger.account('MAINNET', carol.address)).toBeNull()
  })

  it.each([
    ['not an address', '1000', /address/],
    [alice.address, '-5', /drops/],
    [alice.address, '1.5', /drops/],
  ])('refuses fund(%s, %s) and changes nothing', (address, drops, message) => {
    expect(() => ledger.fund(address, drops)).toThrow(RangeError)
    expect(() => ledger.fund(address, drops)).toThrow(message)
    expect(ledger.account('TESTNET', alice.address)?.balance).toBe('100000000')
  })

  it('reports the network fee', () => {
    expect(ledger.fee('MAINNET')).toBe('12')
    expect(ledger.fee('XAHAU')).toBe('10')
  })
})

describe('native payments', () => {
  it.each([
    ['ed25519', alice],
    ['secp256k1', bob],
  ] as const)('applies a %s-signed payment, burns the fee, and validates on close', (_, from) => {
    const to = testKey(9)
    ledger.fund(to.address, 20n * UNIT, ['TESTNET'])
    const blob = signTx(payment(from, { Destination: to.address, Amount: '2500000' }), from)
    const result = ledger.submit('TESTNET', blob)
    expect(result).toMatchObject({
      engine_result: 'tesSUCCESS',
      applied: true,
      network: 'TESTNET',
      node: 'wss://s.altnet.rippletest.net:51233',
    })
    expect(result.txid).toBe(sha512HalfHex(`54584E00${blob}`))
    expect(ledger.account('TESTNET', from.address)?.balance).toBe(String(100n * UNIT - 2_500_012n))
    expect(ledger.account('TESTNET', to.address)?.balance).toBe(String(22_500_000n))

    const open = ledger.transaction(result.txid)
    expect(open?.transaction.validated).toBe(false)
    expect(open?.transaction.ledger_index).toBe(ledger.latestClosedIndex('TESTNET') + 1)
    expect(open?.transaction.ctid).toBeUndefined()

    clock.advance(4)
    const closed = ledger.transaction(result.txid.toLowerCase())
    expect(closed).toMatchObject({
      txid: result.txid,
      node: 'wss://s.altnet.rippletest.net:51233',
      balanceChanges: {
        [from.address]: [{ counterparty: '', currency: 'XRP', value: '-2.500012' }],
        [to.address]: [{ counterparty: '', currency: 'XRP', value: '2.5' }],
      },
      transaction: {
        ...decode(blob),
        hash: result.txid,
        meta: { TransactionIndex: 0, TransactionResult: 'tesSUCCESS', delivered_amount: '2500000' },
        validated: true,
        ledger_index: ledger.latestClosedIndex('TESTNET'),
      },
    })
    const ledgerHex = ledger.latestClosedIndex('TESTNET').toString(16).toUpperCase()
    expect(closed?.transaction.ctid).toBe(`C${ledgerHex.padStart(7, '0')}00000001`)
    // The ledger's close time: 00:00:04 rounds to 00:00:00, one second after its parent's.
    expect(closed?.transaction.date).toBe(ledger.header('TESTNET')?.close_time)
  })

  it('keeps transactions unvalidated when closing is manual, until close()', () => {
    ledger.dispose()
    ledger = createLedger({ clock, closeMs: false })
    ledger.fund(alice.address, 100n * UNIT)
    ledger.fund(bob.address, 100n * UNIT)
    const { txid } = ledger.submit('MAINNET', signTx(payment(alice, { network: 'MAINNET' }), alice))
    clock.advance(60)
    expect(ledger.transaction(txid)?.transaction.validated).toBe(false)
    ledger.close('TESTNET')
    expect(ledger.transaction(txid)?.transaction.validated).toBe(false)
    ledger.close('MAINNET')
    expect(ledger.transaction(txid)?.transaction.validated).toBe(true)
  })

  // Reserve rule of docs/protocol.md §8.1: balance ≥ amount + max(reserve, fee); reserve = 1 unit + 0.2
  // per owned object. Alice holds 100 units and no objects: at most 99 units can leave.
  it.each([
    ['leaves exactly the reserve', 99n * UNIT, 'tesSUCCESS'],
    ['dips one drop below the reserve', 99n * UNIT + 1n, 'tecUNFUNDED_PAYMENT'],
    ['exceeds the balance', 150n * UNIT, 'tecUNFUNDED_PAYMENT'],
  ])('a payment that %s: %s', (_, amount, expected) => {
    const blob = signTx(payment(alice, { Amount: String(amount) }), alice)
    const sequence = ledger.account('TESTNET', alice.address)?.sequence ?? 0
    const result = ledger.submit('TESTNET', blob)
    expect(result.engine_result).toBe(expected)
    const after = ledger.account('TESTNET', alice.address)
    // tec results are in the ledger: fee burned, Sequence used, nothing else moved.
    expect(after?.sequence).toBe(sequence + 1)
    const spent = expected === 'tesSUCCESS' ? amount + 12n : 12n
    expect(after?.balance).toBe(String(100n * UNIT - spent))
    clock.advance(4)
    const meta = ledger.transaction(result.txid)?.transaction.meta
    expect(meta?.TransactionResult).toBe(expected)
    if (expected !== 'tesSUCCESS') expect(meta?.delivered_amount).toBeUndefined()
  })

  it('counts owned objects in the reserve (a SignerList adds 0.2 units)', () => {
    const list = {
      TransactionType: 'SignerListSet',
      Account: alice.address,
      Fee: '12',
      Sequence: ledger.account('TESTNET', alice.address)?.sequence,
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { Account: carol.address, SignerWeight: 1 } }],
    }
    expect(ledger.submit('TESTNET', signTx(list, alice)).engine_result).toBe('tesSUCCESS')
    expect(ledger.account('TESTNET', alice.address)?.ownerCount).toBe(1)
    // Balance is now 100 units - 12 drops; the reserve 1.2 units.
    const tooMuch = 100n * UNIT - 12n - 1_200_000n + 1n
    const blob = signTx(payment(alice, { Amount: String(tooMuch) }), alice)
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tecUNFUNDED_PAYMENT')
    const exact = signTx(payment(alice, { Amount: String(tooMuch - 1n - 12n) }), alice)
    expect(ledger.submit('TESTNET', exact).engine_result).toBe('tesSUCCESS')
  })

  it('creates a destination that receives at least the base reserve', () => {
    const small = signTx(payment(alice, { Destination: carol.address, Amount: '999999' }), alice)
    expect(ledger.submit('TESTNET', small).engine_result).toBe('tecNO_DST_INSUF_XRP')
    expect(ledger.account('TESTNET', carol.address)).toBeNull()
    const enough = signTx(payment(alice, { Destination: carol.address, Amount: '1000000' }), alice)
    expect(ledger.submit('TESTNET', enough).engine_result).toBe('tesSUCCESS')
    expect(ledger.account('TESTNET', carol.address)).toMatchObject({ balance: '1000000' })
  })

  it.each([
    ['a partial payment native to native', { Flags: 0x00020000 }, 'temBAD_SEND_XRP_PARTIAL'],
    ['a zero amount', { Amount: '0' }, 'temBAD_AMOUNT'],
    ['a payment to itself', { Destination: alice.address }, 'temREDUNDANT'],
    ['a native SendMax', { SendMax: '5' }, 'temBAD_SEND_XRP_MAX'],
  ])('refuses %s without touching the account', (_, fields, expected) => {
    const result = ledger.submit('TESTNET', signTx(payment(alice, fields), alice))
    expect(result).toMatchObject({ engine_result: expected, applied: false })
    expect(ledger.account('TESTNET', alice.address)?.balance).toBe('100000000')
    expect(ledger.transaction(result.txid)).toBeNull()
  })
})

describe('submission checks', () => {
  it('refuses a resubmitted transaction', () => {
    const blob = signTx(payment(alice), alice)
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tesSUCCESS')
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tefALREADY')
  })

  it.each([
    ['past', -1, 'tefPAST_SEQ'],
    ['future', 1, 'terPRE_SEQ'],
  ])('refuses a %s Sequence', (_, delta, expected) => {
    const sequence = (ledger.account('TESTNET', alice.address)?.sequence ?? 0) + delta
    const result = ledger.submit('TESTNET', signTx(payment(alice, { Sequence: sequence }), alice))
    expect(result.engine_result).toBe(expected)
  })

  it('refuses a LastLedgerSequence the open ledger is past', () => {
    const closed = ledger.latestClosedIndex('TESTNET')
    const late = signTx(payment(alice, { LastLedgerSequence: closed }), alice)
    expect(ledger.submit('TESTNET', late).engine_result).toBe('tefMAX_LEDGER')
    const inTime = signTx(payment(alice, { LastLedgerSequence: closed + 1 }), alice)
    expect(ledger.submit('TESTNET', inTime).engine_result).toBe('tesSUCCESS')
  })

  it('refuses a fee under the network fee', () => {
    const cheap = signTx(payment(alice, { Fee: '11' }), alice)
    expect(ledger.submit('TESTNET', cheap).engine_result).toBe('telINSUF_FEE_P')
  })

  // NetworkID rule of docs/protocol.md §8.1.
  it.each([
    ['MAINNET', undefined, 'tesSUCCESS'],
    ['MAINNET', 0, 'telNETWORK_ID_MAKES_TX_NON_CANONICAL'],
    ['XAHAU', undefined, 'telREQUIRES_NETWORK_ID'],
    ['XAHAU', 21338, 'telWRONG_NETWORK'],
    ['XAHAU', 21337, 'tesSUCCESS'],
    ['XAHAUTESTNET', 21338, 'tesSUCCESS'],
  ] as const)('on %s with NetworkID %s: %s', (network, networkId, expected) => {
    const fields = networkId === undefined ? { network } : { network, NetworkID: networkId }
    const result = ledger.submit(network, signTx(payment(alice, fields), alice))
    expect(result.engine_result).toBe(expected)
  })

  it('reports XAH balance changes on Xahau', () => {
    const fields = { network: 'XAHAU', NetworkID: 21337, Amount: '3000000' }
    const { txid } = ledger.submit('XAHAU', signTx(payment(alice, fields), alice))
    expect(ledger.transaction(txid)?.balanceChanges[bob.address]).toEqual([
      { counterparty: '', currency: 'XAH', value: '3' },
    ])
    expect(ledger.transaction(txid)?.node).toBe('wss://xahau.network')
  })

  it('refuses a tampered blob (signature no longer matches)', () => {
    const tx = payment(alice)
    const signed = decode(signTx(tx, alice))
    const tampered = encode({ ...signed, Amount: '2000000' })
    expect(ledger.submit('TESTNET', tampered).engine_result).toBe('temBAD_SIGNATURE')
  })

  it('refuses a valid signature by a key that is not the account (nor its regular key)', () => {
    // Carol signs a transaction of Alice's: the signature verifies, the key is not Alice's.
    const blob = signTx(payment(alice), carol)
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tefBAD_AUTH')
  })

  it('accepts the regular key once SetRegularKey set it', () => {
    const setKey = {
      TransactionType: 'SetRegularKey',
      Account: alice.address,
      Fee: '12',
      Sequence: ledger.account('TESTNET', alice.address)?.sequence,
      RegularKey: carol.address,
    }
    expect(ledger.submit('TESTNET', signTx(setKey, alice)).engine_result).toBe('tesSUCCESS')
    expect(ledger.account('TESTNET', alice.address)?.regularKey).toBe(carol.address)
    expect(ledger.submit('TESTNET', signTx(payment(alice), carol)).engine_result).toBe('tesSUCCESS')
  })

  it('treats a key/signature algorithm mismatch as an invalid signature', () => {
    // A secp256k1 signature presented with an ed25519 public key makes the verifier throw.
    const tx = { ...payment(alice), SigningPubKey: alice.publicKey }
    const blob = encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), bob.privateKey) })
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('temBAD_SIGNATURE')
  })

  it.each([
    ['not hex', 'zz'],
    ['odd length', 'ABC'],
    ['garbage', 'DEADBEEF'],
  ])('refuses a malformed blob (%s)', (_, blob) => {
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('temMALFORMED')
  })

  it('refuses a blob without TransactionType (a SignIn is never submitted)', () => {
    const signIn = { Account: alice.address, SigningPubKey: alice.publicKey }
    const blob = encode({
      ...signIn,
      TxnSignature: sign(encodeForSigning(signIn), alice.privateKey),
    })
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('temMALFORMED')
  })

  it('refuses an unknown network', () => {
    expect(() => ledger.submit('MOONNET' as 'MAINNET', '00')).toThrow(/network/)
  })
})

describe('multisigned transactions', () => {
  beforeEach(() => {
    const list = {
      TransactionType: 'SignerListSet',
      Account: alice.address,
      Fee: '12',
      Sequence: ledger.account('TESTNET', alice.address)?.sequence,
      SignerQuorum: 2,
      SignerEntries: [
        { SignerEntry: { Account: carol.address, SignerWeight: 1 } },
        { SignerEntry: { Account: dave.address, SignerWeight: 1 } },
      ],
    }
    expect(ledger.submit('TESTNET', signTx(list, alice)).engine_result).toBe('tesSUCCESS')
  })

  const signers = () =>
    byAccountId([
      { account: carol.address, key: carol },
      { account: dave.address, key: dave },
    ])

  it('applies a payment signed by a quorum (ed25519 + secp256k1 signers)', () => {
    const blob = multisignTx(payment(alice, { Fee: '36' }), signers())
    const result = ledger.submit('TESTNET', blob)
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(result.txid).toBe(sha512HalfHex(`54584E00${blob}`))
  })

  it('refuses fewer signers than the quorum', () => {
    const one = multisignTx(payment(alice, { Fee: '24' }), [{ account: carol.address, key: carol }])
    expect(ledger.submit('TESTNET', one).engine_result).toBe('tefBAD_QUORUM')
  })

  // rippled STTx::checkMultiSign "Unsorted Signers array." → Transactor::preflight2 temBAD_SIGNATURE.
  it('refuses signers out of AccountID order', () => {
    const blob = multisignTx(payment(alice, { Fee: '36' }), signers().reverse())
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('temBAD_SIGNATURE')
  })

  it('refuses a signer that is not on the SignerList', () => {
    const stranger = testKey(7)
    const blob = multisignTx(
      payment(alice, { Fee: '36' }),
      byAccountId([
        { account: carol.address, key: carol },
        { account: stranger.address, key: stranger },
      ]),
    )
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tefBAD_SIGNATURE')
  })

  it('refuses a multisigned fee under base × (1 + signers)', () => {
    const blob = multisignTx(payment(alice, { Fee: '35' }), signers())
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('telINSUF_FEE_P')
  })

  it('refuses a multisigned account without a SignerList', () => {
    const blob = multisignTx(payment(bob, { Destination: alice.address, Fee: '36' }), signers())
    expect(ledger.submit('TESTNET', blob).engine_result).toBe('tefNOT_MULTI_SIGNING')
  })
})

describe('lifecycle', () => {
  it('returns null for unknown or malformed hashes', () => {
    expect(ledger.transaction('A'.repeat(64))).toBeNull()
    expect(ledger.transaction('nope')).toBeNull()
  })

  it('forgets everything on reset', () => {
    const { txid } = ledger.submit('TESTNET', signTx(payment(alice), alice))
    const first = ledger.latestClosedIndex('TESTNET')
    clock.advance(8)
    expect(ledger.latestClosedIndex('TESTNET')).toBe(first + 2)
    ledger.reset()
    expect(ledger.transaction(txid)).toBeNull()
    expect(ledger.account('TESTNET', alice.address)).toBeNull()
    expect(ledger.latestClosedIndex('TESTNET')).toBe(first)
  })

  it('stops closing after dispose', () => {
    const index = ledger.latestClosedIndex('DEVNET')
    ledger.dispose()
    clock.advance(40)
    expect(ledger.latestClosedIndex('DEVNET')).toBe(index)
  })
})
