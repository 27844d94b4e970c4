import type { Frame, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../../../src/control-api-types'
import { okJson } from '../../../server/test-server'
import { PAYMENT, useE2e } from '../../e2e-setup'
import { startXappSite } from '../../xapp-site'

const env = useE2e()
let site: Awaited<ReturnType<typeof startXappSite>>
let game: RefApplication

beforeAll(async () => {
  site = await startXappSite()
  const e = env()
  const uuid = crypto.randomUUID()
  const url = `${site.base}/xapp?api=${encodeURIComponent(e.t.endpoints.api)}&key=${uuid}`
  game = (await okJson(
    await e.t.control('applications', { uuid, name: 'Game', xapp: { url } }),
  )) as RefApplication
})
afterAll(() => site?.close())

/** Launches the test xApp for Alice and opens its host page; resolves once the bridge is up. */
async function openHost(
  style = 'DARK',
): Promise<{ page: Page; frame: Frame; errors: string[]; ott: string }> {
  const e = env()
  const launch = await okJson(
    await e.t.control('xapps/launch', { application: game.uuid, user: e.t.alice.uuid, style }),
  )
  expect(launch.hostUrl).toBe(`${e.t.endpoints.api}/__ref/xapp-host/${launch.ott}`)
  const { page, errors } = await e.openPage(launch.hostUrl)
  const frame = await frameOf(page)
  await expect
    .poll(() => frame.evaluate(() => (window as unknown as { acked: boolean }).acked))
    .toBe(true)
  return { page, frame, errors, ott: launch.ott }
}

async function frameOf(page: Page): Promise<Frame> {
  await page.locator('#xapp').waitFor()
  const handle = await page.locator('#xapp').elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('the host page has no xApp frame')
  await frame.waitForLoadState()
  return frame
}

const send = (frame: Frame, command: unknown) =>
  frame.evaluate((c) => (window as unknown as { send(c: unknown): void }).send(c), command)

const received = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { received: Array<Record<string, unknown>> }).received)

const logged = (page: Page, kind: string, name: string) =>
  page.locator(`#log li[data-${kind}="${name}"]`).count()

