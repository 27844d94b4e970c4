/**
 * The same shop page written as an ES module that imports `pullsign` and is bundled (serve.ts
 * bundles it with esbuild, as Vite, webpack or Rollup would).
 */
import { type BrowserClient, createBrowserClient, type SignInEvents } from 'pullsign'

const { apiKey, endpoints } = (
  window as unknown as { SHOP_CONFIG: { apiKey: string; endpoints: BrowserClient['endpoints'] } }
).SHOP_CONFIG
// No secret in a page (the browser factory refuses one): sign-in by OAuth2 PKCE.
const pullsign = createBrowserClient({ apiKey, endpoints })
const element = (id: string) => document.getElementById(id) as HTMLElement
const show = (id: string, visible: boolean) => {
  element(id).hidden = !visible
}
const names: (keyof SignInEvents)[] = [
  'retrieving',
  'retrieved',
  'ready',
  'success',
  'logout',
  'loggedout',
  'error',
]
for (const name of names) {
  pullsign.on(name, (data) => {
    const item = document.createElement('li')
    item.textContent = name === 'error' ? `error: ${(data as Error).message}` : name
    element('events').append(item)
  })
}
pullsign.on('ready', () => {
  if (!pullsign.state.signedIn) element('status').textContent = 'Signed out'
  show('signin', !pullsign.state.signedIn)
})
pullsign.on('success', async () => {
  element('status').textContent =
    `Signed in as ${await pullsign.user.account} (${await pullsign.user.name})`
  show('signin', false)
  show('logout', true)
})
pullsign.on('loggedout', () => {
  element('status').textContent = 'Signed out'
  show('signin', true)
  show('logout', false)
})
element('signin').onclick = () => void pullsign.authorize().catch(() => {})
element('logout').onclick = () => void pullsign.logout()
