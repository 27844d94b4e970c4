/**
 * Verifying a signed payment on the ledger itself, as docs/protocol.md §9.1 says, with your own
 * xrpl.js: the payload's `response.dispatched_to` is the node the wallet submitted to, which on the
 * reference server is the network's own rippled-compatible node (§8.6). No platform call limit.
 *
 * Run: npx tsx backend/verify-on-ledger.ts
 */
import { Client } from 'xrpl'
import { logger, startDemoWorld } from './demo-world'

const log = logger()
const { server, pullsign, alice, bobAccount } = await startDemoWorld()
const amount = '2500000' // drops: 2.5 XRP

const { uuid } = await pullsign.payload.create({
  txjson: { TransactionType: 'Payment', Destination: bobAccount, Amount: amount },
  options: { force_network: 'TESTNET' },
})
await server.wallet.sign(uuid, { user: alice.uuid }) // the user signs in the wallet app
const record = await pullsign.payload.get(uuid)
const { txid, dispatched_to, dispatched_nodetype } = record.response
if (!record.meta.resolved || !record.meta.signed || !txid || !dispatched_to) {
  throw new Error('the payment was not signed and submitted')
}
log(`signed ${txid} on ${dispatched_nodetype}, submitted to ${dispatched_to}`)

const client = new Client(dispatched_to)
await client.connect()
try {
  // The ledger closes every 4 s by default; this demo's server closes on demand (`ledger_accept`).
  await client.request({ command: 'ledger_accept' } as never)
  const { result } = await client.request({ command: 'tx', transaction: txid })
  const meta = result.meta as { TransactionResult: string; delivered_amount?: unknown }
  // §9.1: validated, tesSUCCESS, the expected network, and delivered_amount (never Amount).
  if (!result.validated) throw new Error(`${txid} is not validated yet: look again after a close`)
  if (meta.TransactionResult !== 'tesSUCCESS') throw new Error(`${txid}: ${meta.TransactionResult}`)
  if (client.networkID !== 1)
    throw new Error(`network id ${client.networkID}, expected Testnet's 1`)
  if (meta.delivered_amount !== amount) {
    throw new Error(`delivered ${JSON.stringify(meta.delivered_amount)}, expected ${amount}`)
  }
  log(
    `verified on the ledger: validated in ledger ${result.ledger_index}, network ${client.networkID}, delivered ${meta.delivered_amount} drops`,
  )
} finally {
  await client.disconnect()
  await server.close()
}
