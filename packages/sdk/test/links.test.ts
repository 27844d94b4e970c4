import fc from 'fast-check'
import {
  decodeCtid,
  encodeCtid,
  explorerLink,
  type PaymentRequest,
  parsePaymentRequest,
  parseSignLink,
  paymentRequestLink,
  signLink,
} from 'pullsign/links'
import { describe, expect, test } from 'vitest'
import { encodeAccountID } from 'xrpl'

const ALICE = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const INVOICE = 'AB'.repeat(32)

describe('CTID (XLS-37)', () => {
  // Vectors from the XLS-37 specification.
  test.each([
    ['C000000100020003', 1, 2, 3],
    ['C005563E001A0000', 349_758, 26, 0],
    ['CFFFFFFFFFFFFFFF', 2 ** 28 - 1, 2 ** 16 - 1, 2 ** 16 - 1],
    ['C000000000000000', 0, 0, 0],
    ['C5A995C100005359', 95_000_001, 0, 21337],
  ])('%s = ledger %i, index %i, network %i', (ctid, ledgerIndex, transactionIndex, networkId) => {
    expect(encodeCtid({ ledgerIndex, transactionIndex, networkId })).toBe(ctid)
    expect(decodeCtid(ctid)).toEqual({ ledgerIndex, transactionIndex, networkId })
  })

  test.each([
    ['ledgerIndex', { ledgerIndex: 2 ** 28, transactionIndex: 0, networkId: 0 }],
    ['transactionIndex', { ledgerIndex: 1, transactionIndex: 65_536, networkId: 0 }],
    ['networkId', { ledgerIndex: 1, transactionIndex: 0, networkId: -1 }],
    ['ledgerIndex', { ledgerIndex: 1.5, transactionIndex: 0, networkId: 0 }],
  ])('encoding refuses an out-of-range %s, naming it', (field, parts) => {
    expect(() => encodeCtid(parts)).toThrow(
      expect.objectContaining({ code: 'ERR_INPUT', message: expect.stringContaining(field) }),
    )
  })

  test.each([
    '',
    'C00000010002000',
    'D000000100020003',
    'c000000100020003',
    'C00000010002000G',
    'C0000001000200031',
  ])('decoding refuses the malformed %j', (ctid) => {
    expect(() => decodeCtid(ctid)).toThrow(/ctid must be C followed by 15 upper-case hex/)
  })

  test('any three in-range numbers round-trip through a 16-character CTID', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 28 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        (ledgerIndex, transactionIndex, networkId) => {
          const ctid = encodeCtid({ ledgerIndex, transactionIndex, networkId })
          expect(ctid).toMatch(/^C[0-9A-F]{15}$/)
          expect(decodeCtid(ctid)).toEqual({ ledgerIndex, transactionIndex, networkId })
        },
      ),
    )
  })
})

