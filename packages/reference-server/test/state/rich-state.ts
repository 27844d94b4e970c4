import { createServer } from 'node:http'
import { listenOnLoopback } from '../server/loopback-listen'
import { okJson, type TestServer } from '../server/test-server'

/** A webhook receiver that always answers 500, so deliveries wait for their retries. */
export const startFailingReceiver = async () => {
  let hits = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      hits++
      res.writeHead(500).end()
    })
  })
  const { base, close } = await listenOnLoopback(server)
  return { url: `${base}/hook`, hits: () => hits, close }
}

/**
 * Fills a server with one of everything a snapshot keeps: an application with a webhook whose
 * first attempt failed (a retry scheduled), a new user, payloads in every state (a payment and a
 * trust line on the ledger), a user token, app storage and the user store.
 */
export async function fillState(t: TestServer, webhookUrl: string) {
  const app = await okJson(await t.control('applications', { name: 'Kept shop', webhookUrl }))
  const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
  const create = async (body: unknown) =>
    (await okJson(await t.api('payload', { json: body, headers }))).uuid as string
  const carol = await okJson(await t.control('users', { name: 'Carol' }))
  const alice = t.alice.accounts[0]?.address
  const bob = t.bob.accounts[0]?.address
  const pending = await create({
    txjson: { TransactionType: 'SignIn' },
    custom_meta: { identifier: 'kept-1', blob: { order: 1 } },
  })
  const opened = await create({ txjson: { TransactionType: 'SignIn' } })
  await okJson(await t.control(`payloads/${opened}/open`, { user: carol.uuid }))
  const paid = await create({
    txjson: { TransactionType: 'Payment', Destination: bob, Amount: '2500000' },
  })
  const paidRecord = await okJson(
    await t.control(`payloads/${paid}/sign`, { user: t.alice.uuid, network: 'TESTNET' }),
  )
  const trust = await create({
    txjson: {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: alice, value: '100' },
    },
  })
  await okJson(await t.control(`payloads/${trust}/sign`, { user: t.bob.uuid, network: 'TESTNET' }))
  const rejected = await create({ txjson: { TransactionType: 'SignIn' } })
  await okJson(await t.control(`payloads/${rejected}/reject`, { user: t.bob.uuid }))
  const cancelled = await create({ txjson: { TransactionType: 'SignIn' } })
  await okJson(await t.api(`payload/${cancelled}`, { method: 'DELETE', headers }))
  await okJson(await t.control('ledger/close', { network: 'TESTNET' }))
  await okJson(await t.api('app-storage', { json: { theme: 'dark' }, headers }))
  t.server.platform.userData.persist(
    t.server.platform.applications.get(app.uuid),
    carol.uuid,
    'profile',
    {
      color: 'blue',
    },
  )
  await okJson(await t.control('webhooks?settled'))
  return {
    app,
    headers,
    carol,
    uuids: { pending, opened, paid, trust, rejected, cancelled },
    txid: paidRecord.response.txid as string,
  }
}
