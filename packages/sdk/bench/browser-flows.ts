/**
 * The browser flows in Debian Chromium against the reference server, with the script-tag build
 * of the sources:
 * - the xApp bridge round trip: `pullsign.xapp.scanQr()` in an xApp framed by the host
 *   simulator page, answered by the host as soon as the command arrives, timed in the xApp from
 *   the call to the settled promise (command → answer). Baseline in the same page, taking turns:
 *   the same command posted bare (no SDK) until its answer arrives; and, for scale, the host's
 *   `XAPP_PROXY_INIT` → `XAPP_PROXY_INIT_ACK` handshake, which it answers without DOM work.
 * - the popup sign-in: click on "Sign in" → the page hears `success` (PKCE, the popup's sign
 *   page, the code exchange), each in a fresh browser context.
 * Both are reported (median, p90); they have no goal.
 *
 * Run: node --import tsx bench/browser-flows.ts   (Chromium: see scripts/chromium.ts)
 *      `--quick`: a few of each, so the smoke test can show it still runs.
 */
import { type Browser, chromium, type Frame, type Page } from 'playwright'
import { chromiumArgs, requireChromium } from '../../../scripts/chromium'
import { startReference } from '../test/contract/reference'
import { startSignInSite } from '../test/e2e/sign-in-site'
import { startSdkXappSite } from '../test/xapp/xapp-page'
import { median, percentile } from './stats'

const quick = process.argv.includes('--quick')
const BRIDGE_CALLS = quick ? 5 : 201
const WARM_UP = quick ? 3 : 30
const SIGN_INS = quick ? 1 : 11

const p90 = (values: number[]) => percentile(values, 0.9)
const ms = (value: number) => `${value.toFixed(2)} ms`

const HOST_ANSWERS_SCAN = `window.addEventListener('message', (event) => {
  if (typeof event.data !== 'string' || !event.data.includes('"scanQr"')) return
  const input = document.getElementById('qr')
  input.value = 'bench'
  input.form.requestSubmit()
})`

// window.roundTrip(kind) in the xApp: one timed round trip, in ms: the SDK's scanQr, the same
// command as a bare postMessage, or the handshake (answered by the host without any DOM work).
const XAPP_ROUND_TRIP = `window.roundTrip = async (kind) => {
  const start = performance.now()
  if (kind === 'sdk') {
    const answer = await window.pullsign.xapp.scanQr()
    if (answer.qrContents !== 'bench') throw new Error('the host answered something else')
  } else if (kind === 'bare') {
    await new Promise((resolve) => {
      const listen = (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('"qrContents":"bench"')) return
        window.removeEventListener('message', listen)
        resolve()
      }
      window.addEventListener('message', listen)
      window.parent.postMessage(JSON.stringify({ command: 'scanQr' }), '*')
    })
  } else {
    await new Promise((resolve) => {
      const listen = (event) => {
        if (event.data !== 'XAPP_PROXY_INIT_ACK') return
        window.removeEventListener('message', listen)
        resolve()
      }
      window.addEventListener('message', listen)
      window.parent.postMessage('XAPP_PROXY_INIT', '*')
    })
  }
  return performance.now() - start
}`

/** The xApp framed by the host simulator, with a host that answers `scanQr` at once. */
async function openXapp(
  browser: Browser,
): Promise<{ page: Page; frame: Frame; close(): Promise<void> }> {
  const [ref, site] = await Promise.all([startReference(), startSdkXappSite()])
  const uuid = crypto.randomUUID()
  const url = `${site.base}/xapp?api=${encodeURIComponent(ref.endpoints.api)}&key=${uuid}`
  const app = ref.server.platform.applications.create({ uuid, name: 'Bench xApp', xapp: { url } })
  const { hostUrl } = ref.server.platform.xapps.launch({
    application: app.uuid,
    user: ref.alice.uuid,
  })
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(hostUrl)
  // Registered after the host page's own listener: that one shows the scan form, this one
  // submits it in the same task, as a person who had the QR ready would. (Page code is sent as
  // source: tsx would wrap named functions in a helper the page does not have.)
  await page.evaluate(HOST_ANSWERS_SCAN)
  const frame = await (await page.locator('#xapp').elementHandle())?.contentFrame()
  if (!frame) throw new Error('the host page has no xApp frame')
  await frame.waitForFunction('window.events.includes("ready")')
  await frame.evaluate(XAPP_ROUND_TRIP)
  return {
    page,
    frame,
    close: async () => {
      await page.close()
      await ref.server.close()
      await site.close()
    },
  }
}

