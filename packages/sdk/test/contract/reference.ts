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
