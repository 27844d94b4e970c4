import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, hashes, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode, submitValidated } from './start-node'

let server: ReferenceServer
let client: Client
const holder = Wallet.generate()
const issuer = Wallet.generate()

beforeAll(async () => {
  ;({ server, client } = await startNode(
    [holder, issuer].map((wallet) => wallet.classicAddress),
    100_000_000n,
  ))
  await submitValidated(
    client,
    {
      TransactionType: 'TrustSet',
      Account: holder.classicAddress,
      LimitAmount: { currency: 'USD', issuer: issuer.classicAddress, value: '1000' },
    },
    holder,
  )
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

describe('object reads on the ledger objects (ledger_entry, account_objects, ledger_data)', () => {
  it('reads an AccountRoot by index and by account_root, with the index xrpl.js computes', async () => {
    const index = hashes.hashAccountRoot(holder.classicAddress)
    const byIndex = await client.request({ command: 'ledger_entry', index })
    expect(byIndex.result.node).toMatchObject({
      LedgerEntryType: 'AccountRoot',
      Account: holder.classicAddress,
      index,
    })
    const byAccount = await client.request({
      command: 'ledger_entry',
      account_root: holder.classicAddress,
    })
    expect(byAccount.result.node).toEqual(byIndex.result.node)
    const info = await client.request({ command: 'account_info', account: holder.classicAddress })
    expect(info.result.account_data.index).toBe(index)
    await expect(
      client.request({ command: 'ledger_entry', index: 'F'.repeat(64) }),
    ).rejects.toMatchObject({
      data: { error: 'entryNotFound', error_code: 98 },
    })
  })

  it('pages account_objects by type with markers, and refuses a forged marker', async () => {
    const lines = await client.request({
      command: 'account_objects',
      account: holder.classicAddress,
      type: 'state',
    })
    expect(lines.result.account_objects).toHaveLength(1)
    expect(lines.result.account_objects[0]).toMatchObject({
      LedgerEntryType: 'RippleState',
      index: hashes.hashTrustline(holder.classicAddress, issuer.classicAddress, 'USD'),
    })
    await expect(
      client.request({
        command: 'account_objects',
        account: holder.classicAddress,
        marker: 'forged',
      }),
    ).rejects.toMatchObject({
      data: { error: 'invalidParams', error_message: "Invalid field 'marker'." },
    })
  })

  it('lists the SignerList in account_info whole, every field and its index [rippled AccountInfo.cpp, STLedgerEntry.cpp getJson]', async () => {
    const lister = Wallet.generate()
    const [first, second] = [Wallet.generate(), Wallet.generate()]
    server.platform.ledger.fund(lister.classicAddress, 100_000_000n, ['TESTNET'])
    const locator = 'AB'.repeat(32)
    const set = await submitValidated(
      client,
      {
        TransactionType: 'SignerListSet',
        Account: lister.classicAddress,
        SignerQuorum: 2,
        SignerEntries: [
          { SignerEntry: { Account: first.classicAddress, SignerWeight: 1 } },
          {
            SignerEntry: {
              Account: second.classicAddress,
              SignerWeight: 1,
              WalletLocator: locator,
            },
          },
        ],
      },
      lister,
    )
    const index = hashes.hashSignerListId(lister.classicAddress)
    const { node } = (await client.request({ command: 'ledger_entry', index })).result
    expect(node).toEqual({
      LedgerEntryType: 'SignerList',
      Flags: 0x0001_0000, // lsfOneOwnerCount (ExpandedSignerList)
      OwnerNode: '0',
      PreviousTxnID: set.hash,
      PreviousTxnLgrSeq: set.ledger_index,
      SignerListID: 0,
      SignerQuorum: 2,
      SignerEntries: expect.arrayContaining([
        { SignerEntry: { Account: first.classicAddress, SignerWeight: 1 } },
        {
          SignerEntry: { Account: second.classicAddress, SignerWeight: 1, WalletLocator: locator },
        },
      ]),
      index,
    })
    const info = (api_version: 1 | 2) =>
      client
        .request({
          command: 'account_info',
          account: lister.classicAddress,
          signer_lists: true,
          api_version,
        })
        .then(({ result }) => result as unknown as Record<string, Record<string, unknown>>)
    // v1 nests the list in account_data (AccountInfo.cpp: apiVersion == 1), v2 puts it beside.
    const v1 = await info(1)
    expect(v1.account_data?.signer_lists).toEqual([node])
    expect(v1.signer_lists).toBeUndefined()
    const v2 = await info(2)
    expect(v2.signer_lists).toEqual([node])
    expect(v2.account_data?.signer_lists).toBeUndefined()
  })

  it('walks ledger_data page by page over every object', async () => {
    const seen: string[] = []
    let marker: unknown
    do {
      const page = await client.request({
        command: 'ledger_data',
        limit: 1,
        ...(marker ? { marker: marker as string } : {}),
      })
      const result = page.result as unknown as { state: { index: string }[]; marker?: unknown }
      seen.push(...result.state.map((object) => object.index))
      marker = result.marker
    } while (marker)
    expect(seen).toContain(hashes.hashAccountRoot(issuer.classicAddress))
    expect(new Set(seen).size).toBe(seen.length)
  })
})

describe('feature: the network amendment table', () => {
  it('lists the amendments by id, finds one by name, and refuses an unknown one', async () => {
    const all = (await client.request({ command: 'feature' } as never)) as {
      result: { features: Record<string, { name: string; enabled: boolean }> }
    }
    const table = server.platform.ledger.amendments('TESTNET')
    expect(Object.keys(all.result.features)).toHaveLength(table.amendments.length)
    const multiSign = table.find('MultiSign')
    const one = (await client.request({ command: 'feature', feature: 'MultiSign' } as never)) as {
      result: Record<string, unknown>
    }
    expect(one.result[multiSign?.id ?? '']).toMatchObject({
      name: 'MultiSign',
      enabled: multiSign?.enabled,
    })
    await expect(
      client.request({ command: 'feature', feature: 'NoSuchAmendment' } as never),
    ).rejects.toMatchObject({
      data: { error: 'badFeature', error_code: 40 },
    })
  })
})
