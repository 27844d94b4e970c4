import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, convertStringToHex, type OracleSet, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { didIndex, oracleIndex, permissionedDomainIndex } from '../../src/ledger/state/keylets'
import { startNode, submitValidated } from './start-node'

const RIPPLE_EPOCH_S = 946_684_800
const owners = Array.from({ length: 10 }, () => Wallet.generate())
const holder = Wallet.generate()

let server: ReferenceServer
let client: Client
beforeAll(async () => {
  ;({ server, client } = await startNode(
    [holder, ...owners].map((wallet) => wallet.classicAddress),
    100_000_000n,
  ))
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

// Unix seconds `ahead` of the parent ledger's close: a LastUpdateTime the node takes.
const updateTime = (ahead = 0) =>
  (server.platform.ledger.header('TESTNET')?.close_time ?? 0) + RIPPLE_EPOCH_S + ahead

const oracleSet = (wallet: Wallet, fields: Partial<OracleSet>, ahead = 0): OracleSet => ({
  TransactionType: 'OracleSet',
  Account: wallet.classicAddress,
  OracleDocumentID: 7,
  LastUpdateTime: updateTime(ahead),
  PriceDataSeries: [],
  ...fields,
})
const usdAndEur = (usd: number) => [
  { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'USD', AssetPrice: usd.toString(16), Scale: 1 } },
  { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'EUR', AssetPrice: (740).toString(16), Scale: 1 } },
]
const aggregate = (params: Record<string, unknown>) =>
  client.request({
    command: 'get_aggregate_price',
    base_asset: 'XRP',
    quote_asset: 'USD',
    oracles: owners.map((wallet) => ({ account: wallet.classicAddress, oracle_document_id: 7 })),
    ...params,
  } as never)