type RoundTrip = 'sdk' | 'bare' | 'handshake'

async function bridgeRoundTrips(browser: Browser): Promise<Record<RoundTrip, number[]>> {
  const xapp = await openXapp(browser)
  const times: Record<RoundTrip, number[]> = { sdk: [], bare: [], handshake: [] }
  const kinds = Object.keys(times) as RoundTrip[]
  const time = (kind: RoundTrip) =>
    xapp.frame.evaluate(`window.roundTrip('${kind}')`) as Promise<number>
  for (let i = 0; i < WARM_UP; i++) await time(kinds[i % 3] as RoundTrip) // warm-up
  for (let i = 0; i < BRIDGE_CALLS; i++) {
    for (const kind of kinds) times[kind].push(await time(kind))
  }
  await xapp.close()
  return times
}

/** Where a popup sign-in's time goes, in ms (Node's clock, and the page's resource timing). */
type Phase = 'window open' | 'sign page load' | 'signing and return page' | 'after the popup closed'
type Exchange = 'code exchange (/token)'

async function popupSignIns() {
  const site = await startSignInSite()
  const times: number[] = []
  const phases: Record<Phase | Exchange, number[]> = {
    'window open': [],
    'sign page load': [],
    'signing and return page': [],
    'after the popup closed': [],
    'code exchange (/token)': [],
  }
  for (let i = 0; i < SIGN_INS; i++) {
    const { page, context } = await site.openApp()
    await page.waitForFunction('window.__events.includes("ready")')
    const clicked = performance.now()
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#signin')])
    const opened = performance.now()
    await popup.waitForLoadState()
    const loaded = performance.now()
    const closing = popup.waitForEvent('close')
    await site.signOnSignPage(popup)
    await closing
    const closed = performance.now()
    const outcome = await page.waitForFunction(`window.__failure
      ? { failed: JSON.stringify(window.__failure) }
      : window.__successAt === undefined ? null : { ms: window.__successAt - window.__clickAt }`)
    const done = performance.now()
    const result = (await outcome.jsonValue()) as { ms?: number; failed?: string }
    if (result.ms === undefined) throw new Error(`sign-in failed: ${result.failed}`)
    times.push(result.ms)
    phases['window open'].push(opened - clicked)
    phases['sign page load'].push(loaded - opened)
    phases['signing and return page'].push(closed - loaded)
    phases['after the popup closed'].push(done - closed)
    const calls = (await page.evaluate(`performance.getEntriesByType('resource')
      .map((e) => [new URL(e.name).pathname, e.duration])`)) as [string, number][]
    for (const [path, duration] of calls) {
      if (path.endsWith('/token')) phases['code exchange (/token)'].push(duration)
    }
    await context.close()
  }
  await site.close()
  return { times, phases }
}

const browser = await chromium.launch({ executablePath: requireChromium(), args: chromiumArgs })
try {
  const bridge = await bridgeRoundTrips(browser)
  const line = (name: string, values: number[]) =>
    console.log(`  ${name}: median ${ms(median(values))}, p90 ${ms(p90(values))}`)
  console.log(`xApp bridge, ${BRIDGE_CALLS} round trips each, taking turns, in Chromium`)
  line('pullsign.xapp.scanQr() → answer', bridge.sdk)
  line('baseline: the same command as a bare postMessage → answer', bridge.bare)
  line("the host's handshake alone, XAPP_PROXY_INIT → ACK (no DOM work)", bridge.handshake)
  console.log(`  ratio pullsign / bare: ${(median(bridge.sdk) / median(bridge.bare)).toFixed(2)}`)
  const signIns = await popupSignIns()
  console.log(`popup sign-in, click → success, ${SIGN_INS} sign-ins, each in a new context`)
  line('popup sign-in', signIns.times)
  console.log('  by phase (Node clock around the popup; /token from the page):')
  for (const [phase, values] of Object.entries(signIns.phases)) line(`  ${phase}`, values)
  console.log('    (/userinfo is not on the way to `success`: authorize() asks it after the event)')
} finally {
  await browser.close()
}
