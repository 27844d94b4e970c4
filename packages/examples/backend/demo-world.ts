import { createReferenceServer } from '@pullsign/reference-server'
import { createBackendClient } from 'pullsign'

/**
 * The world both backend demos run in: a reference server embedded in this process (with its demo
 * application and two funded users, Alice and Bob), and a pullsign client of that application.
 * Against production you would only write `createBackendClient({ apiKey, apiSecret })`.
 */
export async function startDemoWorld() {
  const server = createReferenceServer({ ledgerCloseMs: false })
  const endpoints = await server.listen(0)
  const state = server.platform.state()
  const app = state.applications[0]
  const [alice, bob] = state.users
  const aliceAccount = alice?.accounts[0]?.address
  const bobAccount = bob?.accounts[0]?.address
  if (!app || !alice || !bob || !aliceAccount || !bobAccount) {
    throw new Error('the reference server started without its demo application and users')
  }
  const pullsign = createBackendClient({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  return { server, endpoints, app, alice, bob, aliceAccount, bobAccount, pullsign }
}

/** Prints a line with the milliseconds since the demo started, so events show when they happen. */
export function logger() {
  const start = performance.now()
  return (text: string) =>
    console.log(`[+${String(Math.round(performance.now() - start)).padStart(4)} ms] ${text}`)
}
