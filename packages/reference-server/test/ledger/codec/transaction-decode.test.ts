import fc from 'fast-check'
import { decodeAccountID } from 'ripple-address-codec'
import { decode, encode, encodeForMultisigning, encodeForSigning } from 'ripple-binary-codec'
import { describe, expect, test } from 'vitest'
import { decodeCanonical } from '../../../src/ledger/codec/transaction-decode'
import { testKey } from '../test-keys'

// The oracle is ripple-binary-codec itself: a blob is canonical when `encode(decode(blob))` gives
// it back, and its signing data is what `encodeForSigning` / `encodeForMultisigning` write.
type Tx = Record<string, unknown>

const keys = [1, 2, 3, 4].map((n) => testKey(n)).concat([testKey(5, 'ecdsa-secp256k1')])
const address = fc.constantFrom(...keys.map((key) => key.address))
const hexOf = (min: number, max: number) =>
  fc
    .uint8Array({ minLength: min, maxLength: max })
    .map((bytes) => Buffer.from(bytes).toString('hex').toUpperCase())
const uint32 = fc.integer({ min: 0, max: 2 ** 32 - 1 })
const drops = fc.bigInt({ min: 0n, max: 10n ** 17n }).map(String)
const currency = fc.oneof(
  fc.constantFrom('USD', 'EUR', 'XRP', 'BTC'),
  // A non-standard currency code: 20 bytes whose first is not zero.
  hexOf(19, 19).map((rest) => `01${rest}`),
)
const issuedValue = fc
  .tuple(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), fc.integer({ min: -30, max: 30 }))
  .map(([mantissa, exponent]) => `${mantissa}e${exponent}`)
// An MPT amount: a 24-byte issuance id and a whole value up to 2^63 − 1 (rippled MPTAmount.h).
const mptAmount = fc.record({
  mpt_issuance_id: hexOf(24, 24),
  value: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String),
})
const amount = fc.oneof(
  drops,
  fc.record({ currency, issuer: address, value: issuedValue }),
  mptAmount,
)

