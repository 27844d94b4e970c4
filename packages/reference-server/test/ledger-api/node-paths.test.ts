import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Client,
  type PathFindStream,
  type RipplePathFindResponse,
  type SubmittableTransaction,
  Wallet,
} from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode, submitValidated } from './start-node'

// ripple_path_find and path_find (rippled RipplePathFind.cpp, PathFind.cpp, PathRequest.cpp,
// Pathfinder.cpp) over the payment engine's own search, asked with xrpl.js 5.3.0's request types;
// what they find pays as they said it would.
const UNIT = 1_000_000n
const issuer = Wallet.generate()
const alice = Wallet.generate()
const bob = Wallet.generate()
let server: ReferenceServer
let client: Client

const usd = (value: string) => ({ currency: 'USD', issuer: issuer.classicAddress, value })
const eur = (value: string) => ({ currency: 'EUR', issuer: issuer.classicAddress, value })
const gbp = (value: string) => ({ currency: 'GBP', issuer: issuer.classicAddress, value })

const submit = async (tx: SubmittableTransaction, wallet: Wallet) => {
  const result = await submitValidated(client, tx, wallet)
  expect((result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
}

beforeAll(async () => {
  const accounts = [issuer, alice, bob].map((w) => w.classicAddress)
  ;({ server, client } = await startNode(accounts, 1_000n * UNIT))
  await submit(
    { TransactionType: 'AccountSet', Account: issuer.classicAddress, SetFlag: 8 },
    issuer,
  )
  await submit(
    { TransactionType: 'TrustSet', Account: alice.classicAddress, LimitAmount: eur('1000') },
    alice,
  )
  await submit(
    { TransactionType: 'TrustSet', Account: bob.classicAddress, LimitAmount: usd('1000') },
    bob,
  )
  await submit(
    {
      TransactionType: 'Payment',
      Account: issuer.classicAddress,
      Destination: alice.classicAddress,
      Amount: eur('100'),
    },
    issuer,
  )
})
afterAll(async () => {
  await client.disconnect()
  await server.close()
})

const rippleFind = async (extra: Record<string, unknown> = {}) =>
  (
    (await client.request({
      command: 'ripple_path_find',
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('10'),
      ...extra,
    })) as RipplePathFindResponse
  ).result

const usdOf = async (account: string) => {
  const { result } = await client.request({ command: 'account_lines', account })
  return result.lines.find((line) => line.currency === 'USD')?.balance
}

describe('ripple_path_find [rippled RipplePathFind.cpp, PathRequest.cpp]', () => {
  it('EUR → USD with no EUR/USD book: the path through XRP, its cost in EUR; the Payment along it delivers', async () => {
    const result = await rippleFind({
      source_currencies: [{ currency: 'EUR', issuer: issuer.classicAddress }],
    })
    expect(result).toMatchObject({
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('10'),
      destination_currencies: expect.arrayContaining(['XRP', 'USD']),
      full_reply: true,
    })
    expect(result.alternatives).toHaveLength(1)
    const [found] = result.alternatives
    // STPath::getJson: each element with its type bits (0x10: a currency).
    expect(found?.paths_computed).toEqual([
      [{ currency: 'XRP', type: 16, type_hex: '0000000000000010' }],
    ])
    expect((found as { paths_canonical?: unknown }).paths_canonical).toEqual([])
    expect(found?.source_amount).toMatchObject({ currency: 'EUR', issuer: issuer.classicAddress })
    const before = Number(await usdOf(bob.classicAddress))
    await submit(
      {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: bob.classicAddress,
        Amount: usd('10'),
        SendMax: found?.source_amount as never,
        Paths: found?.paths_computed as never,
      },
      alice,
    )
    expect(Number(await usdOf(bob.classicAddress))).toBe(before + 10)
  })

  it('without source_currencies, one alternative per asset alice can pay with: XRP and EUR', async () => {
    const result = await rippleFind()
    const paying = result.alternatives.map((a) =>
      typeof a.source_amount === 'string' ? 'XRP' : a.source_amount.currency,
    )
    expect(paying.sort()).toEqual(['EUR', 'XRP'])
  })

  it('a book one hop deep is a candidate: EUR → GBP → USD through two offers, cheaper than through XRP, comes first', async () => {
    // The issuer sells 50 USD for 50 GBP, and 50 GBP for 10 EUR: 10 USD cost 2 EUR that way.
    await submit(
      {
        TransactionType: 'OfferCreate',
        Account: issuer.classicAddress,
        TakerGets: usd('50'),
        TakerPays: gbp('50'),
      },
      issuer,
    )
    await submit(
      {
        TransactionType: 'OfferCreate',
        Account: issuer.classicAddress,
        TakerGets: gbp('50'),
        TakerPays: eur('10'),
      },
      issuer,
    )
    const result = await rippleFind({
      source_currencies: [{ currency: 'EUR', issuer: issuer.classicAddress }],
    })
    const [found] = result.alternatives
    expect(found?.paths_computed[0]).toEqual([
      { currency: 'GBP', issuer: issuer.classicAddress, type: 48, type_hex: '0000000000000030' },
    ])
    expect(found?.source_amount).toEqual(eur('2'))
  })

  it('over JSON-RPC, the same search', async () => {
    const response = await fetch(client.url.replace(/^ws/, 'http'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'ripple_path_find',
        params: [
          {
            source_account: alice.classicAddress,
            destination_account: bob.classicAddress,
            destination_amount: usd('1'),
          },
        ],
      }),
    })
    const { result } = (await response.json()) as { result: Record<string, unknown> }
    expect(result).toMatchObject({ status: 'success', full_reply: true, validated: false })
    expect((result.alternatives as unknown[]).length).toBeGreaterThan(0)
  })

  it.each([
    ['no source_account', { source_account: undefined }, 'srcActMissing'],
    ['a malformed source_account', { source_account: 'rNope' }, 'srcActMalformed'],
    ['no destination_account', { destination_account: undefined }, 'dstActMissing'],
    ['a malformed destination_account', { destination_account: 42 }, 'dstActMalformed'],
    ['no destination_amount', { destination_amount: undefined }, 'dstAmtMissing'],
    [
      'a malformed destination_amount',
      { destination_amount: { currency: 'USD', value: '1' } },
      'dstAmtMalformed',
    ],
    ['a zero destination_amount', { destination_amount: '0' }, 'dstAmtMalformed'],
    ['send_max without destination_amount -1', { send_max: eur('1') }, 'dstAmtMalformed'],
    ['a malformed send_max', { destination_amount: usd('-1'), send_max: 'x' }, 'sendMaxMalformed'],
    ['source_currencies not an array', { source_currencies: {} }, 'srcCurMalformed'],
    ['an empty source_currencies', { source_currencies: [] }, 'srcCurMalformed'],
    [
      'a source currency with a bad issuer',
      { source_currencies: [{ currency: 'EUR', issuer: 'x' }] },
      'srcIsrMalformed',
    ],
    [
      'XRP with an issuer',
      { source_currencies: [{ currency: 'XRP', issuer: issuer.classicAddress }] },
      'srcCurMalformed',
    ],
    [
      'a source account not in the ledger',
      { source_account: Wallet.generate().classicAddress },
      'srcActNotFound',
    ],
  ])('refuses %s: %s', async (_, fields, error) => {
    const request = {
      command: 'ripple_path_find',
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('10'),
      ...fields,
    }
    const answer = await client.connection.request(request as never).then(
      () => null,
      (e: { data?: Record<string, unknown> }) => e.data,
    )
    expect(answer).toMatchObject({ error })
  })
})

