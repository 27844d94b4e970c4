import { createReferenceServer, type ReferenceServerOptions } from '@pullsign/reference-server'
import { PullSign } from 'pullsign'
import type { Endpoints } from 'pullsign/wire'

/** A reference server on port 0 with its demo fixtures, and an SDK client of its application. */
export async function startReference(options: ReferenceServerOptions = {}) {
  const server = createReferenceServer({ ledgerCloseMs: false, ...options })
  const endpoints: Endpoints = await server.listen(0)
  const [app] = server.platform.applications.list()
  const [alice, bob] = server.platform.users.list()
  if (!app || !alice || !bob) throw new Error('the demo fixtures changed: expected 1 app, 2 users')
  const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  return {
    server,
    wallet: server.wallet,
    clock: server.clock,
    endpoints,
    app,
    alice,
    bob,
    pullsign,
  }
}

export type Reference = Awaited<ReturnType<typeof startReference>>

/** A native Payment to Bob's first account. */
export const paymentTo = (destination: string, drops = '1000000') => ({
  TransactionType: 'Payment',
  Destination: destination,
  Amount: drops,
})

/** The first account of a user of the reference server. */
export function accountOf(ref: Reference, user: string): string {
  const address = ref.server.platform.state().users.find((u) => u.uuid === user)
    ?.accounts[0]?.address
  if (!address) throw new Error(`user ${user} has no account`)
  return address
}

/**
 * A USD issuer on TESTNET that Bob trusts for 1,000 USD. The issuer is a wallet user (so it can
 * sign) and lets its asset ripple first (AccountSet asfDefaultRipple), as issuers do: without it
 * the ledger refuses to deliver its USD out of a book (terNO_RIPPLE, rippled DirectStep.cpp).
 */
export async function bobTrustsAnIssuer(ref: Reference): Promise<string> {
  const issuer = ref.server.platform.users.create({ name: 'USD issuer' })
  const address = issuer.accounts[0]?.address ?? ''
  const rippling = await ref.pullsign.payload.create({
    txjson: { TransactionType: 'AccountSet', SetFlag: 8 },
    options: { force_network: 'TESTNET' },
  })
  await ref.wallet.sign(rippling.uuid, { user: issuer.uuid })
  const trust = await ref.pullsign.payload.create({
    TransactionType: 'TrustSet',
    LimitAmount: { currency: 'USD', issuer: address, value: '1000' },
  })
  const record = await ref.wallet.sign(trust.uuid, { user: ref.bob.uuid, network: 'TESTNET' })
  if (record.response.dispatched_result !== 'tesSUCCESS') {
    throw new Error(`Bob's TrustSet failed: ${record.response.dispatched_result}`)
  }
  return address
}
