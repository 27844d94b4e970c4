import fc from 'fast-check'
import { classicAddressToXAddress, isValidXAddress } from 'ripple-address-codec'
import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import { describe, expect, test } from 'vitest'
import {
  encodeTransaction,
  encodeTransactionForSigning,
} from '../../../src/ledger/codec/transaction-encode'

const ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz'
const CLASSIC = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
const OTHER = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const payment = {
  TransactionType: 'Payment',
  Account: CLASSIC,
  Destination: OTHER,
  Amount: '1',
  Fee: '12',
  Sequence: 1,
  SigningPubKey: 'ED5F5AC8B98974A3CA843326D9B88CEBD0560177B973EE0B149F782CFAA06DC66A',
  // Holds a 0, so no value is shaped like an X-address and the encode takes its own path.
  TxnSignature: '0B'.repeat(64),
}

// Metadata as the ledger writes it: wrapped nodes, final and previous fields, hex UInt64s.
const modified = {
  LedgerEntryType: 'RippleState',
  LedgerIndex: '0B'.repeat(32),
  FinalFields: {
    Balance: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: '-10' },
    Flags: 131072,
    HighLimit: { currency: 'USD', issuer: OTHER, value: '1000' },
    HighNode: '0',
    LowLimit: { currency: 'USD', issuer: CLASSIC, value: '0' },
    LowNode: '1A',
  },
  PreviousFields: {
    Balance: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: '-8.75' },
  },
  PreviousTxnID: '0C'.repeat(32),
  PreviousTxnLgrSeq: 7,
}
const meta = {
  AffectedNodes: [
    { ModifiedNode: modified },
    {
      CreatedNode: {
        LedgerEntryType: 'Offer',
        LedgerIndex: '0D'.repeat(32),
        NewFields: { Account: CLASSIC, BookNode: '0', OwnerNode: '2', Sequence: 4 },
      },
    },
  ],
  TransactionIndex: 3,
  TransactionResult: 'tesSUCCESS',
  delivered_amount: '1',
}
// The metadata with more fields in the final fields of its first node.
const nested = (fields: Record<string, unknown>) => ({
  ...meta,
  AffectedNodes: [
    { ModifiedNode: { ...modified, FinalFields: { ...modified.FinalFields, ...fields } } },
  ],
})

// Same bytes or the same error as the codec itself.
function outcome(fn: () => string): string {
  try {
    return fn()
  } catch (error) {
    return `error: ${(error as Error).message}`
  }
}