describe('xApp host simulator in Chromium (docs/protocol.md §7.2)', { timeout: 30_000 }, () => {
  it('frames the xApp, answers the proxy handshake, and the xApp exchanges its OTT across origins', async () => {
    const { page, frame, errors } = await openHost('DARK')
    expect(await logged(page, 'command', 'XAPP_PROXY_INIT')).toBe(1)
    await expect
      .poll(() => frame.locator('#auth').textContent())
      .toBe(`authorized as ${env().t.alice.accounts[0]?.address}`)
    expect(await page.locator('.xapp-host').getAttribute('data-style')).toBe('DARK')
    // phone-sized: nothing wider than the 390 px window
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const median = await frame.evaluate(() =>
      (window as unknown as { measure(n: number): Promise<number> }).measure(51),
    )
    console.log(`bridge round trip XAPP_PROXY_INIT -> ACK, median of 51: ${median.toFixed(2)} ms`)
    expect(errors).toEqual([])
    await page.close()
  })

  it('openSignRequest: Sign signs as the launched user and answers payloadResolved SIGNED; Reject DECLINED', async () => {
    const e = env()
    const { page, frame, errors } = await openHost()
    const auth = { 'x-api-key': game.apiKey, 'x-api-secret': game.apiSecret }
    const create = async () =>
      okJson(await e.t.api('payload', { json: { txjson: PAYMENT }, headers: auth }))
    const first = await create()
    await send(frame, { command: 'openSignRequest', uuid: first.uuid })
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect
      .poll(() => received(frame))
      .toEqual([{ method: 'payloadResolved', reason: 'SIGNED', uuid: first.uuid }])
    const record = await okJson(await e.t.api(`payload/${first.uuid}`, { headers: auth }))
    expect(record.meta).toMatchObject({ resolved: true, signed: true })
    expect(record.response.account).toBe(e.t.alice.accounts[0]?.address)

    const second = await create()
    await send(frame, { command: 'openSignRequest', uuid: second.uuid })
    await page.getByRole('button', { name: 'Reject' }).click()
    await expect
      .poll(async () => (await received(frame)).at(-1))
      .toEqual({
        method: 'payloadResolved',
        reason: 'DECLINED',
        uuid: second.uuid,
      })
    expect(errors).toEqual([])
    await page.close()
  })

  it('scanQr, selectDestination and Switch network answer with their result events', async () => {
    const { page, frame } = await openHost()
    await send(frame, { command: 'scanQr' })
    await page.getByRole('textbox', { name: 'QR contents' }).fill('xrpl:rPEPPER?amount=1')
    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    await send(frame, { command: 'selectDestination' })
    await page.getByRole('textbox', { name: 'Destination address' }).fill('nope')
    await page.getByRole('button', { name: 'Select destination' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('classic address')
    await page.getByRole('textbox', { name: 'Destination address' }).fill(PAYMENT.Destination)
    await page.getByRole('textbox', { name: 'Destination tag (optional)' }).fill('42')
    await page.getByRole('button', { name: 'Select destination' }).click()
    await page.getByRole('combobox', { name: 'Network' }).selectOption('TESTNET')
    await page.getByRole('button', { name: 'Switch network' }).click()
    await expect
      .poll(() => received(frame))
      .toEqual([
        { method: 'scanQr', qrContents: 'xrpl:rPEPPER?amount=1', reason: 'SCANNED' },
        {
          method: 'selectDestination',
          destination: { address: PAYMENT.Destination, tag: 42, name: null },
          info: expect.objectContaining({ account: PAYMENT.Destination }),
          reason: 'SELECTED',
        },
        { method: 'networkSwitch', network: 'TESTNET' },
      ])
    await page.close()
  })

  it('shows openBrowser and close as events; Close xApp closes the frame', async () => {
    const { page, frame } = await openHost()
    await send(frame, { command: 'openBrowser', url: 'https://example.com/docs' })
    await expect
      .poll(() => page.locator('#log li[data-event="openBrowser"]').textContent())
      .toContain('https://example.com/docs')
    await send(frame, { command: 'close', refreshEvents: true })
    await expect.poll(() => logged(page, 'event', 'close')).toBe(1)
    expect(await page.locator('#xapp').isHidden()).toBe(true)
    expect(await page.getByRole('status').textContent()).toBe('The xApp closed itself.')
    await page.close()

    const again = await openHost()
    await again.page.getByRole('button', { name: 'Close xApp' }).click()
    expect(await again.page.locator('#xapp').isHidden()).toBe(true)
    await again.page.close()
  })

  it('ignores what is not a known command with valid arguments, and messages not from the xApp', async () => {
    const { page, frame, errors } = await openHost()
    const bad: unknown[] = [
      'not json',
      '{"command":"selfDestruct"}',
      '[1,2]',
      { command: 'openSignRequest', uuid: '../../__ref/reset' },
      { command: 'openBrowser', url: 'http://plain.example' },
      { command: 'openBrowser', url: 'javascript:alert(1)' },
      { command: 'close', refreshEvents: 'yes' },
    ]
    for (const message of bad) await send(frame, message)
    // an object, not a string
    await frame.evaluate(() => window.parent.postMessage({ command: 'scanQr' }, '*'))
    // the host page's own window is not the xApp
    await page.evaluate(() => window.postMessage(JSON.stringify({ command: 'scanQr' }), '*'))
    await expect.poll(() => page.locator('#log li[data-ignored]').count()).toBe(bad.length + 1)
    expect(await page.locator('#log li[data-command]').count()).toBe(1) // the handshake only
    expect(await page.locator('#request').isHidden()).toBe(true)
    expect(await page.locator('#scan').isHidden()).toBe(true)
    expect(await received(frame)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('the dashboard lists the xApp with a Launch button per user that opens the host page', async () => {
    const e = env()
    const { page } = await e.openPage(`${e.t.endpoints.api}/`)
    const item = page.locator(`[data-xapp="${game.uuid}"]`)
    expect(await item.locator('h3').textContent()).toBe('Game')
    expect(await item.getByRole('button', { name: /^Launch Game as / }).count()).toBe(
      e.t.server.platform.users.list().length,
    )
    await item.getByRole('button', { name: 'Launch Game as Bob' }).click()
    await page.waitForURL(/\/__ref\/xapp-host\//)
    const frame = await frameOf(page)
    await expect
      .poll(() => frame.locator('#auth').textContent())
      .toBe(`authorized as ${e.t.bob.accounts[0]?.address}`)
    await page.close()
  })
})

describe('xApp host page as a person sees it', { timeout: 30_000 }, () => {
  it('each xAppStyle colours the whole page, not only the frame', async () => {
    const backgrounds = {
      LIGHT: 'rgb(244, 245, 247)',
      DARK: 'rgb(0, 0, 0)',
      MOONLIGHT: 'rgb(24, 26, 33)',
      ROYAL: 'rgb(3, 11, 54)',
    }
    for (const [style, background] of Object.entries(backgrounds)) {
      const { page } = await openHost(style)
      const seen = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        nav: getComputedStyle(document.querySelector('nav') ?? document.body).color,
        text: getComputedStyle(document.body).color,
      }))
      expect(seen.body, style).toBe(background)
      // the text outside the frame is in the theme's colour too (light on dark themes)
      expect(seen.nav, style).toBe(seen.text)
      await page.close()
    }
  })

  it('the bridge log keeps its newest entry in view', async () => {
    const { page, frame } = await openHost()
    for (let i = 0; i < 40; i++) {
      await send(frame, { command: 'openBrowser', url: `https://example.com/page-${i}` })
    }
    // the handshake, then each command and its event
    await expect.poll(() => page.locator('#log li').count()).toBe(81)
    expect(await page.locator('#log li').last().textContent()).toContain('page-39')
    const log = await page.locator('#log').evaluate((el) => ({
      scrollTop: el.scrollTop,
      clientHeight: el.clientHeight,
      scrollHeight: el.scrollHeight,
    }))
    expect(log.scrollHeight, 'the log should overflow its box').toBeGreaterThan(log.clientHeight)
    expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1)
    expect(await page.locator('#log li').last().isVisible()).toBe(true)
    await page.close()
  })

  it('closing the xApp clears the destination picker and its error', async () => {
    const { page, frame } = await openHost()
    await send(frame, { command: 'selectDestination' })
    await page.getByRole('textbox', { name: 'Destination address' }).fill('nope')
    await page.getByRole('button', { name: 'Select destination' }).click()
    await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Close xApp' }).click()
    expect(await page.locator('#error').isHidden()).toBe(true)
    expect(await page.locator('#destination').isHidden()).toBe(true)
    expect(await page.getByRole('button', { name: 'Launch again' }).isVisible()).toBe(true)
    await page.close()
  })

  it('says when the OTT is refused (already used, expired) and Launch again opens a new launch', async () => {
    const e = env()
    const { page, ott } = await openHost('ROYAL')
    expect(await page.locator('#refused').count()).toBe(0)
    // a reload frames the xApp again with the OTT it already exchanged
    await page.reload()
    const refused = page.getByRole('alert')
    expect(await refused.textContent()).toContain('already exchanged')
    await page.getByRole('button', { name: 'Launch again' }).click()
    await page.waitForURL(
      (url) => url.pathname.startsWith('/__ref/xapp-host/') && !url.pathname.endsWith(ott),
    )
    const frame = await frameOf(page)
    await expect
      .poll(() => frame.locator('#auth').textContent())
      .toBe(`authorized as ${e.t.alice.accounts[0]?.address}`)
    expect(await page.locator('.xapp-host').getAttribute('data-style')).toBe('ROYAL')
    expect(await page.locator('#refused').count()).toBe(0)
    await page.close()

    const late = await okJson(
      await e.t.control('xapps/launch', { application: game.uuid, user: e.t.bob.uuid }),
    )
    await e.t.control('clock/advance', { seconds: 61 })
    const expired = await e.openPage(late.hostUrl)
    expect(await expired.page.getByRole('alert').textContent()).toContain('expired')
    expect(await expired.page.getByRole('button', { name: 'Launch again' }).isVisible()).toBe(true)
    await expired.page.close()
  })
})

describe('xApp host page refusals', () => {
  it('an unknown OTT is a 404 page; another origin gets 403', async () => {
    const e = env()
    const unknown = await fetch(`${e.t.endpoints.api}/__ref/xapp-host/${crypto.randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('no xApp launch')
    const foreign = await fetch(`${e.t.endpoints.api}/__ref/xapp-host`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `application=${game.uuid}&user=${e.t.alice.uuid}`,
    })
    expect(foreign.status).toBe(403)
  })
})
