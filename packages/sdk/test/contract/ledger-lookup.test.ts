import {
  createLedgerLookup,
  type ExpectedPayment,
  LedgerNodeError,
  type TransactionLookup,
  verifyPayment,
  type WebSocketConstructor,
} from 'pullsign/verify'
import type { PayloadRecord, TransactionJson } from 'pullsign/wire'
import { afterEach, describe, expect, test } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { getBalanceChanges } from 'xrpl'
import { startJsonServer } from '../support/json-server'
import { movingClock } from '../support/moving-clock'
import {
  accountOf as accountOfUser,
  bobTrustsAnIssuer,
  paymentTo,
  type Reference,
  startReference,
} from './reference'

// verifyPayment through a rippled node's JSON-RPC `tx` (docs/protocol.md §8.6, §9.1 rule 4) gives
// the answers it gives through the platform's `xrpl-tx`: both run on the same signed payloads.

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const HOLDER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'

let ref: Reference
afterEach(() => ref.server.close())

const accountOf = (user: string) => accountOfUser(ref, user)

/** The node URLs as /__ref/state lists them (the test kit's `environment.ledger`). */
async function nodeRpc(network: 'TESTNET' | 'MAINNET') {
  const state = await (await fetch(`${ref.endpoints.api}/__ref/state`)).json()
  return state.ledger[network].rpc as string
}

async function lookups(): Promise<[string, TransactionLookup][]> {
  return [
    ['xrpl-tx', ref.pullsign],
    ['node', createLedgerLookup({ url: await nodeRpc('TESTNET') })],
  ]
}

async function alicePays(txjson: TransactionJson) {
  const created = await ref.pullsign.payload.create({ txjson })
  const signed = await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
  expect(signed.response.dispatched_result).toBe('tesSUCCESS')
  return ref.pullsign.payload.get(created)
}

/** Runs verifyPayment through both lookups; the two verdicts, the transaction left aside. */
async function bothVerdicts(record: PayloadRecord, expected: ExpectedPayment, timeoutMs?: number) {
  const verdicts = []
  for (const [, lookup] of await lookups()) {
    const verdict = await verifyPayment(record, expected, {
      lookup,
      clock: movingClock(ref.clock),
      timeoutMs,
    })
    const { transaction, ...rest } = verdict
    verdicts.push({ rest, tx: transaction?.transaction ?? null })
  }
  return verdicts
}