describe('transaction encode', () => {
  test('leaves ripple-address-codec as it found it (no process-wide patch)', async () => {
    const codec = await import('ripple-address-codec')
    const before = codec.isValidXAddress
    encodeTransaction(payment)
    expect(codec.isValidXAddress).toBe(before)
    expect(isValidXAddress('Payment')).toBe(false)
  })

  test('every real X-address is at least 36 base58 characters, so the shape check sends it to the codec', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: false as const }),
        fc.boolean(),
        (tag, testNet) => {
          const x = classicAddressToXAddress(CLASSIC, tag, testNet)
          expect(x).toMatch(new RegExp(`^[${ALPHABET}]{36,}$`))
          const tx = { ...payment, Destination: x }
          expect(encodeTransaction(tx)).toBe(encode(tx))
        },
      ),
    )
  })

  test('an X-address still becomes address and tag, and a misplaced one is refused', () => {
    const tx = { ...payment, Destination: classicAddressToXAddress(CLASSIC, 42, false) }
    expect(decode(encodeTransaction(tx))).toMatchObject({
      Destination: CLASSIC,
      DestinationTag: 42,
    })
    expect(() =>
      encodeTransaction({ ...payment, Amount: classicAddressToXAddress(CLASSIC, 1, false) }),
    ).toThrow()
  })

  test.each([
    ['a payment', payment],
    ['memos (nested array of objects)', { ...payment, Memos: [{ Memo: { MemoData: 'AB' } }] }],
    ['an issued amount', { ...payment, Amount: { currency: 'USD', issuer: OTHER, value: '1.5' } }],
    ['a lowercase unknown key (skipped)', { ...payment, extra: 1 }],
    ['an unknown field', { ...payment, Unknown: 1 }],
    ['an undefined value', { ...payment, DestinationTag: undefined }],
    ['a bad amount', { ...payment, Amount: 'lots' }],
    ['a UInt64 field (the codec reads its name)', { ...payment, TransferFee: 1, OwnerNode: '1A' }],
    ['a UNLModify (no Account bytes)', { ...payment, TransactionType: 'UNLModify' }],
    ['a numeric transaction type', { ...payment, TransactionType: 0 }],
    [
      'signers (not a signing field)',
      {
        ...payment,
        Signers: [{ Signer: { Account: OTHER, SigningPubKey: 'AB', TxnSignature: 'CD' } }],
      },
    ],
    ['metadata (nested objects in an array, UInt64 fields)', meta],
    [
      'a key without a 0 digit (shaped like an X-address, not one)',
      {
        ...payment,
        SigningPubKey: 'ED39DD44B625C38128EC4A78937EC1C3BC1E49EAC81E227E11897999229B743944',
      },
    ],
    [
      'a base-10 UInt64 field (the codec reads its name)',
      { ...payment, TransactionType: 'MPTokenIssuanceCreate', MaximumAmount: '1000' },
    ],
    [
      'an X-address two levels down',
      nested({ Account: classicAddressToXAddress(OTHER, 7, false) }),
    ],
    ['a nested object given as a string', { ...meta, AffectedNodes: [{ ModifiedNode: 'x' }] }],
    ['a nested object given as an array', { ...meta, AffectedNodes: [{ ModifiedNode: [1] }] }],
    ['an array of plain values', { ...meta, AffectedNodes: ['x'] }],
    ['an array element of two fields', { ...meta, AffectedNodes: [{ A: {}, B: {} }] }],
    ['an unknown field two levels down', nested({ Unknown: 1 })],
    [
      'an X-address as the one element of an array',
      { ...payment, Destination: [classicAddressToXAddress(OTHER, 7, false)] },
    ],
    ['an object with its own toString', { ...payment, Destination: { toString: 'x' } }],
    ['a hash of lower-case hex', { ...payment, InvoiceID: 'ab'.repeat(32) }],
    ['a hash one byte short', { ...payment, InvoiceID: 'AB'.repeat(31) }],
    ['an empty Hash128 (zero)', { ...payment, TransactionType: 'AccountSet', EmailHash: '' }],
    ['a blob of odd length', { ...payment, SigningPubKey: 'ABC' }],
    ['a blob that is not hex', { ...payment, SigningPubKey: 'XY' }],
    ['a UInt32 as a string', { ...payment, Sequence: '12' }],
    ['a UInt32 out of range', { ...payment, Sequence: 2 ** 32 }],
    ['a negative UInt16', { ...payment, TransferFee: -1 }],
    ['a fractional UInt8', { ...payment, TickSize: 1.5 }],
    ['the largest UInt32', { ...payment, Sequence: 2 ** 32 - 1 }],
    ['a bad amount two levels down', nested({ Balance: 'lots' })],
  ])('%s: the same bytes or error as the codec, for encode and for signing', (_, tx) => {
    expect(outcome(() => encodeTransaction(tx))).toBe(outcome(() => encode(tx)))
    expect(outcome(() => encodeTransactionForSigning(tx))).toBe(outcome(() => encodeForSigning(tx)))
  })

  test('any native amount and any hex UInt64 encodes as the codec encodes it', () => {
    const digits = fc
      .array(fc.constantFrom(...'0123456789'), { minLength: 0, maxLength: 20 })
      .map((chars) => chars.join(''))
    const hex = fc
      .array(fc.constantFrom(...'0123456789abcdefABCDEFG'), { minLength: 0, maxLength: 18 })
      .map((chars) => chars.join(''))
    const edges = fc.constantFrom('0', '1', '99999999999999999', '100000000000000000', '-1', '1.0')
    fc.assert(
      fc.property(fc.oneof(digits, hex, edges), (value) => {
        for (const tx of [
          { ...payment, Amount: value },
          nested({ OwnerNode: value }),
          { ...payment, TransactionType: 'MPTokenIssuanceCreate', MaximumAmount: value },
        ]) {
          expect(outcome(() => encodeTransaction(tx))).toBe(outcome(() => encode(tx)))
        }
      }),
      { numRuns: 1000 },
    )
  })

  test('a remembered issued amount never stands in for another whose parts join the same', () => {
    const amounts = [
      { currency: 'USD', issuer: OTHER, value: '1' },
      { currency: 'D', issuer: OTHER, value: '1US' },
      { currency: 'USD', issuer: OTHER, value: '1.0' },
      { currency: 'USD', issuer: CLASSIC, value: '1' },
    ]
    for (const round of [1, 2]) {
      for (const Amount of amounts) {
        const tx = { ...payment, Amount }
        expect(
          outcome(() => encodeTransaction(tx)),
          `round ${round}`,
        ).toBe(outcome(() => encode(tx)))
      }
    }
  })

  test('any issued amount encodes as the codec encodes it (classic, X-address, hex and broken issuers)', () => {
    const base58 = fc
      .array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 40 })
      .map((chars) => chars.join(''))
    const issuer = fc.oneof(
      fc.constantFrom(CLASSIC, OTHER, '', 'B5F762798A53D543A014CAF8B297CFF8F2F937E8'),
      fc
        .option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: false as const })
        .map((tag) => classicAddressToXAddress(OTHER, tag, false)),
      base58,
      fc.string({ maxLength: 40 }),
      fc.integer(),
    )
    const parts = {
      currency: fc.oneof(fc.constantFrom('USD', 'XRP', 'EURO', ''), fc.string({ maxLength: 4 })),
      issuer,
      value: fc.oneof(fc.constantFrom('1.25', '0', '-3e-20', '1e100', 'x'), fc.string()),
    }
    // Mostly whole amounts, sometimes with a key missing.
    const issued = fc.oneof(
      { arbitrary: fc.record(parts, { noNullPrototype: true }), weight: 4 },
      { arbitrary: fc.record(parts, { requiredKeys: [], noNullPrototype: true }), weight: 1 },
    )
    const extra = fc.option(fc.record({ extra: fc.string() }, { noNullPrototype: true }), {
      nil: {},
    })
    fc.assert(
      fc.property(
        fc.constantFrom('Amount', 'SendMax', 'Fee'),
        issued,
        extra,
        (name, amount, more) => {
          const tx = { ...payment, [name]: { ...amount, ...more } }
          expect(outcome(() => encodeTransaction(tx))).toBe(outcome(() => encode(tx)))
          expect(outcome(() => encodeTransactionForSigning(tx))).toBe(
            outcome(() => encodeForSigning(tx)),
          )
        },
      ),
      { numRuns: 1000 },
    )
  })

  test('any string in any field, at the top or two levels down, encodes as the codec encodes it', () => {
    const base58 = fc
      .array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 60 })
      .map((chars) => chars.join(''))
    const field = fc.constantFrom(
      'Destination',
      'Account',
      'Amount',
      'Fee',
      'InvoiceID',
      'SigningPubKey',
      'OwnerNode',
      'Balance',
    )
    fc.assert(
      fc.property(field, fc.oneof(base58, fc.string({ maxLength: 60 })), (name, value) => {
        const tx = { ...payment, [name]: value }
        expect(outcome(() => encodeTransaction(tx))).toBe(outcome(() => encode(tx)))
        expect(outcome(() => encodeTransactionForSigning(tx))).toBe(
          outcome(() => encodeForSigning(tx)),
        )
        const deep = nested({ [name]: value })
        expect(outcome(() => encodeTransaction(deep))).toBe(outcome(() => encode(deep)))
      }),
      { numRuns: 1000 },
    )
  })
})
