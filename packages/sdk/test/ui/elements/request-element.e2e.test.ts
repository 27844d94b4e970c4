import type { Page } from 'playwright'
import { describe, expect, test } from 'vitest'
import { startTcpProxy } from '../../support/tcp-proxy'
import {
  type PageWindow,
  partsInOrder,
  partText,
  strictPolicy,
  useElementsSite,
} from './elements-site'

// A page loads and opens its socket on a busy machine: polls wait up to 15 s. Time itself only
// moves when a test moves a clock (the server's, or the page's).
const SLOW = { timeout: 15_000 }
const site = useElementsSite()
const STATES = ['creating', 'waiting', 'opened', 'signing', 'signed']

/** Adds a `<pullsign-request>` set up by `setup` (run in the page), on the page's manual clock. */
const addPanel = (page: Page, setup: string) =>
  page.evaluate(`(() => {
    const panel = document.createElement('pullsign-request')
    panel.clock = window.clock
    ${setup}
    document.body.append(panel)
  })()`)
const panelState = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('pullsign-request')
    return (
      panel && {
        state: panel.state,
        data: panel.dataset.state,
        custom: panel.matches(`:state(${panel.state})`),
      }
    )
  })
const live = (page: Page) => partText(page, 'pullsign-request', 'status')
const events = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as PageWindow).events.map(({ type, detail }) => ({ type, detail })),
  )
/** Waiting with its socket open (the countdown shows the first expires_in). */
const counting = (page: Page) =>
  expect.poll(() => partText(page, 'pullsign-request', 'countdown'), SLOW).toMatch(/^Expires in/)
const uuidShown = (page: Page) =>
  page.evaluate(() => document.querySelector('pullsign-request')?.store.getSnapshot().uuid ?? null)

