// A plain script, run by process-exit.test.ts in a child process (node --import tsx): a reference
// server in-process, a backend client with a subscription left open, then both closed. The
// process must exit by itself: nothing of the client may be left to keep it alive.
import { createReferenceServer } from '@pullsign/reference-server'
import { createBackendClient } from 'pullsign'

const server = createReferenceServer({ ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
if (!app) throw new Error('the demo fixtures have no application')
const client = createBackendClient({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
const subscription = await client.payload.createAndSubscribe({ TransactionType: 'SignIn' })
subscription.on('reconnecting', () => console.log('reconnecting'))
subscription.resolved.catch((err) => console.log(`resolved rejected: ${err.name}`))
console.log(`subscribed to ${subscription.uuid}`)
await server.close()
await client.close()
console.log(`closed; subscription ended: ${subscription.ended}`)
