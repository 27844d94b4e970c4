import fc from 'fast-check'
import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { describe, expect, it } from 'vitest'
import { networkCodec, XRPL_CODEC } from '../../../src/ledger/codec/network-codec'
import { ledgerTransactionId } from '../../../src/ledger/codec/transaction-id'
import { networkDefinition } from '../../../src/ledger/networks'
import { sha512HalfHex, testKey } from '../test-keys'

const xahau = networkCodec(networkDefinition('XAHAU'))

// Xahau's documentation example (Xahau-Docs uritokenmint.md), with the common fields filled.
const MINT = {
  TransactionType: 'URITokenMint',
  Account: 'rWYkbWkCeg8dP6rXALnjgZSjjLyih5NXm',
  Flags: 1,
  URI: '697066733A2F2F4445414442454546',
  Digest: '697066733A2F2F4445414442454546697066733A2F2F44454144424545467878',
  Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  Amount: { issuer: 'rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn', currency: 'USD', value: '100' },
  Fee: '10',
  Sequence: 1,
  NetworkID: 21337,
  SigningPubKey: '',
}
// The bytes an independent Xahau codec makes of MINT and REMIT: xrpl-binary-codec-prerelease
// 9.0.0 (XRPL Labs' codec "for XRPL, Xahau and other networks") with its definitions-xahau.json.
const MINT_BLOB =
  '12002D2100005359220000000124000000015015697066733A2F2F4445414442454546697066733A2F2F4445414442454546787861D5038D7EA4C6800000000000000000000000000055534400000000004B4E9C06F24296074F7BC48F92A97916C6DC5EA968400000000000000A7300750F697066733A2F2F444541444245454681140596915CFDEEE3A695B3EFD6BDA9AC788A368B7B8314F667B0CA50CC7709A220B0561B85E53A48461FA8'
const REMIT = {
  TransactionType: 'Remit',
  Account: 'rWYkbWkCeg8dP6rXALnjgZSjjLyih5NXm',
  Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  Amounts: [{ AmountEntry: { Amount: '1000000' } }],
  Fee: '10',
  Sequence: 2,
  NetworkID: 21337,
  SigningPubKey: '',
}
const REMIT_BLOB =
  '12005F2100005359240000000268400000000000000A730081140596915CFDEEE3A695B3EFD6BDA9AC788A368B7B8314F667B0CA50CC7709A220B0561B85E53A48461FA8F05CE05B6140000000000F4240E1F1'

describe("xahaud's definitions on the Xahau networks (docs/protocol.md §8.10)", () => {
  it.each([
    // [xahaud TxFormats.h] ttHOOK_SET 22, ttURITOKEN_MINT 45, ttREMIT 95, ttCLAIM_REWARD 98, ttINVOKE 99
    ['SetHook', 22],
    ['URITokenMint', 45],
    ['URITokenBurn', 46],
    ['SetRemarks', 94],
    ['Remit', 95],
    ['ClaimReward', 98],
    ['Invoke', 99],
  ])('knows %s as transaction type %i [xahaud TxFormats.h]', (name, code) => {
    expect(xahau.transactionTypeName(code)).toBe(name)
    expect(xahau.knowsTransactionType(name)).toBe(true)
    expect(XRPL_CODEC.knowsTransactionType(name)).toBe(false)
  })

  it.each([
    // [xahaud SField.cpp] sfURI VL 5, sfDigest UINT256 21, sfURITokenID UINT256 36,
    // sfHookParameters ARRAY 19, sfAmounts ARRAY 92
    ['URI', 'Blob', 5],
    ['Digest', 'Hash256', 21],
    ['URITokenID', 'Hash256', 36],
    ['HookParameters', 'STArray', 19],
    ['Amounts', 'STArray', 92],
  ])('has the field %s as %s %i [xahaud SField.cpp]', (name, type, nth) => {
    const field = xahau.definitions.field.fromString(name)
    expect(field?.type.name).toBe(type)
    expect(field?.nth).toBe(nth)
  })

  it('numbers its own results and entries: tecHOOK_REJECTED 153, URIToken 0x55 [xahaud TER.h, LedgerFormats.h]', () => {
    expect(xahau.resultCode('tecHOOK_REJECTED')).toBe(153)
    expect(XRPL_CODEC.resultCode('tecHOOK_REJECTED')).toBeUndefined()
    expect(xahau.resultCode('tesSUCCESS')).toBe(0)
    expect(xahau.definitions.ledgerEntryType.from('URIToken')?.ordinal).toBe(0x55)
  })

  it('reads hash and index as rippled does, never as serialized fields (xahaud prints them twice)', () => {
    const hash = xahau.definitions.field.fromString('hash')
    expect(hash?.isSerialized).toBe(false)
    expect(xahau.definitions.field.fromString('LedgerHash')?.ordinal).toBe((5 << 16) | 1)
    expect(xahau.encode({ ...MINT, index: 'AB'.repeat(32), hash: 'CD'.repeat(32) })).toBe(MINT_BLOB)
  })
})

