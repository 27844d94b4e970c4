import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { accountIdOf } from '../../src/ledger/codec/account-ids'
import { mptIssuanceId } from '../../src/ledger/state/keylets'
import { startNode, submitValidated } from './start-node'

let server: ReferenceServer
let client: Client
let mptId: string
const issuer = Wallet.generate()
const holders = [Wallet.generate(), Wallet.generate(), Wallet.generate()]

const request = (params: Record<string, unknown>) => client.request(params as never)

beforeAll(async () => {
  ;({ server, client } = await startNode(
    [issuer, ...holders].map((wallet) => wallet.classicAddress),
    100_000_000n,
  ))
  const sequence = server.platform.ledger.account('TESTNET', issuer.classicAddress)?.sequence ?? 0
  mptId = mptIssuanceId(sequence, issuer.classicAddress)
  await submitValidated(
    client,
    { TransactionType: 'MPTokenIssuanceCreate', Account: issuer.classicAddress },
    issuer,
  )
  for (const [i, holder] of holders.entries()) {
    await submitValidated(
      client,
      {
        TransactionType: 'MPTokenAuthorize',
        Account: holder.classicAddress,
        MPTokenIssuanceID: mptId,
      },
      holder,
    )
    await submitValidated(
      client,
      {
        TransactionType: 'Payment',
        Account: issuer.classicAddress,
        Destination: holder.classicAddress,
        Amount: { mpt_issuance_id: mptId, value: String(10 * (i + 1)) },
      },
      issuer,
    )
  }
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

describe('MPT reads: ledger_entry, account_objects [rippled LedgerEntry.cpp parseMPTokenIssuance, parseMPToken]', () => {
  it('ledger_entry finds the issuance by its id and an MPToken by index or {mpt_issuance_id, account}', async () => {
    const issuance = (await request({ command: 'ledger_entry', mpt_issuance: mptId })) as {
      result: { node: Record<string, unknown>; index: string }
    }
    expect(issuance.result.node).toMatchObject({
      LedgerEntryType: 'MPTokenIssuance',
      OutstandingAmount: '60',
    })
    const holder = holders[0] as Wallet
    const byPair = (await request({
      command: 'ledger_entry',
      mptoken: { mpt_issuance_id: mptId, account: holder.classicAddress },
    })) as { result: { node: Record<string, unknown>; index: string } }
    expect(byPair.result.node).toMatchObject({ LedgerEntryType: 'MPToken', MPTAmount: '10' })
    const byIndex = (await request({ command: 'ledger_entry', mptoken: byPair.result.index })) as {
      result: { node: unknown }
    }
    expect(byIndex.result.node).toEqual(byPair.result.node)
  })

  it.each([
    [{ mpt_issuance: 'ABC' }, 'malformedRequest'],
    [
      { mptoken: { mpt_issuance_id: 'ABC', account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' } },
      'malformedMPTokenIssuance',
    ],
    [{ mptoken: { account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' } }, 'malformedRequest'],
  ])('ledger_entry %j is refused %s [rippled LedgerEntry.cpp]', async (locator, error) => {
    await expect(request({ command: 'ledger_entry', ...locator })).rejects.toMatchObject({
      data: { error, error_code: 31 },
    })
  })

  it('a bad account in the mptoken locator is malformedAccount; an unknown issuance entryNotFound [rippled LedgerEntry.cpp]', async () => {
    await expect(
      request({ command: 'ledger_entry', mptoken: { mpt_issuance_id: mptId, account: 'nope' } }),
    ).rejects.toMatchObject({ data: { error: 'malformedAccount' } })
    await expect(
      request({ command: 'ledger_entry', mpt_issuance: mptIssuanceId(9, issuer.classicAddress) }),
    ).rejects.toMatchObject({ data: { error: 'entryNotFound' } })
  })

  it('account_objects keeps the types mpt_issuance and mptoken', async () => {
    const issued = (await request({
      command: 'account_objects',
      account: issuer.classicAddress,
      type: 'mpt_issuance',
    })) as { result: { account_objects: { LedgerEntryType: string }[] } }
    expect(issued.result.account_objects.map((o) => o.LedgerEntryType)).toEqual(['MPTokenIssuance'])
    const held = (await request({
      command: 'account_objects',
      account: issuer.classicAddress,
      type: 'mptoken',
    })) as { result: { account_objects: unknown[] } }
    expect(held.result.account_objects).toEqual([])
  })
})

describe("mpt_holders, Clio's method the node answers too [Clio rpc/handlers/MPTHolders.cpp]", () => {
  const sorted = () =>
    holders
      .map((wallet, i) => ({ wallet, amount: String(10 * (i + 1)) }))
      .sort((a, b) =>
        accountIdOf(a.wallet.classicAddress) < accountIdOf(b.wallet.classicAddress) ? -1 : 1,
      )

  it('pages the holders by AccountID with their flags, amounts and MPToken indexes', async () => {
    const first = (await request({ command: 'mpt_holders', mpt_issuance_id: mptId, limit: 2 })) as {
      result: Record<string, unknown> & { mptokens: Record<string, unknown>[]; marker: string }
    }
    const order = sorted()
    expect(first.result).toMatchObject({ mpt_issuance_id: mptId, limit: 2, validated: true })
    expect(first.result.mptokens.map((m) => [m.account, m.mpt_amount, m.flags])).toEqual(
      order.slice(0, 2).map(({ wallet, amount }) => [wallet.classicAddress, amount, 0]),
    )
    expect(first.result.marker).toBe(accountIdOf(order[1]?.wallet.classicAddress as string))
    const rest = (await request({
      command: 'mpt_holders',
      mpt_issuance_id: mptId,
      limit: 2,
      marker: first.result.marker,
    })) as { result: { mptokens: { account: string; mptoken_index: string }[]; marker?: string } }
    expect(rest.result.mptokens.map((m) => m.account)).toEqual([order[2]?.wallet.classicAddress])
    expect(rest.result.marker).toBeUndefined()
    const entry = (await request({
      command: 'ledger_entry',
      index: rest.result.mptokens[0]?.mptoken_index,
    })) as { result: { node: { LedgerEntryType: string } } }
    expect(entry.result.node.LedgerEntryType).toBe('MPToken')
  })

  it('an unknown issuance is objectNotFound; a malformed id invalidParams', async () => {
    await expect(
      request({ command: 'mpt_holders', mpt_issuance_id: mptIssuanceId(9, issuer.classicAddress) }),
    ).rejects.toMatchObject({ data: { error: 'objectNotFound' } })
    await expect(request({ command: 'mpt_holders', mpt_issuance_id: 'xyz' })).rejects.toMatchObject(
      {
        data: { error: 'invalidParams' },
      },
    )
  })
})
