/**
 * A merchant that is paid in an issued asset and checks it the way docs/protocol.md §9.1 says,
 * against a reference server embedded in this process. The shop (Bob) asks for 5 USD; the customer
 * (Alice) holds no USD and pays with XRP through pathfinding; `verifyPayment` accepts it because
 * `delivered_amount` is 5 USD. Then a partial payment (Amount 5 USD, but a SendMax worth about 2)
 * arrives, and `verifyPayment` catches it: the ledger delivered less than asked.
 *
 * Run: npx tsx backend/merchant.ts   (or `npm run merchant` in packages/examples)
 */
import { paymentRequestLink } from 'pullsign/links'
import { type ExpectedPayment, verifyPayment } from 'pullsign/verify'
import type { Amount } from 'pullsign/wire'
import { logger, startDemoWorld } from './demo-world'

const log = logger()
const { server, endpoints, pullsign, alice, bob, bobAccount: shop } = await startDemoWorld()
const show = (amount: Amount) =>
  typeof amount === 'string' ? `${amount} drops` : `${amount.value} ${amount.currency}`

// Setup: a USD issuer on TESTNET (a user of the simulated wallet, so it can sign) lets its asset
// ripple, as issuers do before anyone trusts them (AccountSet asfDefaultRipple): without it, the
// ledger refuses to deliver its USD out of a book (terNO_RIPPLE, rippled DirectStep.cpp). Then
// the shop trusts it for USD (a TrustSet Bob signs, §8.5).
const issuer = server.platform.users.create({ name: 'USD issuer' })
const ISSUER = issuer.accounts[0]?.address ?? ''
const price = { currency: 'USD', issuer: ISSUER, value: '5' }
const defaultRipple = await pullsign.payload.create({
  txjson: { TransactionType: 'AccountSet', SetFlag: 8 },
  options: { force_network: 'TESTNET' },
})
await server.wallet.sign(defaultRipple.uuid, { user: issuer.uuid })
const trust = await pullsign.payload.create({
  TransactionType: 'TrustSet',
  LimitAmount: { ...price, value: '1000' },
})
await server.wallet.sign(trust.uuid, { user: bob.uuid, network: 'TESTNET' })
log(`shop ${shop} trusts ${ISSUER} for USD`)
log(
  `payment request link: ${paymentRequestLink({ account: shop, amount: '5', currency: 'USD', issuer: ISSUER }, endpoints)}`,
)

const expected: ExpectedPayment = { amount: price, network: 'TESTNET', destination: shop }

async function checkout(
  label: string,
  txjson: Record<string, unknown>,
  payWith?: { currency: string },
) {
  const created = await pullsign.payload.create({
    txjson: { TransactionType: 'Payment', Destination: shop, Amount: price, ...txjson },
    options: { pathfinding: true, force_network: 'TESTNET' },
  })
  const signed = await server.wallet.sign(created.uuid, {
    user: alice.uuid,
    ...(payWith ? { payWith } : {}),
  })
  log(`${label}: Alice signed ${signed.response.txid} (${signed.response.dispatched_result})`)
  server.platform.ledger.close('TESTNET') // a ledger closes about every 4 s; now, for the demo
  // §9.1: fetch the record (never trust the socket or webhook), then let verifyPayment decide.
  const verdict = await verifyPayment(await pullsign.payload.get(created), expected, {
    lookup: pullsign,
  })
  if (verdict.ok) {
    const sendMax = verdict.transaction.transaction.SendMax as Amount
    log(
      `${label}: accepted, delivered ${show(verdict.delivered)} (paid with at most ${show(sendMax)})`,
    )
  } else {
    const delivered = verdict.delivered === null ? 'nothing' : show(verdict.delivered)
    log(
      `${label}: refused, rule ${verdict.rule} ${verdict.reason}: delivered ${delivered} of ${show(price)}`,
    )
  }
  return verdict
}

const paid = await checkout('order 1', {}, { currency: 'XRP' })
// A partial payment (flag 0x00020000, §8.3): Amount says 5 USD, SendMax allows about 2 USD of XRP.
// Dollars one XRP buys (rates/USD, §2).
const rate = (await pullsign.getRates('USD')).XRP
const partial = await checkout('order 2', {
  Flags: 0x0002_0000,
  SendMax: String(Math.floor((2 / rate) * 1_000_000)),
})

await server.close()
if (!paid.ok || partial.ok) process.exitCode = 1
