import fc from 'fast-check'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { nativeTotal } from '../../../../bench/native-total'
import { networkCodec } from '../../../../src/ledger/codec/network-codec'
import { networkDefinition } from '../../../../src/ledger/networks'
import { uriTokenIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { xahauFixture } from './xahau-fixture'

// Xahau's own types with generated, often hostile, fields on the XAHAU node (the node fuzz's
// promise, test/ledger-api/node-fuzz.test.ts, for xahaud's transactors): every blob the codec can
// encode gets a result xahaud's definitions know, never an internal one, a refused one changes
// nothing, and the native total never grows (InvariantCheck.cpp XRPNotCreated).
const keys = [testKey(101), testKey(102), testKey(103)]
const f = xahauFixture(keys, 50_000_000n)
afterAll(() => f.dispose())
const codec = networkCodec(networkDefinition('XAHAU'))
const URI = Buffer.from('ipfs://fuzz', 'utf8').toString('hex').toUpperCase()
f.submit(keys[0] as (typeof keys)[0], { TransactionType: 'URITokenMint', URI, Amount: '1' })
const TOKEN = uriTokenIndex(keys[0]?.address as string, URI)

const hex = (max: number) =>
  fc
    .string({ unit: fc.constantFrom(...'0123456789ABCDEF'), maxLength: max })
    .map((h) => (h.length % 2 ? `${h}0` : h))
const address = fc.oneof(
  fc.constantFrom(...keys.map((k) => k.address)),
  fc.constant('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'),
  fc.constant(testKey(104).address),
)
const amount = fc.oneof(
  fc.bigInt({ min: 0n, max: 60_000_000n }).map(String),
  fc.record(
    {
      currency: fc.constantFrom('USD', 'XAH', 'XRP'),
      issuer: address,
      value: fc.constantFrom('1', '0', '-1', '1e80', '0.0000001'),
    },
    { noNullPrototype: true },
  ),
)
const id = fc.oneof(
  fc.constant(TOKEN),
  hex(64).map((h) => h.padEnd(64, '0')),
)
const flags = fc.oneof(fc.constantFrom(0, 1, 2, 0x80000000), fc.nat())
const fields = fc.record(
  {
    URI: fc.oneof(fc.constant(URI), hex(520)),
    URITokenID: id,
    URITokenIDs: fc.array(id, { maxLength: 34 }),
    Amount: amount,
    Amounts: fc.array(
      amount.map((Amount) => ({ AmountEntry: { Amount } })),
      { maxLength: 34 },
    ),
    Destination: address,
    Inform: address,
    Issuer: address,
    Flags: flags,
    Digest: hex(64).map((h) => h.padEnd(64, 'A')),
    MintURIToken: fc.record(
      { URI: hex(20), Flags: flags },
      { requiredKeys: [], noNullPrototype: true },
    ),
    Blob: hex(200),
    ObjectID: id,
    Remarks: fc.array(
      fc
        .record(
          { RemarkName: hex(8), RemarkValue: hex(8), Flags: fc.constantFrom(0, 1, 2) },
          { requiredKeys: [], noNullPrototype: true },
        )
        .map((Remark) => ({ Remark })),
      { maxLength: 34 },
    ),
  },
  { requiredKeys: [], noNullPrototype: true },
)
const TYPES = [
  'URITokenMint',
  'URITokenBurn',
  'URITokenBuy',
  'URITokenCreateSellOffer',
  'URITokenCancelSellOffer',
  'Remit',
  'ClaimReward',
  'SetRemarks',
  'SetHook',
  'Invoke',
] as const

// Whether the codec can make a blob of these fields (a client cannot send what it cannot encode).
function encodable(tx: Record<string, unknown>): boolean {
  try {
    codec.encode({ ...tx, Account: keys[0]?.address, Fee: '10', Sequence: 1, SigningPubKey: '' })
    return true
  } catch {
    return false
  }
}

describe('Xahau types with generated fields (seed 42) [xahaud URIToken.cpp, Remit.cpp, SetRemarks.cpp, ClaimReward.cpp]', () => {
  it('each gets a result xahaud knows, never an internal one; a refusal changes nothing; no native is created', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const samples = fc.sample(
      fc.tuple(fc.constantFrom(...TYPES), fc.nat({ max: keys.length - 1 }), fields),
      { numRuns: 600, seed: 42 },
    )
    const bad: string[] = []
    let total = nativeTotal(f.ledger.view('XAHAU'))
    let submitted = 0
    for (const [type, signer, generated] of samples) {
      const tx = { TransactionType: type, ...generated }
      if (!encodable(tx)) continue
      const key = keys[signer] as (typeof keys)[0]
      const before = JSON.stringify(f.ledger.account('XAHAU', key.address))
      const answer = f.submit(key, tx)
      submitted += 1
      const result = answer.engine_result
      if (
        codec.resultCode(result) === undefined ||
        /INTERNAL|EXCEPTION|INVARIANT|BAD_LEDGER/.test(result)
      ) {
        bad.push(`${result} ← ${JSON.stringify(tx).slice(0, 300)}`)
      }
      if (!answer.applied && JSON.stringify(f.ledger.account('XAHAU', key.address)) !== before) {
        bad.push(`changed by ${result} ← ${JSON.stringify(tx).slice(0, 300)}`)
      }
      const now = nativeTotal(f.ledger.view('XAHAU'))
      if (now > total)
        bad.push(`native grew ${total} → ${now} ← ${JSON.stringify(tx).slice(0, 300)}`)
      total = now
      if (submitted % 50 === 0) f.ledger.close('XAHAU')
    }
    warn.mockRestore()
    expect(submitted).toBeGreaterThan(300)
    expect(bad).toEqual([])
  }, 60_000)
})
