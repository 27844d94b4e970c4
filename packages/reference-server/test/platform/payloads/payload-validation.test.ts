import { encode } from 'ripple-binary-codec'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import { PlatformError } from '../../../src/platform/errors'
import { fingerprint, OUTSIDER, payment, testPlatform } from '../test-platform'

let current: Platform | undefined
afterEach(() => current?.dispose())

const X_ADDRESS = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi'
const CHANNEL = 'C1AE6DDDEEC05CF2978C0BAD6FE302948E9533691DC749DCDD3B9E5992CA6198'
const ISSUER = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B'
const usd = (value: string) => ({ currency: 'USD', issuer: ISSUER, value })

const innerPayment = {
  RawTransaction: {
    TransactionType: 'Payment',
    Account: OUTSIDER,
    Destination: ISSUER,
    Amount: '1000',
    Fee: '0',
    SigningPubKey: '',
    Flags: 0x40000000,
    Sequence: 1,
  },
}

const invalid: Array<{ name: string; body: unknown; code: number; field: string }> = [
  { name: 'null body', body: null, code: 600, field: 'body' },
  { name: 'array body', body: [], code: 600, field: 'body' },
  { name: 'string body', body: 'Payment', code: 600, field: 'body' },
  { name: 'neither txjson nor txblob', body: { options: {} }, code: 600, field: 'txjson' },
  {
    name: 'both txjson and txblob',
    body: { ...payment(), txblob: '1200' },
    code: 602,
    field: 'txjson',
  },
  { name: 'txjson not an object', body: { txjson: 5 }, code: 602, field: 'txjson' },
  { name: 'txjson an array', body: { txjson: [] }, code: 602, field: 'txjson' },
  { name: 'no TransactionType', body: { txjson: {} }, code: 602, field: 'txjson.TransactionType' },
  {
    name: 'unknown TransactionType',
    body: { txjson: { TransactionType: 'Pay' } },
    code: 602,
    field: 'txjson.TransactionType',
  },
  {
    name: 'Payment without Destination',
    body: { txjson: { TransactionType: 'Payment', Amount: '1' } },
    code: 602,
    field: 'txjson.Destination',
  },
  { name: 'fractional drops', body: payment({ Amount: '1.5' }), code: 602, field: 'txjson.Amount' },
  { name: 'negative drops', body: payment({ Amount: '-1' }), code: 602, field: 'txjson.Amount' },
  {
    name: 'drops as a number',
    body: payment({ Amount: 1000000 }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'too many drops',
    body: payment({ Amount: '100000000000000001' }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'issued XRP',
    body: payment({ Amount: { currency: 'XRP', issuer: ISSUER, value: '1' } }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'issued amount, bad issuer',
    body: payment({ Amount: { currency: 'USD', issuer: 'rBad', value: '1' } }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'issued amount, bad value',
    body: payment({ Amount: usd('abc') }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'issued amount, bad currency',
    body: payment({ Amount: { currency: 'US', issuer: ISSUER, value: '1' } }),
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'bad Destination',
    body: payment({ Destination: 'rBad' }),
    code: 602,
    field: 'txjson.Destination',
  },
  {
    name: 'X-address Destination',
    body: payment({ Destination: X_ADDRESS }),
    code: 602,
    field: 'txjson.Destination',
  },
  {
    name: 'negative DestinationTag',
    body: payment({ DestinationTag: -1 }),
    code: 602,
    field: 'txjson.DestinationTag',
  },
  {
    name: 'DestinationTag too large',
    body: payment({ DestinationTag: 2 ** 32 }),
    code: 602,
    field: 'txjson.DestinationTag',
  },
  {
    name: 'non-hex MemoData',
    body: payment({ Memos: [{ Memo: { MemoData: 'zz' } }] }),
    code: 602,
    field: 'txjson.Memos',
  },
  { name: 'unknown field', body: payment({ Foo: 3 }), code: 602, field: 'txjson.Foo' },
  // The codec encodes an array given for an object as an empty object: signed only as requested.
  {
    name: 'Memos: [[[1]]] (the codec would sign Memos: [])',
    body: payment({ Memos: [[[1]]] }),
    code: 602,
    field: 'txjson.Memos.0 must be an object',
  },
  {
    name: 'a Memo that is an array',
    body: payment({ Memos: [{ Memo: [1] }] }),
    code: 602,
    field: 'txjson.Memos.0.Memo must be an object',
  },
  {
    name: 'Memos an object',
    body: payment({ Memos: {} }),
    code: 602,
    field: 'txjson.Memos must be an array',
  },
  {
    name: 'Memos: [[[1]]] on a SignIn',
    body: { txjson: { TransactionType: 'SignIn', Memos: [[[1]]] } },
    code: 602,
    field: 'txjson.Memos.0',
  },
  {
    name: 'an inner Batch transaction with Memos: [[1]]',
    body: {
      txjson: {
        TransactionType: 'Batch',
        Flags: 0x10000,
        RawTransactions: [
          { RawTransaction: { ...innerPayment.RawTransaction, Memos: [[1]] } },
          innerPayment,
        ],
      },
    },
    code: 602,
    field: 'txjson.RawTransactions.0.RawTransaction.Memos.0',
  },
  {
    name: 'a field named like an Object.prototype member',
    body: { txjson: { TransactionType: 'SignIn', constructor: '0' } },
    code: 602,
    field: 'txjson.constructor',
  },
  { name: 'fractional Fee', body: payment({ Fee: '1.2' }), code: 602, field: 'txjson.Fee' },
  {
    name: 'negative LastLedgerSequence',
    body: payment({ LastLedgerSequence: -5 }),
    code: 602,
    field: 'txjson.LastLedgerSequence',
  },
  { name: 'Flags not an integer', body: payment({ Flags: 1.5 }), code: 602, field: 'txjson.Flags' },
  {
    name: 'channel claim without Channel',
    body: { txjson: { TransactionType: 'PaymentChannelAuthorize', Amount: '1' } },
    code: 602,
    field: 'txjson.Channel',
  },
  {
    name: 'channel claim, short Channel',
    body: { txjson: { TransactionType: 'PaymentChannelAuthorize', Channel: 'AB', Amount: '1' } },
    code: 602,
    field: 'txjson.Channel',
  },
  {
    name: 'channel claim, issued Amount',
    body: {
      txjson: { TransactionType: 'PaymentChannelAuthorize', Channel: CHANNEL, Amount: usd('1') },
    },
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'URITokenBuy without Amount [xahaud TxFormats.cpp]',
    body: { txjson: { TransactionType: 'URITokenBuy', URITokenID: CHANNEL } },
    code: 602,
    field: 'txjson.Amount',
  },
  {
    name: 'Remit without Destination [xahaud TxFormats.cpp]',
    body: { txjson: { TransactionType: 'Remit', Amounts: [{ AmountEntry: { Amount: '1' } }] } },
    code: 602,
    field: 'txjson.Destination',
  },
  { name: 'txblob not hex', body: { txblob: 'zz' }, code: 602, field: 'txblob' },
  { name: 'txblob not a transaction', body: { txblob: 'ABCD' }, code: 602, field: 'txblob' },
  {
    name: 'Batch without inner transactions',
    body: { txjson: { TransactionType: 'Batch', Flags: 65536, RawTransactions: [] } },
    code: 602,
    field: 'txjson.RawTransactions',
  },
  {
    name: 'Batch inner without the inner flag',
    body: {
      txjson: {
        TransactionType: 'Batch',
        Flags: 65536,
        RawTransactions: [{ RawTransaction: { ...innerPayment.RawTransaction, Flags: 0 } }],
      },
    },
    code: 602,
    field: 'txjson.RawTransactions.0.RawTransaction.Flags',
  },
  {
    name: 'options not an object',
    body: { ...payment(), options: 'x' },
    code: 602,
    field: 'options',
  },
  {
    name: 'expire 0',
    body: { ...payment(), options: { expire: 0 } },
    code: 602,
    field: 'options.expire',
  },
  {
    name: 'expire above 43200',
    body: { ...payment(), options: { expire: 43201 } },
    code: 602,
    field: 'options.expire',
  },
  {
    name: 'fractional expire',
    body: { ...payment(), options: { expire: 1.5 } },
    code: 602,
    field: 'options.expire',
  },
  {
    name: 'submit not a boolean',
    body: { ...payment(), options: { submit: 'yes' } },
    code: 602,
    field: 'options.submit',
  },
  {
    name: 'five signers',
    body: {
      ...payment(),
      options: {
        signers: [
          OUTSIDER,
          ISSUER,
          'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De',
          'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq',
          'rsoLo2S1kiGeCcn6hCUXVrCpGMWLrRrLZz',
        ],
      },
    },
    code: 602,
    field: 'options.signers',
  },
  {
    name: 'bad signer in signers',
    body: { ...payment(), options: { signers: ['rBad'] } },
    code: 602,
    field: 'options.signers.0',
  },
  {
    name: 'bad signer',
    body: { ...payment(), options: { signer: X_ADDRESS } },
    code: 602,
    field: 'options.signer',
  },
  {
    name: 'lower-case force_network',
    body: { ...payment(), options: { force_network: 'mainnet' } },
    code: 602,
    field: 'options.force_network',
  },
  {
    name: 'return_url.web not a URL',
    body: { ...payment(), options: { return_url: { web: 'not a url' } } },
    code: 602,
    field: 'options.return_url.web',
  },
  {
    name: 'pathfinding on a native payment',
    body: { ...payment(), options: { pathfinding: true } },
    code: 602,
    field: 'options.pathfinding',
  },
  {
    name: 'identifier of 41 characters',
    body: { ...payment(), custom_meta: { identifier: 'x'.repeat(41) } },
    code: 602,
    field: 'custom_meta.identifier',
  },
  {
    name: 'empty identifier',
    body: { ...payment(), custom_meta: { identifier: '' } },
    code: 602,
    field: 'custom_meta.identifier',
  },
  {
    name: 'blob over 1500 characters',
    body: { ...payment(), custom_meta: { blob: { text: 'x'.repeat(1500) } } },
    code: 602,
    field: 'custom_meta.blob',
  },
  {
    name: 'blob an array',
    body: { ...payment(), custom_meta: { blob: [] } },
    code: 602,
    field: 'custom_meta.blob',
  },
  {
    name: 'instruction of 281 characters',
    body: { ...payment(), custom_meta: { instruction: 'x'.repeat(281) } },
    code: 602,
    field: 'custom_meta.instruction',
  },
  {
    name: 'user_token not a string',
    body: { ...payment(), user_token: 5 },
    code: 602,
    field: 'user_token',
  },
  {
    name: 'txjson holding a BigInt (an in-process caller)',
    body: payment({ DestinationTag: 5n }),
    code: 602,
    field: 'txjson must be plain JSON',
  },
  {
    name: 'txjson holding a cycle (an in-process caller)',
    body: (() => {
      const body = payment()
      Object.assign(body.txjson, { Memos: [body.txjson] })
      return body
    })(),
    code: 602,
    field: 'txjson must be plain JSON',
  },
  {
    name: 'SetRegularKey without permission',
    body: { txjson: { TransactionType: 'SetRegularKey', RegularKey: OUTSIDER } },
    code: 603,
    field: 'txjson.TransactionType',
  },
  {
    name: 'SignerListSet without permission',
    body: { txjson: { TransactionType: 'SignerListSet', SignerQuorum: 1 } },
    code: 603,
    field: 'txjson.TransactionType',
  },
]

describe('invalid create requests (docs/protocol.md §3.1): a §1 error naming the field, no state change', () => {
  for (const row of invalid) {
    it(row.name, () => {
      const { platform, app } = testPlatform()
      current = platform
      platform.payloads.create(app, { ...payment(), custom_meta: { identifier: 'kept' } })
      const before = fingerprint(platform)
      let caught: unknown
      try {
        platform.payloads.create(app, row.body)
      } catch (error) {
        caught = error
      }
      expect(caught, `${row.name}: ${String(caught)}`).toBeInstanceOf(PlatformError)
      const error = caught as PlatformError
      expect({ code: error.code, status: error.status }, error.message).toEqual({
        code: row.code,
        status: row.code === 603 ? 403 : 400,
      })
      expect(error.message.startsWith(row.field), `"${error.message}" names ${row.field}`).toBe(
        true,
      )
      expect(fingerprint(platform)).toBe(before)
    })
  }
})

describe('valid create requests', () => {
  const valid: Array<{ name: string; body: Record<string, unknown>; txType: string }> = [
    { name: 'SignIn', body: { txjson: { TransactionType: 'SignIn' } }, txType: 'SignIn' },
    {
      name: 'SignIn with a memo',
      body: { txjson: { TransactionType: 'SignIn', Memos: [{ Memo: { MemoData: 'CAFE' } }] } },
      txType: 'SignIn',
    },
    {
      name: 'channel claim',
      body: {
        txjson: { TransactionType: 'PaymentChannelAuthorize', Channel: CHANNEL, Amount: '1000' },
      },
      txType: 'PaymentChannelAuthorize',
    },
    {
      name: 'issued payment with pathfinding',
      body: {
        ...payment({ Amount: usd('12.5') }),
        options: { pathfinding: true, pathfinding_fallback: true },
      },
      txType: 'Payment',
    },
    {
      name: 'TrustSet',
      body: { txjson: { TransactionType: 'TrustSet', LimitAmount: usd('1000') } },
      txType: 'TrustSet',
    },
    {
      name: 'unknown option keys are ignored',
      body: { ...payment(), options: { colour: 'red', expire: 5 } },
      txType: 'Payment',
    },
    {
      name: 'Batch',
      body: {
        txjson: {
          TransactionType: 'Batch',
          Account: OUTSIDER,
          Flags: 65536,
          RawTransactions: [innerPayment],
        },
        options: { submit: false },
      },
      txType: 'Batch',
    },
    {
      name: 'txblob',
      body: {
        txblob: encode({ TransactionType: 'Payment', Destination: OUTSIDER, Amount: '5000' }),
      },
      txType: 'Payment',
    },
    {
      name: 'large LastLedgerSequence passes unchanged',
      body: payment({ LastLedgerSequence: 99_000_000, DestinationTag: 7 }),
      txType: 'Payment',
    },
  ]
  for (const row of valid) {
    it(row.name, () => {
      const { platform, app } = testPlatform()
      current = platform
      const { uuid } = platform.payloads.create(app, row.body)
      const record = platform.payloads.record(uuid)
      expect(record.payload.tx_type).toBe(row.txType)
      // docs/protocol.md §3.3: a SignIn's request_json is production's, whatever form it came in.
      const requested =
        row.txType === 'SignIn' ? { TransactionType: 'SignIn', SignIn: true } : row.body.txjson
      if (row.body.txjson) expect(record.payload.request_json).toEqual(requested)
    })
  }

  it('restricted types pass with the restricted_types permission', () => {
    const { platform } = testPlatform()
    current = platform
    const app = platform.applications.create({ name: 'Admin', permissions: ['restricted_types'] })
    const { uuid } = platform.payloads.create(app, {
      txjson: { TransactionType: 'SetRegularKey', RegularKey: OUTSIDER },
    })
    expect(platform.payloads.record(uuid).payload.tx_type).toBe('SetRegularKey')
  })

  it('a restricted type that passed for a permitted application is still 603 for another', () => {
    const { platform, app } = testPlatform()
    current = platform
    const admin = platform.applications.create({ name: 'Admin', permissions: ['restricted_types'] })
    const body = { txjson: { TransactionType: 'SetRegularKey', RegularKey: OUTSIDER } }
    platform.payloads.create(admin, body)
    expect(() => platform.payloads.create(app, body)).toThrow(
      expect.objectContaining({ code: 603 }),
    )
    platform.payloads.create(admin, body)
    expect(platform.payloads.size).toBe(2)
  })

  it('options are defaulted and signer folds into signers', () => {
    const { platform, app } = testPlatform()
    current = platform
    const { uuid } = platform.payloads.create(app, { ...payment(), options: { signer: ISSUER } })
    expect(platform.payloads.request(uuid).options).toEqual({
      submit: true,
      multisign: false,
      expire: 240,
      signers: [ISSUER],
      pathfinding: false,
      pathfinding_fallback: false,
      force_network: null,
      return_url: { app: null, web: null },
    })
    expect(platform.payloads.record(uuid).meta.signers).toEqual([ISSUER])
  })

  it('an in-process transaction is stored as the same request over HTTP would be', () => {
    const { platform, app } = testPlatform()
    current = platform
    const { uuid } = platform.payloads.create(app, payment({ DestinationTag: undefined }))
    const stored = platform.payloads.record(uuid).payload.request_json
    expect('DestinationTag' in stored).toBe(false)
  })

  it('a transaction the codec refuses is refused every time, next to remembered valid ones', () => {
    const { platform, app } = testPlatform()
    current = platform
    const memo = (data: string) => payment({ Memos: [{ Memo: { MemoData: data } }] })
    platform.payloads.create(app, memo('CAFE'))
    platform.payloads.create(app, memo('CAFE'))
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => platform.payloads.create(app, memo('not hex'))).toThrow(/^txjson\.Memos/)
    }
    expect(platform.payloads.size).toBe(2)
  })

  it("the stored request does not change when the caller's object does", () => {
    const { platform, app } = testPlatform()
    current = platform
    const body = payment()
    const { uuid } = platform.payloads.create(app, body)
    body.txjson.Amount = '999'
    expect(platform.payloads.record(uuid).payload.request_json.Amount).toBe('1000000')
  })
})