describe('createLedgerLookup against the reference node (§8.6)', () => {
  test('one signed payment, both lookups: the same verdict and the same transaction', async () => {
    ref = await startReference({ ledgerCloseMs: 'auto' })
    const bob = accountOf(ref.bob.uuid)
    const record = await alicePays(paymentTo(bob, '2500000'))
    const expected: ExpectedPayment = { amount: '2500000', network: 'TESTNET', destination: bob }
    const [platform, node] = await bothVerdicts(record, expected)
    expect(node?.rest).toEqual(platform?.rest)
    expect(node?.rest).toMatchObject({ ok: true, delivered: '2500000' })
    const { ctid: _ctid, date: _date, ...txFields } = platform?.tx ?? { ctid: null, date: null }
    expect(node?.tx).toMatchObject(txFields)
    for (const amount of ['2500001', '2499999']) {
      const [a, b] = await bothVerdicts(record, { ...expected, amount })
      expect(b?.rest).toEqual(a?.rest)
    }
  })

  test('not yet validated: both wait, answer not-validated, then ok once the ledger closes', async () => {
    ref = await startReference()
    const record = await alicePays(paymentTo(accountOf(ref.bob.uuid), '1000000'))
    const expected: ExpectedPayment = { amount: '1000000', network: 'TESTNET' }
    const [platform, node] = await bothVerdicts(record, expected, 8000)
    expect(node?.rest).toEqual(platform?.rest)
    expect(node?.rest).toMatchObject({ ok: false, rule: 4, reason: 'not-validated' })
    ref.server.platform.ledger.close('TESTNET')
    const [after, nodeAfter] = await bothVerdicts(record, expected, 8000)
    expect(nodeAfter?.rest).toEqual(after?.rest)
    expect(nodeAfter?.rest).toMatchObject({ ok: true })
  })

  test('not found: txnNotFound is waited on like the 404, then not-validated, not on the ledger', async () => {
    ref = await startReference()
    const record = await alicePays(paymentTo(accountOf(ref.bob.uuid)))
    const unknown = { ...record, response: { ...record.response, txid: 'AB'.repeat(32) } }
    const [platform, node] = await bothVerdicts(unknown, { amount: '1000000', network: 'TESTNET' })
    expect(node?.rest).toEqual(platform?.rest)
    expect(node?.rest).toMatchObject({ reason: 'not-validated', message: /not on the ledger/ })
    const error = await createLedgerLookup({ url: await nodeRpc('TESTNET') })
      .getTransaction('AB'.repeat(32))
      .catch((e) => e)
    expect(error).toBeInstanceOf(LedgerNodeError)
    expect(error).toMatchObject({ code: 'ERR_API', rpcError: 'txnNotFound' })
  })

  test('wrong network: rule 3 through both; another network’s node does not know the payment', async () => {
    ref = await startReference({ ledgerCloseMs: 'auto' })
    const record = await alicePays(paymentTo(accountOf(ref.bob.uuid)))
    const [platform, node] = await bothVerdicts(record, { amount: '1000000' })
    expect(node?.rest).toEqual(platform?.rest)
    expect(node?.rest).toMatchObject({ rule: 3, reason: 'wrong-network' })
    const mainnet = createLedgerLookup({ url: await nodeRpc('MAINNET') })
    await expect(mainnet.getTransaction(record.response.txid ?? '')).rejects.toMatchObject({
      rpcError: 'txnNotFound',
    })
  })

  test('a partial payment: both read delivered_amount, not Amount, and say delivered-less', async () => {
    ref = await startReference({ ledgerCloseMs: 'auto' })
    const issuer = await bobTrustsAnIssuer(ref)
    const usd = (value: string) => ({ currency: 'USD', issuer, value })
    const price = Number(ref.server.platform.lookups.rates('USD').XRP)
    const bob = accountOf(ref.bob.uuid)
    const record = await alicePays({
      TransactionType: 'Payment',
      Destination: bob,
      Amount: usd('5'),
      SendMax: String(Math.floor((2 / price) * 1_000_000)),
      Flags: 0x0002_0000,
    })
    const [platform, node] = await bothVerdicts(record, { amount: usd('5'), network: 'TESTNET' })
    expect(node?.rest).toEqual(platform?.rest)
    expect(node?.rest).toMatchObject({ ok: false, reason: 'delivered-less' })
    expect(node?.tx?.Amount).toEqual(usd('5'))
    // Through the book: AccountRoots, trust lines and offers moved; both lookups read the same
    // balance changes from the metadata, and so does xrpl.js.
    ref.server.platform.ledger.close('TESTNET')
    const txid = record.response.txid ?? ''
    const fromPlatform = await ref.pullsign.getTransaction(txid)
    const fromNode = await createLedgerLookup({ url: await nodeRpc('TESTNET') }).getTransaction(
      txid,
    )
    expect(fromNode.balanceChanges).toEqual(fromPlatform.balanceChanges)
    expect(fromNode.balanceChanges[bob]).toEqual([
      { counterparty: issuer, currency: 'USD', value: expect.stringMatching(/^\d/) },
    ])
    const byXrplJs = Object.fromEntries(
      getBalanceChanges(fromNode.transaction.meta as never).map(({ account, balances }) => [
        account,
        balances
          .map((b) => ({ counterparty: b.issuer ?? '', currency: b.currency, value: b.value }))
          .sort((a, b) => a.counterparty.localeCompare(b.counterparty)),
      ]),
    )
    const sorted = Object.fromEntries(
      Object.entries(fromNode.balanceChanges).map(([account, list]) => [
        account,
        [...list].sort((a, b) => a.counterparty.localeCompare(b.counterparty)),
      ]),
    )
    expect(sorted).toEqual(byXrplJs)
  })
})

