import { describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { xahauNode } from './xahau-node'

// Xahau's own types end to end, as a Xahau app does it (xahau-node.ts).
const { rpc, submit, walletAt } = xahauNode()
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()

describe('Xahau types over the node’s WebSocket with xrpl.js [xahaud URIToken.cpp, Remit.cpp, SetHook.cpp]', () => {
  it('mints a URIToken for sale to bob, finds it by issuer and URI, and bob buys it', async () => {
    const [alice, bob] = [walletAt(0), walletAt(1)]
    const uri = 'ipfs://bafy-xahau-e2e'
    const minted = await submit(alice, {
      TransactionType: 'URITokenMint',
      URI: hex(uri),
      Amount: '3000000',
      Destination: bob.classicAddress,
    })
    expect(minted.engine_result).toBe('tesSUCCESS')
    const found = await rpc({
      command: 'ledger_entry',
      uri_token: { account: alice.classicAddress, uri },
    })
    expect(found.node).toMatchObject({ LedgerEntryType: 'URIToken', Owner: alice.classicAddress })
    const owned = await rpc({
      command: 'account_objects',
      account: alice.classicAddress,
      type: 'uri_token',
    })
    expect(owned.account_objects).toHaveLength(1)
    const bought = await submit(bob, {
      TransactionType: 'URITokenBuy',
      URITokenID: found.index,
      Amount: '3000000',
    })
    expect(bought.engine_result).toBe('tesSUCCESS')
    const after = await rpc({ command: 'ledger_entry', index: found.index })
    expect(after.node).toMatchObject({ Owner: bob.classicAddress })
  })

  it('a Remit creates its destination; a SetHook is refused temDISABLED, nothing applied', async () => {
    const alice = walletAt(0)
    const newcomer = Wallet.generate()
    const remitted = await submit(alice, {
      TransactionType: 'Remit',
      Destination: newcomer.classicAddress,
      Amounts: [{ AmountEntry: { Amount: '2000000' } }],
    })
    expect(remitted.engine_result).toBe('tesSUCCESS')
    const info = await rpc({ command: 'account_info', account: newcomer.classicAddress })
    // 2 XAH remitted and the 1 XAH account reserve the sender paid on top.
    expect(info.account_data).toMatchObject({ Balance: '3000000' })
    const hook = await submit(alice, { TransactionType: 'SetHook', Hooks: [{ Hook: {} }] })
    expect(hook).toMatchObject({ engine_result: 'temDISABLED', applied: false })
  })
})