describe('payment request links (§9.2)', () => {
  test('web and xrpl:// forms carry every parameter in the documented order', () => {
    const request: PaymentRequest = {
      account: ALICE,
      amount: '5',
      network: 'XAHAU',
      dt: 42,
      invoiceid: INVOICE,
      issuer: ISSUER,
      currency: 'USD',
    }
    const query = `amount=5&network=XAHAU&dt=42&invoiceid=${INVOICE}&issuer=${ISSUER}&currency=USD`
    expect(paymentRequestLink(request, { links: 'http://127.0.0.1:9/' })).toBe(
      `http://127.0.0.1:9/detect/request:${ALICE}?${query}`,
    )
    expect(paymentRequestLink(request, { form: 'xrpl' })).toBe(`xrpl://${ALICE}?${query}`)
    expect(paymentRequestLink({ account: ALICE })).toBe(`https://xumm.app/detect/request:${ALICE}`)
  })

  test.each<[string, Record<string, unknown>, RegExp]>([
    [
      'account',
      { account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDZ' },
      /^account must be a classic address/,
    ],
    ['amount', { account: ALICE, amount: '-1' }, /^amount must be a positive decimal/],
    ['amount', { account: ALICE, amount: '0' }, /^amount must be a positive decimal/],
    ['amount', { account: ALICE, amount: '1e3' }, /^amount must be a positive decimal/],
    ['amount', { account: ALICE, amount: '0.0000001' }, /^amount must be at most 6 decimals/],
    ['network', { account: ALICE, network: 'TESTNET' }, /^network must be XRPL or XAHAU/],
    ['dt', { account: ALICE, dt: 2 ** 32 }, /^dt must be an integer/],
    ['invoiceid', { account: ALICE, invoiceid: 'AB' }, /^invoiceid must be 64 hex/],
    ['issuer', { account: ALICE, currency: 'USD' }, /^issuer is missing: currency needs it/],
    ['currency', { account: ALICE, issuer: ISSUER }, /^currency is missing: issuer needs it/],
    ['currency', { account: ALICE, issuer: ISSUER, currency: 'XRP' }, /^currency must be 3/],
    ['currency', { account: ALICE, issuer: ISSUER, currency: 'usdollar' }, /^currency must be 3/],
  ])('building refuses a bad %s', (_field, request, message) => {
    expect(() => paymentRequestLink(request as unknown as PaymentRequest)).toThrow(message)
  })

  test.each<[string, RegExp]>([
    [`https://xumm.app/detect/request:${ALICE}?invoiceid=12`, /^invoiceid must be 64 hex/],
    [`https://xumm.app/detect/request:${ALICE}?issuer=${ISSUER}`, /^currency is missing/],
    [`https://xumm.app/detect/request:${ALICE}?currency=USD`, /^issuer is missing/],
    [`https://xumm.app/detect/request:${ALICE}?network=MOON`, /^network must be XRPL or XAHAU/],
    [`https://xumm.app/detect/request:${ALICE}?dt=4.2`, /^dt must be an integer/],
    [
      `https://xumm.app/detect/request:${ALICE}?amout=5`,
      /"amout" is not a payment request parameter/,
    ],
    [`https://xumm.app/detect/request:${ALICE}?dt=1&dt=2`, /^dt must be given once/],
    [`xrpl://rNotAnAddress?amount=1`, /^account must be a classic address/],
    [`https://xumm.app/detect/${'AB'.repeat(4)}`, /^link must be a URL/],
    ['not a link', /^link must be a URL/],
  ])('parsing %s names what is wrong', (link, message) => {
    expect(() => parsePaymentRequest(link)).toThrow(message)
  })

  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((id) => encodeAccountID(id))
  const decimal = fc
    .tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 }))
    .filter(([whole, fraction]) => whole + fraction > 0)
    .map(([whole, fraction]) =>
      fraction === 0
        ? String(whole)
        : `${whole}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`,
    )
  const request = fc.record(
    {
      account: address,
      amount: decimal,
      network: fc.constantFrom('XRPL' as const, 'XAHAU' as const),
      dt: fc.integer({ min: 0, max: 0xffff_ffff }),
      invoiceid: fc.stringMatching(/^[0-9A-F]{64}$/),
    },
    { requiredKeys: ['account'] },
  )
  const asset = fc.option(
    fc.record({
      issuer: address,
      currency: fc.oneof(fc.constantFrom('USD', 'EUR', 'BTC'), fc.stringMatching(/^[0-9A-F]{40}$/)),
    }),
    { nil: undefined },
  )

  test('any valid request round-trips through both forms', () => {
    fc.assert(
      fc.property(
        request,
        asset,
        fc.constantFrom('web' as const, 'xrpl' as const),
        (r, a, form) => {
          const given: PaymentRequest = { ...r, ...a }
          expect(parsePaymentRequest(paymentRequestLink(given, { form }))).toEqual(given)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('sign links (§9.2)', () => {
  const trustSet = {
    TransactionType: 'TrustSet',
    LimitAmount: { currency: 'USD', issuer: ISSUER, value: '1000' },
    Memos: [{ Memo: { MemoData: '68C3A96C6C6F' } }],
  }

  test('the path is the upper-case hex of the UTF-8 JSON, and reads back', () => {
    const link = signLink(trustSet, { links: 'http://127.0.0.1:9' })
    const hex = Buffer.from(JSON.stringify(trustSet), 'utf8').toString('hex').toUpperCase()
    expect(link).toBe(`http://127.0.0.1:9/detect/${hex}`)
    expect(parseSignLink(link)).toEqual(trustSet)
  })

  test.each<[string, RegExp]>([
    ['https://xumm.app/detect/ABC', /^link must be/],
    ['https://xumm.app/detect/ZZ', /^link must be/],
    ['https://xumm.app/detect/', /^link must be/],
    [
      `https://xumm.app/detect/${Buffer.from('not json').toString('hex')}`,
      /not the UTF-8 text of JSON/,
    ],
    ['https://xumm.app/detect/FF', /not the UTF-8 text of JSON/],
    [
      `https://xumm.app/detect/${Buffer.from('[1]').toString('hex')}`,
      /must be a transaction object/,
    ],
    [
      `https://xumm.app/detect/${Buffer.from('{"a":1}').toString('hex')}`,
      /TransactionType must be/,
    ],
  ])('parsing %s says what is wrong', (link, message) => {
    expect(() => parseSignLink(link)).toThrow(message)
  })

  test('building refuses something that is not a transaction', () => {
    expect(() => signLink({ Account: ALICE } as never)).toThrow(/^tx.TransactionType must be/)
  })

  test('any JSON transaction (any Unicode text in it) round-trips', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.string({ minLength: 1, unit: 'grapheme' }),
        (rest, type) => {
          const tx = { ...rest, TransactionType: type }
          expect(parseSignLink(signLink(tx))).toEqual(JSON.parse(JSON.stringify(tx)))
        },
      ),
    )
  })
})

describe('explorer links (§9.2)', () => {
  const hash = 'ab'.repeat(32)
  test.each<[Parameters<typeof explorerLink>[0], string]>([
    [{ network: 'MAINNET', hash }, `/explorer/MAINNET/${hash.toUpperCase()}`],
    [{ network: 'xahau', hash }, `/explorer/xahau/${hash.toUpperCase()}`],
    [{ ctid: 'C005563E001A0000' }, '/explorer/C005563E001A0000'],
  ])('%j', (target, path) => {
    expect(explorerLink(target, { links: 'http://127.0.0.1:9' })).toBe(`http://127.0.0.1:9${path}`)
  })

  test.each<[Parameters<typeof explorerLink>[0], RegExp]>([
    [{ network: 'testnet' as never, hash }, /^network must be a rails key/],
    [{ network: 'TESTNET', hash: 'abc' }, /^hash must be 64 hex/],
    [{ ctid: 'C005563E001A000' }, /^ctid must be C/],
  ])('refuses %j', (target, message) => {
    expect(() => explorerLink(target)).toThrow(message)
  })
})