describe('createLedgerLookup over a WebSocket URL (as a record’s dispatched_to names the node)', () => {
  test('the same answer as over JSON-RPC; txnNotFound a LedgerNodeError; networkId from server_info', async () => {
    ref = await startReference({ ledgerCloseMs: 4000 })
    const record = await alicePays(paymentTo(accountOf(ref.bob.uuid), '2500000'))
    expect(record.response.dispatched_to).toMatch(/^ws:\/\/.*\/ledger\/TESTNET$/)
    ref.server.platform.ledger.close('TESTNET')
    const txid = record.response.txid ?? ''
    const overSocket = createLedgerLookup({ url: record.response.dispatched_to ?? '' })
    const overRpc = createLedgerLookup({ url: await nodeRpc('TESTNET') })
    const [socket, rpc] = [
      await overSocket.getTransaction(txid),
      await overRpc.getTransaction(txid),
    ]
    expect(socket.node).toBe(record.response.dispatched_to)
    expect({ ...socket, node: '' }).toEqual({ ...rpc, node: '' })
    expect(socket.transaction).toMatchObject({ validated: true, Amount: '2500000' })
    const error = await overSocket.getTransaction('AB'.repeat(32)).catch((e) => e)
    expect(error).toBeInstanceOf(LedgerNodeError)
    expect(error).toMatchObject({ code: 'ERR_API', rpcError: 'txnNotFound' })
    expect(await overSocket.networkId?.()).toBe(1)
    expect(await overRpc.networkId?.()).toBe(1)
    const mainnet = (await nodeRpc('MAINNET')).replace(/^http/, 'ws')
    expect(await createLedgerLookup({ url: mainnet }).networkId?.()).toBe(0)
  })
})