const common = {
  Fee: drops,
  Sequence: uint32,
  Flags: fc.option(uint32, { nil: undefined }),
  LastLedgerSequence: fc.option(uint32, { nil: undefined }),
  SourceTag: fc.option(uint32, { nil: undefined }),
  TicketSequence: fc.option(uint32, { nil: undefined }),
  NetworkID: fc.option(uint32, { nil: undefined }),
  Memos: fc.option(
    fc.array(fc.record({ Memo: fc.record({ MemoData: hexOf(0, 40), MemoType: hexOf(1, 8) }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    { nil: undefined },
  ),
}
const payment = fc.record({
  TransactionType: fc.constant('Payment'),
  Account: address,
  Destination: address,
  Amount: amount,
  SendMax: fc.option(amount, { nil: undefined }),
  DestinationTag: fc.option(uint32, { nil: undefined }),
  InvoiceID: fc.option(hexOf(32, 32), { nil: undefined }),
  ...common,
})
const trustSet = fc.record({
  TransactionType: fc.constant('TrustSet'),
  Account: address,
  LimitAmount: fc.record({ currency, issuer: address, value: issuedValue }),
  ...common,
})
const unsigned = fc.oneof(payment, trustSet)

const singleSigned = fc
  .tuple(unsigned, hexOf(33, 33), hexOf(64, 72))
  .map(([tx, key, signature]) => ({ ...tx, SigningPubKey: key, TxnSignature: signature }))
const multisigned = fc
  .tuple(unsigned, fc.array(fc.tuple(address, hexOf(33, 33), hexOf(64, 72)), { minLength: 1 }))
  .map(([tx, entries]) => ({
    ...tx,
    SigningPubKey: '',
    Signers: entries.map(([Account, SigningPubKey, TxnSignature]) => ({
      Signer: { Account, SigningPubKey, TxnSignature },
    })),
  }))
const batch = fc
  .tuple(
    address,
    uint32,
    fc.array(payment, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(address, hexOf(33, 33), hexOf(64, 72)), { maxLength: 3 }),
    hexOf(33, 33),
    hexOf(64, 72),
  )
  .map(([Account, Sequence, inner, signers, SigningPubKey, TxnSignature]) => {
    const tx: Tx = {
      TransactionType: 'Batch',
      Account,
      Sequence,
      Fee: '40',
      Flags: 0x00010000,
      RawTransactions: inner.map((raw) => ({
        RawTransaction: { ...raw, Fee: '0', SigningPubKey: '', Flags: 0x40000000 },
      })),
      SigningPubKey,
      TxnSignature,
    }
    if (signers.length > 0) {
      tx.BatchSigners = signers.map(([account, key, signature]) => ({
        BatchSigner: { Account: account, SigningPubKey: key, TxnSignature: signature },
      }))
    }
    return tx
  })
// As JSON: absent options dropped, plain objects (the codec refuses an undefined field value and
// objects without a prototype).
const transaction = fc
  .oneof(singleSigned, multisigned, batch)
  .map((tx) => JSON.parse(JSON.stringify(tx)) as Tx)
const blobOf = (tx: Tx) => encode(tx as never)

const accountId = (signer: string) =>
  Buffer.from(decodeAccountID(signer)).toString('hex').toUpperCase()

// What the codec makes of a blob: the decoded JSON when it re-encodes to the blob, else null.
function codecCanonical(blob: string): Tx | null {
  try {
    const tx = decode(blob)
    return encode(tx) === blob ? tx : null
  } catch {
    return null
  }
}

// A blob changed the ways a sender could: a byte changed, bytes cut out or added, the blob cut
// short or lengthened.
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.nat(255) }),
  fc.record({
    kind: fc.constant('cut' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: hexOf(1, 8) }),
  fc.record({ kind: fc.constant('append' as const), bytes: hexOf(1, 8) }),
)
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never
function mutate(blob: string, change: Mutation): string {
  const size = blob.length / 2
  switch (change.kind) {
    case 'set': {
      const at = (change.at % size) * 2
      const byte = change.byte.toString(16).padStart(2, '0').toUpperCase()
      return blob.slice(0, at) + byte + blob.slice(at + 2)
    }
    case 'cut': {
      const at = (change.at % size) * 2
      return blob.slice(0, at) + blob.slice(at + change.length * 2)
    }
    case 'insert': {
      const at = (change.at % (size + 1)) * 2
      return blob.slice(0, at) + change.bytes + blob.slice(at)
    }
    case 'append':
      return blob + change.bytes
  }
}

describe('decodeCanonical', () => {
  test('decodes every blob the codec encodes to the JSON the codec decodes', () => {
    fc.assert(
      fc.property(transaction, (tx) => {
        const blob = blobOf(tx)
        expect(decodeCanonical(blob)?.tx).toEqual(decode(blob))
      }),
      { numRuns: 300 },
    )
  }, 30_000)

  test('its signing fields make the data encodeForSigning and encodeForMultisigning write (single, multisigned, Batch)', () => {
    fc.assert(
      fc.property(transaction, address, (tx, signer) => {
        const blob = blobOf(tx)
        const decoded = decodeCanonical(blob)
        const json = decode(blob)
        expect(`53545800${decoded?.signingFields}`).toBe(encodeForSigning(json))
        expect(`534D5400${decoded?.signingFields}${accountId(signer)}`).toBe(
          encodeForMultisigning(json, signer),
        )
      }),
      { numRuns: 300 },
    )
  }, 30_000)

  test('a changed blob is canonical exactly when the codec re-encodes it to itself, with the same JSON and signing data', () => {
    fc.assert(
      fc.property(
        transaction,
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (tx, changes) => {
          const blob = changes.reduce(mutate, blobOf(tx))
          const expected = codecCanonical(blob)
          const decoded = decodeCanonical(blob)
          if (expected === null) {
            expect(decoded).toBeNull()
            return
          }
          expect(JSON.stringify(decoded?.tx)).toBe(JSON.stringify(expected))
          expect(`53545800${decoded?.signingFields}`).toBe(encodeForSigning(expected))
        },
      ),
      { numRuns: 1000 },
    )
  }, 30_000)

  test('any issued amount decodes as the codec decodes it, and is canonical when the codec says so', () => {
    const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
    const iso = fc
      .array(fc.integer({ min: 0, max: 127 }), { minLength: 3, maxLength: 3 })
      .map((code) => Uint8Array.from([...new Array(12).fill(0), ...code, ...new Array(5).fill(0)]))
    // Normalized values (mantissa of 16 digits, exponent -96 to 80, either sign), zero, and any
    // 8 bytes with the issued bit set.
    const normalized = fc
      .tuple(
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 16n - 1n }),
        fc.integer({ min: -96, max: 80 }),
        fc.boolean(),
      )
      .map(
        ([mantissa, exponent, positive]) =>
          (1n << 63n) | (positive ? 1n << 62n : 0n) | (BigInt(exponent + 97) << 54n) | mantissa,
      )
    const head = fc.oneof(
      normalized,
      fc.constant(1n << 63n),
      fc.bigInt({ min: 1n << 63n, max: (1n << 64n) - 1n }),
    )
    fc.assert(
      fc.property(head, fc.oneof(iso, bytes(20)), bytes(20), (value, currency, issuer) => {
        const hex = (part: Uint8Array) => Buffer.from(part).toString('hex').toUpperCase()
        const blob = `61${value.toString(16).toUpperCase()}${hex(currency)}${hex(issuer)}`
        const expected = codecCanonical(blob)
        expect(JSON.stringify(decodeCanonical(blob)?.tx ?? null)).toBe(JSON.stringify(expected))
      }),
      { numRuns: 3000 },
    )
  }, 30_000)

  test.each([
    ['fields out of canonical order', (tx: Tx) => swapFirstFields(blobOf(tx))],
    ['a field twice', (tx: Tx) => blobOf(tx).replace(/^(1200[0-9A-F]{2})/, '$1$1')],
    ['a trailing byte', (tx: Tx) => `${blobOf(tx)}00`],
    ['an object end marker, then bytes', (tx: Tx) => `${blobOf(tx)}E1${'00'.repeat(4)}`],
    ['a cut-off blob', (tx: Tx) => blobOf(tx).slice(0, -2)],
  ])('refuses %s, as the codec round trip does', (_, damage) => {
    const tx = {
      TransactionType: 'Payment',
      Account: keys[0]?.address,
      Destination: keys[1]?.address,
      Amount: { currency: 'USD', issuer: keys[2]?.address, value: '1.25' },
      Fee: '12',
      Sequence: 7,
      SigningPubKey: keys[0]?.publicKey,
      TxnSignature: 'AB'.repeat(64),
    }
    const blob = damage(tx)
    expect(codecCanonical(blob)).toBeNull()
    expect(decodeCanonical(blob)).toBeNull()
  })

  test('a non-canonical issued amount (mantissa not normalized) is refused', () => {
    // 1.25 USD written as 125 × 10^-2 instead of 1250000000000000 × 10^-15.
    const canonical = encode({
      Amount: { currency: 'USD', issuer: keys[2]?.address, value: '1.25' },
    })
    const mantissa = (0x8000000000000000n | (0x40n << 56n) | ((97n - 2n) << 54n) | 125n)
      .toString(16)
      .toUpperCase()
    const blob = `61${mantissa}${canonical.slice(18)}`
    expect(decode(blob)).toEqual(decode(canonical))
    expect(codecCanonical(blob)).toBeNull()
    expect(decodeCanonical(blob)).toBeNull()
  })
})

// Swaps the TransactionType field (12 0000) with the Flags-or-next field that follows it.
function swapFirstFields(blob: string): string {
  const transactionType = blob.slice(0, 6)
  const next = blob.slice(6, 16) // a UInt32 field: 1 header byte + 4 bytes
  return next + transactionType + blob.slice(16)
}
