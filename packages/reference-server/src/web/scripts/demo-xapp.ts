import type * as Sdk from 'pullsign'
import { byId, readPageData } from './page-data'

/** The demo xApp's data block (web/pages/demo-xapp/demo-xapp-page.ts). */
export interface DemoXappData {
  /** `{api}`: where the SDK exchanges the OTT and creates payloads. */
  api: string
  /** The launched application's API key (public), or null when no launch has this OTT. */
  apiKey: string | null
}

// The demo xApp (docs/protocol.md §10 `/__ref/demo-xapp`): the script-tag SDK's xApp runtime
// (`window.PullSign`, loaded by the page before this script) exchanges the launch's OTT, the page
// shows the launch context, and "Sign in" creates a SignIn payload with the xApp's JWT and asks
// the wallet to open it, as a real xApp without a backend can. Text goes in with `textContent`.
const data = readPageData<DemoXappData>()
const status = byId('status')
const signIn = byId<HTMLButtonElement>('sign-in')
const outcome = byId('outcome')

function say(element: HTMLElement, text: string, state: string): void {
  element.textContent = text
  element.setAttribute('data-state', state)
}
function show(field: string, value: string): void {
  byId(`context-${field}`).textContent = value
}

function start(sdk: typeof Sdk, apiKey: string): void {
  const pullsign = sdk.createXappClient({ apiKey, endpoints: { api: data.api } })
  pullsign.on('error', (error) =>
    say(status, `The xApp could not start: ${error.message}`, 'error'),
  )
  pullsign.on('ready', (context) => {
    show('user', context.user)
    show('account', context.account)
    show('network', context.nodetype)
    show('style', context.style)
    say(status, 'Ready: the wallet opened this xApp for the user below.', 'ready')
    signIn.disabled = false
    void pullsign.environment.jwt.then((claims) => show('application', claims.app_name))
  })
  signIn.addEventListener('click', async () => {
    signIn.disabled = true
    say(outcome, 'Waiting for the wallet…', 'busy')
    try {
      const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
      const { reason } = await pullsign.xapp.openSignRequest({ uuid: created.uuid })
      say(outcome, `The sign request was ${reason === 'SIGNED' ? 'signed' : 'declined'}.`, reason)
    } catch (error) {
      say(outcome, `The sign request failed: ${(error as Error).message}`, 'error')
    }
    signIn.disabled = false
  })
}

const sdk = (globalThis as { PullSign?: typeof Sdk }).PullSign
if (!sdk) say(status, 'The script-tag SDK did not load (is pullsign built?).', 'error')
else if (!data.apiKey) {
  say(
    status,
    'No xApp launch has this token: open the demo xApp with Launch on the dashboard.',
    'error',
  )
} else start(sdk, data.apiKey)