describe('path_find [rippled PathFind.cpp, PathRequest.cpp]', () => {
  const create = (id?: number) =>
    client.request({
      command: 'path_find',
      subcommand: 'create',
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('5'),
      ...(id === undefined ? {} : { id }),
    })

  it('create answers the alternatives; each ledger close sends an update until close; status and close answer it', async () => {
    const updates: PathFindStream[] = []
    client.on('path_find', (update) => updates.push(update))
    const created = await create()
    expect(created.result).toMatchObject({
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('5'),
      full_reply: true,
    })
    expect(created.result.alternatives.length).toBeGreaterThan(0)
    expect(created.result.alternatives[0]).not.toHaveProperty('paths_canonical')
    await client.request({ command: 'ledger_accept' } as never)
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({
      type: 'path_find',
      source_account: alice.classicAddress,
      full_reply: true,
    })
    const status = await client.request({ command: 'path_find', subcommand: 'status' })
    expect(status.result).toMatchObject({ status: 'success', destination_amount: usd('5') })
    const closed = await client.request({ command: 'path_find', subcommand: 'close' })
    expect(closed.result).toMatchObject({ closed: true })
    await client.request({ command: 'ledger_accept' } as never)
    expect(updates).toHaveLength(1)
    client.removeAllListeners('path_find')
  })

  it('destination_amount -1 with send_max: as much as 3 EUR buys, destination_amount in each alternative', async () => {
    const { result } = await client.request({
      command: 'path_find',
      subcommand: 'create',
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('-1'),
      send_max: eur('3'),
    })
    const [found] = result.alternatives
    expect(found?.source_amount).toMatchObject({ currency: 'EUR', value: '3' })
    const delivered = found?.destination_amount as { value: string } | undefined
    expect(Number(delivered?.value)).toBeGreaterThan(0)
    await client.request({ command: 'path_find', subcommand: 'close' })
  })

  it('one request per connection: a second create replaces the first', async () => {
    const updates: PathFindStream[] = []
    client.on('path_find', (update) => updates.push(update))
    await create()
    await client.request({
      command: 'path_find',
      subcommand: 'create',
      source_account: alice.classicAddress,
      destination_account: bob.classicAddress,
      destination_amount: usd('7'),
    })
    await client.request({ command: 'ledger_accept' } as never)
    expect(updates.map((u) => u.destination_amount)).toEqual([usd('7')])
    await client.request({ command: 'path_find', subcommand: 'close' })
    client.removeAllListeners('path_find')
  })

  it.each([
    ['close without a request', { subcommand: 'close' }, 'noPathRequest'],
    ['status without a request', { subcommand: 'status' }, 'noPathRequest'],
    ['no subcommand', {}, 'invalidParams'],
    ['an unknown subcommand', { subcommand: 'open' }, 'invalidParams'],
    ['create without a source_account', { subcommand: 'create' }, 'srcActMissing'],
  ])('refuses %s: %s', async (_, fields, error) => {
    const answer = await client.connection
      .request({ command: 'path_find', ...fields } as never)
      .then(
        () => null,
        (e: { data?: Record<string, unknown> }) => e.data,
      )
    expect(answer).toMatchObject({ error })
  })

  it('over JSON-RPC: noEvents (it answers on its socket)', async () => {
    const response = await fetch(client.url.replace(/^ws/, 'http'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'path_find', params: [{ subcommand: 'create' }] }),
    })
    const { result } = (await response.json()) as { result: Record<string, unknown> }
    expect(result).toMatchObject({ status: 'error', error: 'noEvents' })
  })
})