describe('DID over the node with xrpl.js 5.3.0 (rippled DID.cpp, LedgerEntry.cpp, AccountObjects.cpp)', () => {
  it('DIDSet by xrpl.js autofill and sign; ledger_entry did and account_objects type did read it', async () => {
    const uri = convertStringToHex('did:example:holder')
    const result = await submitValidated(
      client,
      { TransactionType: 'DIDSet', Account: holder.classicAddress, URI: uri },
      holder,
    )
    expect((result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
    const entry = await client.request({ command: 'ledger_entry', did: holder.classicAddress })
    expect(entry.result.node).toMatchObject({
      LedgerEntryType: 'DID',
      Account: holder.classicAddress,
      URI: uri,
      index: didIndex(holder.classicAddress),
    })
    const objects = await client.request({
      command: 'account_objects',
      account: holder.classicAddress,
      type: 'did',
    })
    expect(objects.result.account_objects.map((o) => o.index)).toEqual([
      didIndex(holder.classicAddress),
    ])
    await expect(
      client.request({ command: 'ledger_entry', did: 'not an address' }),
    ).rejects.toMatchObject({
      data: { error: 'malformedAddress' },
    })
  })
})

describe('Price Oracle over the node with xrpl.js 5.3.0 (rippled SetOracle.cpp, GetAggregatePrice.cpp)', () => {
  // The newest LastUpdateTime among the ten oracles.
  let newest = 0
  beforeAll(async () => {
    // rippled GetAggregatePrice_test.cpp's data: ten oracles, XRP/USD at 74.0 … 74.9.
    for (const [i, wallet] of owners.entries()) {
      const tx = oracleSet(wallet, {
        Provider: convertStringToHex('provider'),
        AssetClass: convertStringToHex('currency'),
        PriceDataSeries: usdAndEur(740 + i),
      })
      const result = await submitValidated(client, tx, wallet)
      expect((result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
      newest = tx.LastUpdateTime
    }
  })

  it('ledger_entry oracle reads one by {account, oracle_document_id}; account_objects type oracle lists it [rippled LedgerEntry.cpp parseOracle]', async () => {
    const [first] = owners as [Wallet]
    const entry = await client.request({
      command: 'ledger_entry',
      oracle: { account: first.classicAddress, oracle_document_id: 7 },
    })
    expect(entry.result.node).toMatchObject({
      LedgerEntryType: 'Oracle',
      Owner: first.classicAddress,
      index: oracleIndex(first.classicAddress, 7),
    })
    const objects = await client.request({
      command: 'account_objects',
      account: first.classicAddress,
      type: 'oracle',
    })
    expect(objects.result.account_objects).toHaveLength(1)
    await expect(
      client.request({
        command: 'ledger_entry',
        oracle: { account: first.classicAddress, oracle_document_id: 'x' },
      }),
    ).rejects.toMatchObject({ data: { error: 'malformedDocumentID' } })
  })

  it('get_aggregate_price: mean, median and standard deviation as rippled computes them [rippled GetAggregatePrice_test.cpp]', async () => {
    const { result } = (await aggregate({})) as { result: Record<string, unknown> }
    expect(result).toMatchObject({
      entire_set: { mean: '74.45', size: 10, standard_deviation: '0.3027650354097492' },
      median: '74.45',
      validated: false,
    })
    expect(result.trimmed_set).toBeUndefined()
    expect(result.time).toBe(newest)
  })

  it('get_aggregate_price with trim 20: the trimmed set of six [rippled GetAggregatePrice_test.cpp]', async () => {
    const { result } = (await aggregate({ trim: 20, time_threshold: 100 })) as {
      result: Record<string, unknown>
    }
    expect(result).toMatchObject({
      entire_set: { mean: '74.45', size: 10 },
      trimmed_set: { mean: '74.45', size: 6, standard_deviation: '0.187082869338697' },
    })
  })

  it.each([
    { what: 'no oracles', params: { oracles: undefined }, error: 'invalidParams' },
    { what: 'an empty oracles array', params: { oracles: [] }, error: 'oracleMalformed' },
    {
      what: '201 oracles',
      params: {
        oracles: Array.from({ length: 201 }, () => ({
          account: holder.classicAddress,
          oracle_document_id: 1,
        })),
      },
      error: 'oracleMalformed',
    },
    {
      what: 'an oracle without its document id',
      params: { oracles: [{ account: holder.classicAddress }] },
      error: 'oracleMalformed',
    },
    {
      what: 'a document id of 1.2',
      params: { oracles: [{ account: holder.classicAddress, oracle_document_id: 1.2 }] },
      error: 'invalidParams',
    },
    { what: 'a trim of 26', params: { trim: 26 }, error: 'invalidParams' },
    { what: 'a trim of 0', params: { trim: 0 }, error: 'invalidParams' },
    { what: 'a time_threshold of -1', params: { time_threshold: -1 }, error: 'invalidParams' },
    {
      what: 'a quote_asset of four letters',
      params: { quote_asset: 'ABCD' },
      error: 'invalidParams',
    },
    { what: 'a pair no oracle prices', params: { base_asset: 'YAN' }, error: 'objectNotFound' },
  ])(
    'get_aggregate_price with $what is $error [rippled GetAggregatePrice.cpp]',
    async ({ params, error }) => {
      await expect(aggregate(params)).rejects.toMatchObject({ data: { error } })
    },
  )

  it('an oracle whose price of the pair is more than three updates back is left out [rippled GetAggregatePrice.cpp iteratePriceData]', async () => {
    // Updates of EUR alone: XRP/USD keeps no price in the oracle; the walk looks three back.
    const eurOnly = [
      { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'EUR', AssetPrice: '2e4', Scale: 1 } },
    ]
    for (const [i, wallet] of owners.slice(0, 6).entries()) {
      const updates = i < 3 ? 3 : 2
      for (let n = 1; n <= updates; n += 1) {
        await submitValidated(client, oracleSet(wallet, { PriceDataSeries: eurOnly }, n), wallet)
      }
    }
    const { result } = (await aggregate({ trim: 20, time_threshold: '200' })) as {
      result: Record<string, unknown>
    }
    expect(result).toMatchObject({
      entire_set: { mean: '74.6', size: 7, standard_deviation: '0.2160246899469287' },
      median: '74.6',
      trimmed_set: { mean: '74.6', size: 5, standard_deviation: '0.158113883008419' },
    })
  })
})

// PermissionedDomainSet needs Credentials (rippled PermissionedDomainSet.cpp `checkExtraFeatures`).
describe('Permissioned Domains over the node with xrpl.js 5.3.0 (rippled PermissionedDomainSet.cpp, LedgerEntry.cpp)', () => {
  it('PermissionedDomainSet by xrpl.js; ledger_entry permissioned_domain by {account, seq} and account_objects read it', async () => {
    const [issuer] = owners as [Wallet]
    const sequence = (
      await client.request({ command: 'account_info', account: holder.classicAddress })
    ).result.account_data.Sequence
    const result = await submitValidated(
      client,
      {
        TransactionType: 'PermissionedDomainSet',
        Account: holder.classicAddress,
        AcceptedCredentials: [
          {
            Credential: {
              Issuer: issuer.classicAddress,
              CredentialType: convertStringToHex('KYC'),
            },
          },
        ],
      },
      holder,
    )
    expect((result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
    const index = permissionedDomainIndex(holder.classicAddress, sequence)
    const entry = await client.request({
      command: 'ledger_entry',
      permissioned_domain: { account: holder.classicAddress, seq: sequence },
    })
    expect(entry.result.node).toMatchObject({ LedgerEntryType: 'PermissionedDomain', index })
    const objects = await client.request({
      command: 'account_objects',
      account: holder.classicAddress,
      type: 'permissioned_domain',
    })
    expect(objects.result.account_objects.map((o) => o.index)).toEqual([index])
    await expect(
      client.request({ command: 'ledger_entry', permissioned_domain: 5 } as never),
    ).rejects.toMatchObject({ data: { error: 'malformedRequest' } })
  })
})
