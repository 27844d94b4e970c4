import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fulfills,
  parseCondition,
  parseFulfillment,
  preimageSha256,
} from '../../../../src/ledger/rules/escrow/crypto-condition'

const bytes = (hex: string) => Buffer.from(hex, 'hex')
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex').toUpperCase()

// xrpl.org's EscrowFinish example: the empty preimage and its condition.
const EMPTY_CONDITION =
  'A0258020E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855810100'
const EMPTY_FULFILLMENT = 'A0028000'

describe('PREIMAGE-SHA-256 crypto-conditions (rippled src/xrpld/conditions)', () => {
  it("reads xrpl.org's EscrowFinish example pair, and the fulfillment fulfills the condition", () => {
    const condition = parseCondition(bytes(EMPTY_CONDITION))
    expect(condition).toMatchObject({ ok: true, value: { type: 0, cost: 0 } })
    expect(parseFulfillment(bytes(EMPTY_FULFILLMENT))).toEqual({
      ok: true,
      value: new Uint8Array(),
    })
    expect(fulfills(EMPTY_FULFILLMENT, EMPTY_CONDITION)).toBe(true)
  })

  it('encodes a preimage the way xrpl.org shows it: condition = SHA-256 + cost, fulfillment = the preimage', () => {
    expect(preimageSha256(new Uint8Array())).toEqual({
      condition: EMPTY_CONDITION,
      fulfillment: EMPTY_FULFILLMENT,
    })
    // "aaa": the pair of rippled's Escrow_test (fb2/cb2).
    expect(preimageSha256(Buffer.from('aaa'))).toEqual({
      condition: `A0258020${sha256('aaa')}810103`,
      fulfillment: 'A0058003616161',
    })
  })

  it('any preimage up to 128 bytes round-trips, fulfills its own condition and no other', () => {
    const preimage = fc.uint8Array({ maxLength: 128 })
    fc.assert(
      fc.property(preimage, preimage, (a, b) => {
        const pair = preimageSha256(a)
        expect(parseFulfillment(bytes(pair.fulfillment))).toEqual({ ok: true, value: a })
        expect(parseCondition(bytes(pair.condition))).toMatchObject({
          ok: true,
          value: { cost: a.length },
        })
        expect(fulfills(pair.fulfillment, pair.condition)).toBe(true)
        const other = preimageSha256(b)
        expect(fulfills(pair.fulfillment, other.condition)).toBe(Buffer.from(a).equals(b))
      }),
    )
  })

  it('a preimage over 128 bytes cannot be encoded (rippled refuses it)', () => {
    expect(() => preimageSha256(new Uint8Array(129))).toThrow(RangeError)
  })

  // One row per error of rippled's decoder, with the bytes that raise it.
  const conditionRows: [string, string, string][] = [
    ['empty', '', 'buffer_empty'],
    ['one byte', 'A0', 'short_preamble'],
    ['primitive outer', `80258020${sha256('')}810100`, 'malformed_encoding'],
    ['universal outer', `30258020${sha256('')}810100`, 'malformed_encoding'],
    ['long tag', `BF258020${sha256('')}810100`, 'long_tag'],
    ['length past the end', `A0268020${sha256('')}810100`, 'buffer_underfull'],
    ['PREFIX-SHA-256', `A1258020${sha256('')}810100`, 'unsupported_type'],
    ['ED25519-SHA-256', `A4258020${sha256('')}810100`, 'unsupported_type'],
    ['type 5', `A5258020${sha256('')}810100`, 'unknown_type'],
    ['fingerprint of 31 bytes', `A024801F${sha256('').slice(2)}810100`, 'fingerprint_size'],
    ['fingerprint tag 2', `A0258220${sha256('')}810100`, 'unexpected_tag'],
    ['constructed fingerprint', `A025A020${sha256('')}810100`, 'incorrect_encoding'],
    ['cost tag 2', `A0258020${sha256('')}820100`, 'unexpected_tag'],
    ['negative cost', `A0258020${sha256('')}810180`, 'malformed_encoding'],
    ['constructed cost', `A0258020${sha256('')}A10100`, 'malformed_encoding'],
    ['cost over 128', `A0268020${sha256('')}81020081`, 'preimage_too_long'],
    ['cost of 6 bytes', `A02A8020${sha256('')}8106000000000001`, 'large_size'],
    ['bytes after the cost', `A0268020${sha256('')}81010000`, 'trailing_garbage'],
    ['bytes after the condition', `A0258020${sha256('')}81010000`, 'trailing_garbage'],
    ['over 128 bytes', `A0818220${'00'.repeat(130)}`, 'large_size'],
    ['zero long length', `A080`, 'malformed_encoding'],
  ]
  it.each(conditionRows)('condition: %s → %s', (_name, hex, error) => {
    expect(parseCondition(bytes(hex))).toEqual({ ok: false, error })
  })

  const fulfillmentRows: [string, string, string][] = [
    ['empty', '', 'buffer_empty'],
    ['primitive outer', '80028000', 'malformed_encoding'],
    ['length past the end', 'A0038000', 'buffer_underfull'],
    ['bytes after it', 'A002800000', 'buffer_overfull'],
    ['PREFIX-SHA-256', 'A1028000', 'unsupported_type'],
    ['type 7', 'A7028000', 'unknown_type'],
    ['preimage tag 1', 'A0028100', 'unexpected_tag'],
    ['constructed preimage', 'A002A000', 'incorrect_encoding'],
    ['preimage length short', 'A00480016161', 'trailing_garbage'],
    ['preimage of 129 bytes', `A08184808181${'61'.repeat(129)}`, 'preimage_too_long'],
    ['over 256 bytes', `A082010480820100${'61'.repeat(256)}`, 'large_size'],
  ]
  it.each(fulfillmentRows)('fulfillment: %s → %s', (_name, hex, error) => {
    expect(parseFulfillment(bytes(hex))).toEqual({ ok: false, error })
  })

  it('a fulfillment of another preimage, or an unparsable one, fulfills nothing', () => {
    expect(fulfills('A0058003616161', EMPTY_CONDITION)).toBe(false)
    expect(fulfills('A0028100', EMPTY_CONDITION)).toBe(false)
    expect(fulfills(EMPTY_FULFILLMENT, 'A1028000')).toBe(false)
  })

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        const hex = Buffer.from(data).toString('hex')
        expect(typeof parseCondition(data).ok).toBe('boolean')
        expect(typeof parseFulfillment(data).ok).toBe('boolean')
        expect(typeof fulfills(hex, hex)).toBe('boolean')
      }),
    )
  })
})