describe('a URITokenMint is a transaction on XAHAU, not on MAINNET', () => {
  it('encodes to the bytes an independent Xahau codec makes, and decodes back', () => {
    expect(xahau.encode(MINT)).toBe(MINT_BLOB)
    expect(xahau.encode(REMIT)).toBe(REMIT_BLOB)
    expect(xahau.decodeCanonical(MINT_BLOB)?.tx).toEqual(MINT)
    expect(xahau.decodeCanonical(REMIT_BLOB)?.tx).toEqual(REMIT)
    expect(xahau.decode(MINT_BLOB)).toEqual(MINT)
  })

  it('round-trips signed: sign, decode, encode, hash (SHA-512Half of TXN\\0 + blob)', () => {
    const key = testKey(91)
    const prepared = { ...MINT, Account: key.address, SigningPubKey: key.publicKey }
    const signingData = xahau.encodeForSigning(prepared)
    expect(signingData).toBe(encodeForSigning(prepared, xahau.definitions))
    const blob = xahau.encode({ ...prepared, TxnSignature: sign(signingData, key.privateKey) })
    const decoded = xahau.decodeCanonical(blob)
    expect(decoded?.tx.TransactionType).toBe('URITokenMint')
    expect(`53545800${decoded?.signingFields}`).toBe(signingData)
    expect(xahau.encode(decoded?.tx ?? {})).toBe(blob)
    expect(ledgerTransactionId(blob)).toBe(sha512HalfHex(`54584E00${blob}`))
  })

  it("is no transaction for rippled: Remit's code is none of its types; URITokenMint's is its XChainAddClaimAttestation", () => {
    expect(XRPL_CODEC.decodeCanonical(REMIT_BLOB)).toBeNull()
    expect(() => XRPL_CODEC.decode(REMIT_BLOB)).toThrow()
    expect(XRPL_CODEC.transactionTypeName(95)).toBeUndefined()
    expect(XRPL_CODEC.decodeCanonical(MINT_BLOB)?.tx.TransactionType).toBe(
      'XChainAddClaimAttestation',
    )
    expect(() => XRPL_CODEC.encode(MINT)).toThrow()
  })
})

describe("the ledger's fast codec with xahaud's definitions (property)", () => {
  const account = fc.constantFrom(
    'rWYkbWkCeg8dP6rXALnjgZSjjLyih5NXm',
    'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    'rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn',
  )
  const hex = (min: number, max: number) =>
    fc
      .uint8Array({ minLength: min, maxLength: max })
      .map((b) => Buffer.from(b).toString('hex').toUpperCase())
  const common = {
    Account: account,
    Fee: fc.bigInt({ min: 10n, max: 10n ** 12n }).map(String),
    Sequence: fc.nat(),
    NetworkID: fc.constant(21337),
    SigningPubKey: fc.constant(''),
  }
  const transaction = fc.oneof(
    fc.record({
      TransactionType: fc.constant('URITokenMint'),
      URI: hex(1, 256),
      ...common,
      Flags: fc.constantFrom(0, 1),
      Digest: fc.option(hex(32, 32), { nil: undefined }),
    }),
    fc.record({
      TransactionType: fc.constantFrom('URITokenBurn', 'URITokenBuy', 'URITokenCancelSellOffer'),
      URITokenID: hex(32, 32),
      ...common,
    }),
    fc.record({
      TransactionType: fc.constant('Remit'),
      Destination: account,
      Amounts: fc.array(
        fc.bigInt({ min: 1n, max: 10n ** 16n }).map((drops) => ({
          AmountEntry: { Amount: String(drops) },
        })),
        { minLength: 1, maxLength: 4 },
      ),
      ...common,
    }),
  )

  it("makes ripple-binary-codec's bytes with the same definitions, and reads them back as it does", () => {
    fc.assert(
      fc.property(transaction, (generated) => {
        const tx = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>
        const blob = xahau.encode(tx)
        expect(blob).toBe(encode(tx, xahau.definitions))
        expect(xahau.encodeForSigning(tx)).toBe(encodeForSigning(tx, xahau.definitions))
        expect(xahau.decodeCanonical(blob)?.tx).toEqual(decode(blob, xahau.definitions))
      }),
      { numRuns: 200 },
    )
  })
})
