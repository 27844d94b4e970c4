import { encode, encodeForSigning, XrplDefinitions } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { codecForm } from '../../src/ledger/codec/network-codec'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

// Xahau's own types end to end, as a Xahau app does it: xrpl.js 5.3.0 over the node's WebSocket,
// the blob encoded with the definitions the node serves (`server_definitions`) through
// ripple-binary-codec's `XrplDefinitions`, since xrpl.js's Wallet.sign validates against the XRP
// Ledger's own models and takes no definitions.
let env: InProcessTestEnvironment
let client: Client
let definitions: XrplDefinitions
beforeAll(async () => {
  env = await createTestEnvironment({ clock: 'manual' })
  client = new Client(env.ledger.XAHAU.ws)
  await client.connect()
  const served = await client.request({ command: 'server_definitions' } as never)
  definitions = new XrplDefinitions(
    codecForm((served as { result: ConstructorParameters<typeof XrplDefinitions>[0] }).result),
  )
}, 30_000)
afterAll(async () => {
  await client.disconnect()
  await env.close()
})

const walletAt = (i: number) => Wallet.fromSeed(env.ledger.XAHAU.wallets[i]?.seed as string)
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
const rpc = async (request: Record<string, unknown>) =>
  ((await client.request(request as never)) as { result: Record<string, unknown> }).result

// Autofills from the node (Sequence, the least fee), signs with xahaud's definitions, submits.
async function submit(wallet: Wallet, fields: Record<string, unknown>) {
  const info = await rpc({ command: 'account_info', account: wallet.classicAddress })
  const tx = {
    Account: wallet.classicAddress,
    Sequence: (info.account_data as { Sequence: number }).Sequence,
    Fee: '100',
    NetworkID: 21337,
    SigningPubKey: wallet.publicKey,
    ...fields,
  }
  const TxnSignature = sign(encodeForSigning(tx, definitions), wallet.privateKey)
  return rpc({ command: 'submit', tx_blob: encode({ ...tx, TxnSignature }, definitions) })
}

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
