/**
 * A payment from start to proof (docs/protocol.md §9.1), against a reference server embedded in this
 * process: create the sign request, subscribe, let the simulated wallet app sign it as Alice,
 * print each event as it happens, then fetch the record and verify the payment on the ledger.
 *
 * Run: npx tsx backend/payment.ts   (or `npm run demo` in packages/examples)
 */
import type { PayloadEvent } from 'pullsign'
import { logger, startDemoWorld } from './demo-world'

const log = logger()
const { server, pullsign, alice, bobAccount } = await startDemoWorld()
log(
  `reference server on ${server.endpoints.api}; application "${(await pullsign.ping()).auth.application.name}"`,
)

const amount = '1000000' // drops: 1 XRP
const describe = (event: PayloadEvent): string => {
  switch (event.type) {
    case 'expires_in':
      return `expires in ${event.data.expires_in_seconds} s`
    case 'resolved':
      return `resolved: signed=${event.payload.meta.signed}, txid ${event.payload.response.txid}`
    case 'expired':
      return 'expired'
    default:
      return 'data' in event ? JSON.stringify(event.data) : ''
  }
}

const subscription = await pullsign.payload.createAndSubscribe(
  {
    txjson: { TransactionType: 'Payment', Destination: bobAccount, Amount: amount },
    options: { force_network: 'TESTNET', expire: 5 },
    custom_meta: { identifier: `order-${Date.now()}`, instruction: 'Pay order 42 to Bob' },
  },
  (event) => log(`event ${event.type.padEnd(14)} ${describe(event)}`),
)
log(`payload ${subscription.uuid} created: open ${subscription.created.next.always}`)
log(`QR code: ${subscription.created.refs.qr_png}`)

// The user: Alice opens the sign request in the wallet app and signs it (simulated, real keys).
setTimeout(() => {
  log('Alice opens the request and signs it in the wallet app')
  server.wallet.sign(subscription.uuid, { user: alice.uuid }).catch((err) => log(`wallet: ${err}`))
}, 50)

// The socket message is a hint; `resolved` hands over the record fetched afterwards.
const record = await subscription.resolved
if (!record.meta.resolved || !record.meta.signed || !record.response.txid) {
  throw new Error(`the payment was not signed (resolved=${record.meta.resolved})`)
}
log(`signed by ${record.response.account} on ${record.response.dispatched_nodetype}`)

// §9.1: look the transaction up until a closed ledger holds it; trust delivered_amount only.
server.platform.ledger.close('TESTNET')
const tx = await pullsign.getTransaction(record.response.txid)
const delivered = tx.transaction.meta.delivered_amount
if (!tx.transaction.validated || tx.transaction.meta.TransactionResult !== 'tesSUCCESS') {
  throw new Error(`transaction ${record.response.txid} is not validated with tesSUCCESS`)
}
if (delivered !== amount)
  throw new Error(`delivered ${JSON.stringify(delivered)}, expected ${amount}`)
log(
  `verified: ${tx.txid} validated, ${tx.transaction.meta.TransactionResult}, delivered ${delivered} drops to ${bobAccount}`,
)
log(
  `rate limit: ${pullsign.rateLimit?.remaining}/${pullsign.rateLimit?.limit} calls left this minute`,
)

await server.close()