describe('<pullsign-request> in Chromium against the reference server', { timeout: 60_000 }, () => {
  test('desktop: the QR code first, drawn from the matrix; waiting → opened → signed, each state reflected and told', async () => {
    const s = site()
    const { page, context, errors } = await s.open({ viewport: { width: 1280, height: 800 } })
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout`,
    )
    await counting(page)
    const uuid = s.created.at(-1) as string
    expect(await partText(page, 'pullsign-request', 'countdown')).toBe('Expires in 5:00')
    expect(await panelState(page)).toEqual({ state: 'waiting', data: 'waiting', custom: true })
    // The matrix arrives from the platform (another origin, CORS): one path of dark runs.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              document
                .querySelector('pullsign-request')
                ?.shadowRoot?.querySelector('svg[part=qr] path')
                ?.getAttribute('d')?.length ?? 0,
          ),
        SLOW,
      )
      .toBeGreaterThan(100)
    const qr = await page.evaluate(() => {
      const svg = document
        .querySelector('pullsign-request')
        ?.shadowRoot?.querySelector('svg[part=qr]')
      return {
        role: svg?.getAttribute('role'),
        label: svg?.getAttribute('aria-label'),
        box: svg?.getAttribute('viewBox'),
      }
    })
    const matrix = (await (
      await fetch(`${s.endpoints.api}/sign/${uuid}_q.json`)
    ).json()) as unknown[]
    expect(qr).toEqual({
      role: 'img',
      label: 'QR code of the sign request',
      box: `0 0 ${matrix.length + 8} ${matrix.length + 8}`,
    })
    const order = await partsInOrder(page, 'pullsign-request')
    expect(order.indexOf('qr')).toBeLessThan(order.indexOf('open-link'))
    expect(
      await page.evaluate(() =>
        document
          .querySelector('pullsign-request')
          ?.shadowRoot?.querySelector('a[part=open-link]')
          ?.getAttribute('href'),
      ),
    ).toBe(`${s.endpoints.api}/sign/${uuid}`)
    expect(await live(page)).toBe(
      'Scan the code with your wallet app, or open the request on this device.',
    )

    s.server.wallet.open(uuid, { user: s.alice.uuid })
    await expect
      .poll(() => panelState(page), SLOW)
      .toEqual({ state: 'opened', data: 'opened', custom: true })
    expect(await live(page)).toBe('Opened in your wallet: review and sign it there.')
    // The countdown stops once opened (an opened payload may be signed after its expiry).
    expect(await partText(page, 'pullsign-request', 'countdown')).toBeNull()
    const record = await s.server.wallet.sign(uuid, { user: s.alice.uuid })
    await expect
      .poll(() => panelState(page), SLOW)
      .toEqual({ state: 'signed', data: 'signed', custom: true })
    expect(await live(page)).toBe('Signed.')
    expect(await partText(page, 'pullsign-request', 'result')).toBe(record.response.txid)
    const told = await events(page)
    const states = told.filter((e) => e.type === 'pullsign-state')
    expect(states.map((e) => (e.detail as { status: string }).status)).toEqual(STATES)
    expect(told.filter((e) => e.type !== 'pullsign-state')).toEqual([
      { type: 'pullsign-created', detail: { uuid, pushed: false } },
      { type: 'pullsign-opened', detail: { uuid } },
      { type: 'pullsign-signed', detail: { uuid, txid: record.response.txid } },
    ])
    expect(errors).toEqual([])
    await context.close()
  })

  test('a phone: the "open in wallet" link first, a real link, then the QR code', async () => {
    const s = site()
    const payload = await s.backend.payload.create({ txjson: { TransactionType: 'SignIn' } })
    const { page, context } = await s.open({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    await addPanel(page, `panel.payload = ${JSON.stringify(payload)}`)
    await counting(page)
    const order = await partsInOrder(page, 'pullsign-request')
    expect(order.indexOf('open-link')).toBeLessThan(order.indexOf('qr'))
    expect(
      await page.evaluate(
        () =>
          document.querySelector('pullsign-request')?.shadowRoot?.querySelector('[part=open-link]')
            ?.localName,
      ),
    ).toBe('a')
    await context.close()
  })

  test('rejected in the wallet: rejected, told, and "try again" makes a new request', async () => {
    const s = site()
    const { page, context } = await s.open()
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout`,
    )
    await counting(page)
    const first = s.created.at(-1) as string
    s.server.wallet.reject(first, { user: s.alice.uuid })
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'rejected' })
    expect(await live(page)).toBe('You declined the request.')
    expect((await events(page)).at(-1)).toEqual({
      type: 'pullsign-rejected',
      detail: { uuid: first },
    })
    await page.locator('pullsign-request').getByRole('button', { name: 'Try again' }).click()
    await counting(page)
    expect(await uuidShown(page)).not.toBe(first)
    expect(await uuidShown(page)).toBe(s.created.at(-1))
    await context.close()
  })

  test('expired unopened (the server clock moved), then renewed through create', async () => {
    const s = site()
    const { page, context } = await s.open({ query: '?expire=1' })
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout`,
    )
    await counting(page)
    const first = s.created.at(-1) as string
    expect(await partText(page, 'pullsign-request', 'countdown')).toBe('Expires in 1:00')
    // Under a minute left: the live region says so once (not every second).
    expect(await live(page)).toBe(
      'Scan the code with your wallet app, or open the request on this device. Less than a minute left.',
    )
    // 50 s pass at the platform: its next `expires_in_seconds` says 10; the page counts on.
    s.server.clock.advance(50)
    await expect
      .poll(() => partText(page, 'pullsign-request', 'countdown'), SLOW)
      .toBe('Expires in 0:10')
    expect(await live(page)).toMatch(/\. Less than 10 seconds left\.$/)
    await page.evaluate(() => (window as unknown as PageWindow).clock.advance(4_000))
    expect(await partText(page, 'pullsign-request', 'countdown')).toBe('Expires in 0:06')
    s.server.clock.advance(11)
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'expired' })
    expect(await live(page)).toBe('The request expired.')
    expect((await events(page)).at(-1)).toEqual({
      type: 'pullsign-expired',
      detail: { uuid: first, renewable: true },
    })
    await page.locator('pullsign-request').getByRole('button', { name: 'New request' }).click()
    await counting(page)
    expect(s.created.length).toBeGreaterThan(s.created.indexOf(first) + 1)
    expect(await uuidShown(page)).toBe(s.created.at(-1))
    await context.close()
  })

  test('cancelled from the panel: the app cancels it at the platform, told as pullsign-cancel', async () => {
    const s = site()
    const { page, context } = await s.open()
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout; panel.cancel = window.cancel`,
    )
    await counting(page)
    const uuid = s.created.at(-1) as string
    await page.locator('pullsign-request').getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'cancelled' })
    expect(s.server.platform.payloads.record(uuid).meta.cancelled).toBe(true)
    expect((await events(page)).at(-1)).toEqual({ type: 'pullsign-cancel', detail: { uuid } })
    await context.close()
  })

  test('an unknown uuid and a bad attribute: error with a code and a sentence, nothing thrown into the page', async () => {
    const s = site()
    const { page, context, errors } = await s.open()
    const unknown = crypto.randomUUID()
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.setAttribute('uuid', '${unknown}')`,
    )
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'error' })
    const alert = page.locator('pullsign-request').getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^This request does not exist\.the platform does not know payload/)
    expect((await events(page)).at(-1)).toMatchObject({
      type: 'pullsign-error',
      detail: { code: 'ERR_UNKNOWN_PAYLOAD' },
    })
    await page.evaluate(() =>
      document.querySelector('pullsign-request')?.setAttribute('uuid', 'not-a-uuid'),
    )
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^The request cannot be shown\.payload must be a UUID/)
    expect((await events(page)).at(-1)).toMatchObject({
      type: 'pullsign-error',
      detail: { code: 'ERR_INPUT' },
    })
    // Only the browser's own log line for the platform's 404: no error thrown into the page.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
    await context.close()
  })

  test('the socket lost and back: "reconnecting…" while away, then the outcome', async () => {
    const s = site()
    const proxy = await startTcpProxy(Number(new URL(s.endpoints.api).port))
    try {
      const payload = await s.backend.payload.create({ txjson: { TransactionType: 'SignIn' } })
      const { page, context } = await s.open()
      await addPanel(
        page,
        `panel.setAttribute('api', '${proxy.url}'); panel.setAttribute('uuid', '${payload.uuid}')`,
      )
      await counting(page)
      await proxy.stop()
      await expect.poll(() => live(page), SLOW).toMatch(/Reconnecting…$/)
      expect(await panelState(page)).toMatchObject({ state: 'waiting' })
      await proxy.start()
      await s.server.wallet.sign(payload.uuid, { user: s.alice.uuid })
      // The reconnect waits on the page's clock: moved, it reconnects and hears the outcome.
      await page.evaluate(() => (window as unknown as PageWindow).clock.advance(60_000))
      await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'signed' })
      expect(await live(page)).toBe('Signed.')
      await context.close()
    } finally {
      await proxy.stop()
    }
  })

  test('coming back from the wallet with the uuid in the URL: that payload, not a new one', async () => {
    const s = site()
    const payload = await s.backend.payload.create({ txjson: { TransactionType: 'SignIn' } })
    await s.server.wallet.sign(payload.uuid, { user: s.alice.uuid })
    const made = s.created.length
    const { page, context } = await s.open({ query: `?pullsign=${payload.uuid}` })
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout`,
    )
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'signed' })
    expect(await uuidShown(page)).toBe(payload.uuid)
    expect(s.created.length).toBe(made)
    await context.close()
  })

  test('pushed to the wallet: "sent to your wallet", and the QR code on asking', async () => {
    const s = site()
    const payload = await s.backend.payload.create({ txjson: { TransactionType: 'SignIn' } })
    const { page, context } = await s.open()
    await addPanel(page, `panel.payload = ${JSON.stringify({ ...payload, pushed: true })}`)
    await counting(page)
    expect(await live(page)).toMatch(/^Sent to your wallet: check your phone\./)
    expect(await partsInOrder(page, 'pullsign-request')).not.toContain('qr')
    await page
      .locator('pullsign-request')
      .getByRole('button', { name: 'Show QR code instead' })
      .click()
    expect(await partsInOrder(page, 'pullsign-request')).toContain('qr')
    await context.close()
  })

  test('keyboard only: tab to the link, copy it, cancel, and start again, the focus kept on a control', async () => {
    const s = site()
    const { page, context } = await s.open({ permissions: ['clipboard-read', 'clipboard-write'] })
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout; panel.cancel = window.cancel`,
    )
    await counting(page)
    const focusedPart = () =>
      page.evaluate(
        () =>
          document
            .querySelector('pullsign-request')
            ?.shadowRoot?.activeElement?.getAttribute('part') ?? null,
      )
    await page.keyboard.press('Tab')
    expect(await focusedPart()).toBe('open-link')
    await page.keyboard.press('Tab')
    expect(await focusedPart()).toBe('copy-button')
    await page.keyboard.press('Enter')
    await expect.poll(() => live(page)).toBe('Link copied.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${s.endpoints.api}/sign/${s.created.at(-1)}`,
    )
    await page.keyboard.press('Tab')
    expect(await focusedPart()).toBe('cancel-button')
    await page.keyboard.press('Enter')
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'cancelled' })
    expect(await focusedPart()).toBe('retry-button')
    await page.keyboard.press('Enter')
    await counting(page)
    expect(await focusedPart()).toBe('open-link')
    await context.close()
  })

  test("text in the page's language: Dutch loaded lazily from lang, Spanish from locale, a key overridden", async () => {
    const s = site()
    const { page, context } = await s.open({ lang: 'nl' })
    const chunks: string[] = []
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname))
    await addPanel(
      page,
      `panel.setAttribute('api', ${JSON.stringify(s.endpoints.api)}); panel.create = window.checkout`,
    )
    await expect
      .poll(() => partText(page, 'pullsign-request', 'open-link'), SLOW)
      .toBe('Openen in wallet')
    expect(chunks.some((path) => /^\/nl-[\w]+\.js$/.test(path))).toBe(true)
    await page.evaluate(() => {
      const panel = document.querySelector('pullsign-request')
      panel?.setAttribute('locale', 'es')
      if (panel) panel.strings = { copy: 'Copiar' }
    })
    await expect
      .poll(() => partText(page, 'pullsign-request', 'open-link'), SLOW)
      .toBe('Abrir en el monedero')
    expect(await partText(page, 'pullsign-request', 'copy-button')).toBe('Copiar')
    await context.close()
  })

  test('a page with a strict CSP (no inline, no eval, no HTML sinks) shows and completes a request', async () => {
    const s = site()
    const { page, context, errors } = await s.open({
      csp: strictPolicy(s.endpoints.api),
      query: `?auto&api=${encodeURIComponent(s.endpoints.api)}`,
    })
    await page.evaluate(() => {
      ;(window as unknown as { violations: string[] }).violations = []
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(e.violatedDirective),
      )
    })
    // The policy holds: an inline style sheet the page adds is refused.
    const inline = await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { color: rgb(1, 2, 3) }'
      document.head.append(style)
      return getComputedStyle(document.body).color
    })
    expect(inline).not.toBe('rgb(1, 2, 3)')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations))
      .toEqual(['style-src-elem'])
    await page.evaluate(() => {
      ;(window as unknown as { violations: string[] }).violations = []
    })
    await counting(page)
    expect(
      await page.evaluate(
        () => document.querySelector('pullsign-request')?.shadowRoot?.adoptedStyleSheets.length,
      ),
    ).toBe(1)
    const panelBackground = await page.evaluate(() => {
      const panel = document
        .querySelector('pullsign-request')
        ?.shadowRoot?.querySelector('[part=panel]')
      return panel && getComputedStyle(panel).borderTopStyle
    })
    expect(panelBackground).toBe('solid')
    await s.server.wallet.sign(s.created.at(-1) as string, { user: s.alice.uuid })
    await expect.poll(() => panelState(page), SLOW).toMatchObject({ state: 'signed' })
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([])
    expect(errors.filter((e) => !e.includes("'unsafe-inline'"))).toEqual([])
    await context.close()
  })
})
