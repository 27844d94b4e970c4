import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AMMInfoResponse, type Client, getBalanceChanges, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode, submitValidated } from './start-node'

let server: ReferenceServer
let client: Client
const alice = Wallet.generate()
const bob = Wallet.generate()
const gateway = Wallet.generate()
const USD = () => ({ currency: 'USD', issuer: gateway.classicAddress })
const usd = (value: string) => ({ ...USD(), value })
const XRP = { currency: 'XRP' } as const

beforeAll(async () => {
  ;({ server, client } = await startNode(
    [alice.classicAddress, bob.classicAddress, gateway.classicAddress],
    100_000_000_000n,
  ))
  await submitValidated(
    client,
    { TransactionType: 'AccountSet', Account: gateway.classicAddress, SetFlag: 8 },
    gateway,
  )
  for (const wallet of [alice, bob]) {
    await submitValidated(
      client,
      { TransactionType: 'TrustSet', Account: wallet.classicAddress, LimitAmount: usd('100000') },
      wallet,
    )
    await submitValidated(
      client,
      {
        TransactionType: 'Payment',
        Account: gateway.classicAddress,
        Destination: wallet.classicAddress,
        Amount: usd('10000'),
      },
      gateway,
    )
  }
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

describe('the AMM over the node with xrpl.js 5.3.0 (rippled AMMCreate.cpp, AMMDeposit.cpp, AMMInfo.cpp)', () => {
  it('[rippled AMMCreate.cpp] autofills the owner-reserve fee, creates the pool; amm_info, ledger_entry, account_objects and account_info show it', async () => {
    const created = await submitValidated(
      client,
      {
        TransactionType: 'AMMCreate',
        Account: alice.classicAddress,
        Amount: '1000000000',
        Amount2: usd('1000'),
        TradingFee: 500,
      },
      alice,
    )
    expect(created.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    // xrpl.js autofills one owner reserve (server_state's reserve_inc) for AMMCreate.
    expect(created.tx_json?.Fee).toBe('200000')
    const info = (await client.request({
      command: 'amm_info',
      asset: XRP,
      asset2: USD(),
    })) as AMMInfoResponse
    const { amm } = info.result
    expect(amm).toMatchObject({
      amount: '1000000000',
      amount2: usd('1000'),
      lp_token: { value: '1000000' },
      trading_fee: 500,
      asset2_frozen: false,
      vote_slots: [{ account: alice.classicAddress, trading_fee: 500, vote_weight: 100000 }],
      auction_slot: {
        account: alice.classicAddress,
        discounted_fee: 50,
        time_interval: 0,
        price: { value: '0' },
      },
    })
    expect(amm.auction_slot?.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/)
    // The same AMM by its account, in the entry's asset order; alice's own LP tokens.
    const byAccount = (await client.request({
      command: 'amm_info',
      amm_account: amm.account,
      account: alice.classicAddress,
    } as never)) as AMMInfoResponse
    expect(byAccount.result.amm.amount).toBe('1000000000')
    expect(byAccount.result.amm.lp_token).toEqual({
      currency: amm.lp_token.currency,
      issuer: amm.account,
      value: '1000000',
    })
    const entry = await client.request({
      command: 'ledger_entry',
      amm: { asset: XRP, asset2: USD() },
    })
    expect(entry.result.node).toMatchObject({ LedgerEntryType: 'AMM', Account: amm.account })
    const objects = await client.request({
      command: 'account_objects',
      account: amm.account,
      type: 'amm',
    })
    expect(objects.result.account_objects.map((object) => object.LedgerEntryType)).toEqual(['AMM'])
    const account = await client.request({ command: 'account_info', account: amm.account })
    expect(account.result.account_data).toMatchObject({
      AMMID: entry.result.index,
      Flags: 0x01900000,
    })
  })

  it('[rippled AMMDeposit.cpp, AMMWithdraw.cpp] a deposit and a withdrawal move the pool; xrpl.js reads the balance changes', async () => {
    const deposited = await submitValidated(
      client,
      {
        TransactionType: 'AMMDeposit',
        Account: bob.classicAddress,
        Asset: XRP,
        Asset2: USD(),
        Amount: usd('100'),
        Flags: 0x00080000,
      },
      bob,
    )
    expect(deposited.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    const changes = getBalanceChanges(deposited.meta as never)
    const bobs = changes.find((change) => change.account === bob.classicAddress)?.balances ?? []
    // fixAMMv1_3 takes what the LP tokens minted are worth: at most the 100 asked.
    const paid = Number(bobs.find((balance) => balance.currency === 'USD')?.value)
    expect(paid).toBeCloseTo(-100, 9)
    expect(paid).toBeGreaterThanOrEqual(-100)
    const lp = bobs.find((balance) => balance.currency.startsWith('03'))
    expect(Number(lp?.value)).toBeGreaterThan(0)
    const withdrawn = await submitValidated(
      client,
      {
        TransactionType: 'AMMWithdraw',
        Account: bob.classicAddress,
        Asset: XRP,
        Asset2: USD(),
        Flags: 0x00020000,
      },
      bob,
    )
    expect(withdrawn.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    const info = (await client.request({
      command: 'amm_info',
      asset: XRP,
      asset2: USD(),
      account: bob.classicAddress,
    })) as AMMInfoResponse
    expect(info.result.amm.lp_token).toMatchObject({ value: '0' })
  })

  it('[rippled AMMInfo.cpp] answers invalidParams, issueMalformed, actMalformed and actNotFound as rippled does', async () => {
    const error = (params: Record<string, unknown>) =>
      client.request({ command: 'amm_info', ...params } as never).then(
        () => 'ok',
        (failure: { data?: { error?: string } }) => failure.data?.error,
      )
    expect(await error({ asset: XRP })).toBe('invalidParams')
    expect(await error({ asset: XRP, asset2: USD(), amm_account: alice.classicAddress })).toBe(
      'invalidParams',
    )
    expect(await error({ asset: { currency: 'USD' }, asset2: XRP })).toBe('issueMalformed')
    expect(await error({ amm_account: alice.classicAddress })).toBe('actMalformed')
    expect(
      await error({ asset: XRP, asset2: { currency: 'EUR', issuer: gateway.classicAddress } }),
    ).toBe('actNotFound')
  })

  it('[rippled BookStep.cpp, AMMHelpers.h] a swap (a self-Payment with SendMax) and a cross-currency payment through pools, as xrpl.js reads them', async () => {
    const pool = async (asset: unknown, asset2: unknown) =>
      ((await client.request({ command: 'amm_info', asset, asset2 } as never)) as AMMInfoResponse)
        .result.amm
    const before = await pool(XRP, USD())
    // Bob swaps XRP for 10 USD, paying at most 20 XRP.
    const swapped = await submitValidated(
      client,
      {
        TransactionType: 'Payment',
        Account: bob.classicAddress,
        Destination: bob.classicAddress,
        Amount: usd('10'),
        SendMax: '20000000',
      },
      bob,
    )
    expect(swapped.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    const after = await pool(XRP, USD())
    const changes = getBalanceChanges(swapped.meta as never)
    const byAccount = Object.fromEntries(changes.map((change) => [change.account, change.balances]))
    // xrpl.js sees the pool give 10 USD and take what bob paid beyond the fee.
    const paid = Number(after.amount) - Number(before.amount)
    expect(paid).toBeGreaterThan(0)
    expect(byAccount[bob.classicAddress]).toEqual(
      expect.arrayContaining([
        { currency: 'USD', issuer: gateway.classicAddress, value: '10' },
        { currency: 'XRP', value: String(-(paid + Number(swapped.tx_json?.Fee)) / 1e6) },
      ]),
    )
    expect(byAccount[after.account]).toEqual(
      expect.arrayContaining([{ currency: 'XRP', value: String(paid / 1e6) }]),
    )
    expect((after.amount2 as { value: string }).value).toBe(
      String(Number((before.amount2 as { value: string }).value) - 10),
    )
    // A USD/EUR pool: alice pays carol 5 EUR with USD.
    const carol = Wallet.generate()
    server.platform.ledger.fund(carol.classicAddress, 100_000_000n, ['TESTNET'])
    const EUR = { currency: 'EUR', issuer: gateway.classicAddress }
    for (const wallet of [alice, carol]) {
      await submitValidated(
        client,
        {
          TransactionType: 'TrustSet',
          Account: wallet.classicAddress,
          LimitAmount: { ...EUR, value: '100000' },
        },
        wallet,
      )
    }
    await submitValidated(
      client,
      {
        TransactionType: 'Payment',
        Account: gateway.classicAddress,
        Destination: alice.classicAddress,
        Amount: { ...EUR, value: '1000' },
      },
      gateway,
    )
    await submitValidated(
      client,
      {
        TransactionType: 'AMMCreate',
        Account: alice.classicAddress,
        Amount: usd('1000'),
        Amount2: { ...EUR, value: '500' },
        TradingFee: 1000,
      },
      alice,
    )
    const paidOut = await submitValidated(
      client,
      {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: carol.classicAddress,
        Amount: { ...EUR, value: '5' },
        SendMax: usd('11'),
      },
      alice,
    )
    expect(paidOut.meta).toMatchObject({
      TransactionResult: 'tesSUCCESS',
      delivered_amount: { ...EUR, value: '5' },
    })
    const eurPool = await pool(USD(), EUR)
    expect(eurPool.amount2).toEqual({ ...EUR, value: '495' })
    const alices = getBalanceChanges(paidOut.meta as never).find(
      (change) => change.account === alice.classicAddress,
    )
    const usdPaid = Number(alices?.balances.find((balance) => balance.currency === 'USD')?.value)
    // swapOut of 5 from 1000/500 at the creator's auction-slot fee of 0.1 %: about 10.11 USD.
    expect(usdPaid).toBeLessThan(-10.1)
    expect(usdPaid).toBeGreaterThan(-10.2)
    expect(Number((eurPool.amount as { value: string }).value)).toBeCloseTo(1000 - usdPaid, 9)
  })
})