describe('createLedgerLookup refuses what is not rippled’s answer', () => {
  const hash = 'CD'.repeat(32)
  const good = {
    result: {
      hash,
      validated: true,
      ledger_index: 7,
      meta: {
        TransactionIndex: 0,
        TransactionResult: 'tesSUCCESS',
        delivered_amount: '5',
        AffectedNodes: [],
      },
      tx_json: { TransactionType: 'Payment', DeliverMax: '5', Destination: ISSUER },
      status: 'success',
    },
  }
  const bad: [string, string, string][] = [
    ['not JSON', '<html>502</html>', 'body'],
    ['no result', '[]', 'result'],
    [
      'another transaction',
      JSON.stringify({ result: { ...good.result, hash: 'EF'.repeat(32) } }),
      'result.hash',
    ],
    [
      'no status',
      JSON.stringify({ result: { ...good.result, status: undefined } }),
      'result.status',
    ],
    [
      'validated as a string',
      JSON.stringify({ result: { ...good.result, validated: 'yes' } }),
      'result.validated',
    ],
    [
      'tx_json not an object',
      JSON.stringify({ result: { ...good.result, tx_json: 5 } }),
      'result.tx_json',
    ],
    [
      'no TransactionResult',
      JSON.stringify({ result: { ...good.result, meta: { TransactionIndex: 0 } } }),
      'result.meta.TransactionResult',
    ],
    [
      'delivered_amount a number',
      JSON.stringify({
        result: { ...good.result, meta: { ...good.result.meta, delivered_amount: 5 } },
      }),
      'result.meta.delivered_amount',
    ],
    ['a huge body', `{"result":"${'x'.repeat(1_100_000)}"}`, 'body'],
  ]

  test.each(bad)('%s: ERR_RESPONSE naming %s', async (_case, body, field) => {
    const server = await startJsonServer()
    try {
      server.answer = { status: 200, body }
      const error = await createLedgerLookup({ url: server.api })
        .getTransaction(hash)
        .catch((e) => e)
      expect(error).toBeInstanceOf(LedgerNodeError)
      expect(error).toMatchObject({ code: 'ERR_RESPONSE', field })
      expect(error.message).toContain(field)
    } finally {
      await server.close()
    }
  })

  test('balance changes are read from any metadata rippled writes, in its number forms', async () => {
    const server = await startJsonServer()
    const line = (balance: string) => ({
      Balance: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: balance },
      LowLimit: { currency: 'USD', issuer: HOLDER, value: '100' },
      HighLimit: { currency: 'USD', issuer: ISSUER, value: '0' },
    })
    const meta = {
      ...good.result.meta,
      AffectedNodes: [
        {
          ModifiedNode: {
            LedgerEntryType: 'AccountRoot',
            FinalFields: { Account: ISSUER, Balance: '99999988' },
            PreviousFields: { Balance: '100000000' },
          },
        },
        {
          ModifiedNode: {
            LedgerEntryType: 'RippleState',
            FinalFields: line('1000000000000000e-15'),
            PreviousFields: { Balance: line('2.5').Balance },
          },
        },
        {
          CreatedNode: { LedgerEntryType: 'RippleState', NewFields: line('1000000000000000e-46') },
        },
        {
          CreatedNode: {
            LedgerEntryType: 'AccountRoot',
            NewFields: { Account: HOLDER, Balance: '1' },
          },
        },
        { DeletedNode: { LedgerEntryType: 'Offer', FinalFields: { Account: ISSUER } } },
      ],
    }
    try {
      server.answer = {
        status: 200,
        body: JSON.stringify({
          result: { ...good.result, meta, tx_json: { ...good.result.tx_json, NetworkID: 21337 } },
        }),
      }
      const answer = await createLedgerLookup({ url: server.api }).getTransaction(hash)
      expect(answer.balanceChanges).toEqual({
        [ISSUER]: [
          { counterparty: '', currency: 'XAH', value: '-0.000012' },
          { counterparty: HOLDER, currency: 'USD', value: '1.5' },
          { counterparty: HOLDER, currency: 'USD', value: '-1e-31' },
        ],
        [HOLDER]: [
          { counterparty: ISSUER, currency: 'USD', value: '-1.5' },
          { counterparty: ISSUER, currency: 'USD', value: '1e-31' },
          { counterparty: '', currency: 'XAH', value: '0.000001' },
        ],
      })
      const refused = {
        ...meta,
        AffectedNodes: [
          {
            ModifiedNode: {
              ...meta.AffectedNodes[0]?.ModifiedNode,
              FinalFields: { Account: ISSUER, Balance: '1e999' },
            },
          },
        ],
      }
      server.answer = {
        status: 200,
        body: JSON.stringify({ result: { ...good.result, meta: refused } }),
      }
      await expect(
        createLedgerLookup({ url: server.api }).getTransaction(hash),
      ).rejects.toMatchObject({
        code: 'ERR_RESPONSE',
        field: 'result.meta.AffectedNodes[0].ModifiedNode.FinalFields.Balance',
      })
    } finally {
      await server.close()
    }
  })

  test('a v2 answer is read: DeliverMax shows as Amount; the request is rippled’s tx, api_version 2', async () => {
    const server = await startJsonServer()
    try {
      server.answer = { status: 200, body: JSON.stringify(good) }
      const answer = await createLedgerLookup({ url: server.api }).getTransaction(hash)
      expect(answer.transaction).toMatchObject({ Amount: '5', validated: true, ledger_index: 7 })
      expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({
        method: 'tx',
        params: [{ transaction: hash, api_version: 2 }],
      })
    } finally {
      await server.close()
    }
  })

  test('bad arguments are ERR_INPUT naming the field; no request is sent', async () => {
    expect(() => createLedgerLookup({ url: 'ftp://x' })).toThrow(/options.url/)
    const fetch = () => Promise.reject(new Error('must not fetch'))
    await expect(
      createLedgerLookup({ url: 'http://node', fetch }).getTransaction('nope'),
    ).rejects.toThrow(/^hash must be 64 hex/)
  })

  test('a WebSocket that is no rippled node: ERR_NETWORK, or ERR_RESPONSE naming the field', async () => {
    const http = await startJsonServer()
    try {
      // An HTTP server refuses the upgrade.
      const refused = createLedgerLookup({ url: http.api.replace(/^http/, 'ws') })
      await expect(refused.getTransaction(hash)).rejects.toMatchObject({ code: 'ERR_NETWORK' })
    } finally {
      await http.close()
    }
    const answers: unknown[] = []
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    server.on('connection', (socket) => {
      socket.on('message', () => socket.send(JSON.stringify(answers.shift())))
    })
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as { port: number }
    // The injected constructor is the one used (as a browser's or a runtime's own would be).
    let opened = 0
    class Counted extends WebSocket {
      constructor(url: string) {
        super(url)
        opened++
      }
    }
    // ws types its handlers with its own event classes, which WebSocketLike leaves open.
    const Socket = Counted as unknown as WebSocketConstructor
    const lookup = createLedgerLookup({ url: `ws://127.0.0.1:${port}`, WebSocket: Socket })
    try {
      for (const [answer, field] of [
        [{ id: 1, type: 'response', status: 'success', result: 5 }, 'result'],
        [{ id: 2, type: 'response', status: 'success', result: {} }, 'id'],
        [
          { id: 1, type: 'response', status: 'success', result: { info: { network_id: -1 } } },
          'result.info.network_id',
        ],
      ] as const) {
        answers.push(answer)
        const call =
          field === 'result.info.network_id' ? lookup.networkId?.() : lookup.getTransaction(hash)
        await expect(call).rejects.toMatchObject({ code: 'ERR_RESPONSE', field })
      }
      expect(opened).toBe(3)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('an injected fetch that fails is ERR_NETWORK', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'))
    await expect(
      createLedgerLookup({ url: 'http://node', fetch }).getTransaction(hash),
    ).rejects.toMatchObject({ code: 'ERR_NETWORK' })
  })
})
