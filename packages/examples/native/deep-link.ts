/**
 * A native app's sign-in through a deep link (OAuth2 PKCE, docs/protocol.md §7.1), driven in Node against a
 * reference server embedded in this process. `openUrl` stands in for the system browser: it follows
 * the sign-in URL to the wallet's sign page, the wallet simulator signs as Alice, and the browser
 * is sent back to `myapp://signin?code=…`, which the app hands to `handleRedirect`. The app's
 * backend then verifies the JWT against the provider's keys.
 *
 * Run: npx tsx native/deep-link.ts
 */
import { createReferenceServer } from '@pullsign/reference-server'
import { createNativeClient } from 'pullsign'
import { verifyOAuthJwt } from 'pullsign/verify'
import { logger } from '../backend/demo-world'

const log = logger()
const server = createReferenceServer({ ledgerCloseMs: false })
const endpoints = await server.listen(0)
const app = server.platform.applications.create({
  name: 'Native app',
  redirectUris: ['myapp://signin'],
})
const [alice] = server.platform.users.list()
if (!alice) throw new Error('the reference server started without its demo users')
const aliceUuid = alice.uuid

/** The system browser: follows the sign-in to the wallet, signs as Alice, returns the deep link. */
async function systemBrowser(url: string): Promise<string> {
  const auth = await fetch(url, { redirect: 'manual' })
  const signPage = auth.headers.get('location') ?? ''
  const uuid = signPage.split('/sign/')[1] ?? ''
  log(`browser: the wallet shows sign-in request ${uuid}`)
  await server.wallet.sign(uuid, { user: aliceUuid })
  const returnPage = server.platform.payloads.record(uuid).meta.return_url_web ?? ''
  const back = await fetch(returnPage, { redirect: 'manual' })
  return back.headers.get('location') ?? ''
}

const pullsign = createNativeClient({
  apiKey: app.apiKey,
  endpoints,
  redirectUrl: 'myapp://signin',
  openUrl: (url) => {
    log(`app: opening ${new URL(url).origin}${new URL(url).pathname} in the system browser`)
    // The OS later opens the app with the deep link; the app hands it to handleRedirect.
    void systemBrowser(url).then((link) => {
      log(`app: opened with ${link.split('?')[0]}?code=…`)
      return pullsign.handleRedirect(link)
    })
  },
})
for (const name of ['retrieving', 'ready', 'success', 'logout', 'loggedout'] as const) {
  pullsign.on(name, () => log(`event ${name}`))
}
pullsign.on('error', (error) => log(`event error ${error.message}`))

const result = await pullsign.authorize()
log(`signed in as ${result.me.account} (${result.me.name})`)
const { pong } = (await pullsign.ping()) as { pong: boolean }
log(`ping with the JWT: pong=${pong}`)
await pullsign.userstore.set('settings', { theme: 'dark' })
log(`userstore: ${JSON.stringify(await pullsign.userstore.get('settings'))}`)

// On the app's backend: never trust a JWT a client sends without verifying it.
const claims = await verifyOAuthJwt(result.jwt, {
  issuer: endpoints.oauth,
  audience: app.apiKey,
})
log(`backend: JWT verified, sub ${claims.sub}, app ${claims.app_name}`)
await pullsign.logout()
await server.close()
