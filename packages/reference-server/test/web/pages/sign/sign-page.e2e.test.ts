import { describe, expect, it } from 'vitest'
import { openProbe } from '../../../ws/socket-probe'
import { PAYMENT, useE2e } from '../../e2e-setup'

const env = useE2e()

describe('sign page in Chromium', { timeout: 30_000 }, () => {
  it('names a destination the server knows, and says what live means', async () => {
    const e = env()
    const bob = e.t.bob.accounts[0]?.address ?? ''
    const toBob = await e.createPayload({ txjson: { ...PAYMENT, Destination: bob } })
    const { page, errors } = await e.openPage(toBob.next.always)
    await page.locator('body[data-socket="open"]').waitFor()
    const destination = page.locator('dd[data-field="Destination"]')
    expect(await destination.textContent()).toBe(`${bob} Bob's account`)
    expect(await page.locator('#live').textContent()).toBe('live')
    expect(await page.locator('#live-meaning').textContent()).toContain(
      'the status above changes by itself',
    )
    expect(await page.locator('#live-meaning').isVisible()).toBe(true)
    // an address nobody here holds is shown as it is
    const elsewhere = await e.createPayload({ txjson: PAYMENT })
    await page.goto(elsewhere.next.always)
    expect(await page.locator('dd[data-field="Destination"]').textContent()).toBe(
      PAYMENT.Destination,
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the request, signs as the chosen user and account, and everything agrees', async () => {
    const e = env()
    const created = await e.createPayload({
      txjson: PAYMENT,
      custom_meta: { instruction: 'Pay order 7', identifier: 'e2e-sign' },
    })
    const probe = await openProbe(created.refs.websocket_status)
    const { page, errors } = await e.openPage(created.next.always)
    await page.locator('body[data-socket="open"]').waitFor()

    await expect.poll(() => page.locator('#request h1').textContent()).toBe('Payment')
    expect(await page.locator('dd[data-field="Amount"]').textContent()).toBe('2.5 XRP')
    expect(await page.locator('dd[data-field="DestinationTag"]').textContent()).toBe('7')
    expect(await page.locator('#instruction').textContent()).toBe('Pay order 7')
    expect(await page.locator('#countdown').textContent()).toMatch(/^in \d+ h \d+ min$/)
    // the QR image loads from the QR route and is a real image
    const qrWidth = await page
      .locator('#qr img')
      .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
    expect(qrWidth).toBeGreaterThan(100)

    // picking Bob lists Bob's accounts; sign with his second (secp256k1) account on TESTNET
    await page.selectOption('#user', { label: 'Bob' })
    const bobAccount = e.t.bob.accounts[1]?.address ?? ''
    expect(await page.locator('#account option').allTextContents()).toEqual(
      e.t.bob.accounts.map((a) => `${a.address} (${a.algorithm})`),
    )
    await page.selectOption('#account', bobAccount)
    await page.selectOption('#network', 'TESTNET')
    await page.getByRole('button', { name: 'Sign' }).click()

    await expect.poll(() => page.locator('#status').textContent()).toBe('Signed')
    const record = await e.fetchRecord(created.uuid)
    expect(record.meta).toMatchObject({ resolved: true, signed: true })
    expect(record.response.txid).toMatch(/^[0-9A-F]{64}$/)
    expect(record.response.account).toBe(bobAccount)
    expect(record.response.environment_nodetype).toBe('TESTNET')
    expect(await page.locator('#detail').textContent()).toContain(record.response.txid ?? 'no txid')
    await expect
      .poll(() => page.locator('#detail').textContent())
      .toContain(`Signed by ${bobAccount}`)
    expect(await page.locator('#act').count()).toBe(1)
    expect(await page.locator('#act').isVisible()).toBe(false)

    const messages = [] as Record<string, unknown>[]
    for (;;) {
      const message = await probe.next(5000)
      messages.push(message)
      if ('payload_uuidv4' in message) break
    }
    expect(messages.at(-1)).toMatchObject({
      payload_uuidv4: created.uuid,
      signed: true,
      txid: record.response.txid,
    })
    expect(messages.some((m) => m.opened === true)).toBe(true)
    probe.close()
    expect(errors).toEqual([])

    // the dashboard agrees
    await page.goto(`${e.t.endpoints.api}/`)
    const row = page.locator(`tr[data-payload="${created.uuid}"]`)
    expect(await row.getAttribute('data-state')).toBe('signed')
    expect(await row.textContent()).toContain(record.response.txid ?? 'no txid')
    await page.close()
  })

  it.each([
    ['on this page', 'page'],
    ['elsewhere (control API), learnt by the socket', 'control'],
  ])('signed %s: the QR and countdown go, the outcome links to the transaction', async (_, how) => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const { page, errors } = await e.openPage(created.next.always)
    await page.locator('body[data-socket="open"]').waitFor()
    expect(await page.locator('#qr').isVisible()).toBe(true)
    expect(await page.locator('#countdown').isVisible()).toBe(true)
    if (how === 'page') await page.getByRole('button', { name: 'Sign' }).click()
    else {
      const res = await e.t.control(`payloads/${created.uuid}/sign`, { user: e.t.alice.uuid })
      expect(res.status).toBe(200)
    }
    await expect.poll(() => page.locator('#status').textContent()).toBe('Signed')
    const record = await e.fetchRecord(created.uuid)
    const network = record.response.environment_nodetype ?? 'none'
    const explorer = `${e.t.endpoints.links}/explorer/${network}/${record.response.txid}`
    await expect
      .poll(() => page.locator('#explorer').getAttribute('href', { timeout: 500 }))
      .toBe(explorer)
    expect(await page.locator('#explorer').textContent()).toBe('View the transaction')
    expect(await page.locator('#qr').isVisible()).toBe(false)
    expect(await page.locator('#countdown').isVisible()).toBe(false)
    expect(errors).toEqual([])
    await page.close()
    // Opened again, the page renders the same outcome from the server.
    const again = await e.openPage(created.next.always)
    expect(await again.page.locator('#explorer').getAttribute('href')).toBe(explorer)
    expect(await again.page.locator('#qr').count()).toBe(0)
    expect(await again.page.locator('#countdown').count()).toBe(0)
    await again.page.close()
  })

  it('rejects, and the page, record and socket say rejected', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const probe = await openProbe(created.refs.websocket_status)
    const { page, errors } = await e.openPage(created.next.always)
    await page.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.locator('#status').textContent()).toBe('Rejected')
    const record = await e.fetchRecord(created.uuid)
    expect(record.meta).toMatchObject({ resolved: true, signed: false })
    expect(record.response.txid).toBeNull()
    let message = await probe.next()
    while (!('payload_uuidv4' in message)) message = await probe.next(5000)
    expect(message).toMatchObject({ payload_uuidv4: created.uuid, signed: false })
    probe.close()
    expect(errors).toEqual([])
    await page.close()
  })

  it('follows return_url.web with the placeholders replaced, after the webhook is sent', async () => {
    const e = env()
    const created = await e.createPayload({
      txjson: PAYMENT,
      options: { return_url: { web: `${e.site.base}/done?id={id}&txid={txid}` } },
    })
    const { page, errors } = await e.openPage(created.next.always)
    await page.getByRole('button', { name: 'Sign' }).click()
    await page.waitForURL(`${e.site.base}/done?**`)
    const record = await e.fetchRecord(created.uuid)
    expect(page.url()).toBe(`${e.site.base}/done?id=${created.uuid}&txid=${record.response.txid}`)
    expect(await page.locator('h1').textContent()).toBe('Back at the shop')
    await e.t.server.platform.webhooks.settled()
    expect(e.site.webhooks.map((w) => w.body.payloadResponse)).toContainEqual(
      expect.objectContaining({ payload_uuidv4: created.uuid, signed: true }),
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it('follows return_url.web when the wallet answered before the page loaded', async () => {
    const e = env()
    const created = await e.createPayload({
      txjson: PAYMENT,
      options: { return_url: { web: `${e.site.base}/done?id={id}` } },
    })
    const signed = await e.t.control(`payloads/${created.uuid}/sign`, { user: e.t.bob.uuid })
    expect(signed.status).toBe(200)
    const { page, errors } = await e.openPage(created.next.always)
    await page.waitForURL(`${e.site.base}/done?**`)
    expect(page.url()).toBe(`${e.site.base}/done?id=${created.uuid}`)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the wallet’s refusal and keeps the payload answerable', async () => {
    const e = env()
    const aliceAccount = e.t.alice.accounts[0]?.address ?? ''
    const created = await e.createPayload({ txjson: PAYMENT, options: { signer: aliceAccount } })
    const { page, errors } = await e.openPage(created.next.always)
    // the page preselects the forced signer's holder; Bob holds no such account
    expect(await page.locator('#account').inputValue()).toBe(aliceAccount)
    await page.selectOption('#user', { label: 'Bob' })
    await page.getByRole('button', { name: 'Sign' }).click()
    await expect.poll(() => page.locator('#error').isVisible()).toBe(true)
    expect(await page.locator('#error').textContent()).toMatch(/\(code \d+\)$/)
    expect((await e.fetchRecord(created.uuid)).meta.resolved).toBe(false)
    await page.selectOption('#user', { label: 'Alice' })
    await page.getByRole('button', { name: 'Sign' }).click()
    await expect.poll(() => page.locator('#status').textContent()).toBe('Signed')
    expect(await page.locator('#error').isVisible()).toBe(false)
    expect((await e.fetchRecord(created.uuid)).response.account).toBe(aliceAccount)
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows live that the wallet opened the payload', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const { page } = await e.openPage(created.next.always)
    await page.locator('body[data-socket="open"]').waitFor()
    const res = await e.t.control(`payloads/${created.uuid}/open`, { user: e.t.alice.uuid })
    expect(res.status).toBe(200)
    await expect.poll(() => page.locator('#status').textContent()).toBe('Opened in the wallet')
    await page.close()
  })

  it('an expired payload says so and offers no buttons', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT, options: { expire: 1 } })
    const { page } = await e.openPage(created.next.always)
    await page.locator('body[data-socket="open"]').waitFor()
    const res = await e.t.control('clock/advance', { seconds: 120 })
    expect(res.status).toBe(200)
    // live: the socket's expiry message makes the page ask the server again
    await expect
      .poll(() => page.locator('#status').textContent())
      .toBe('This sign request has expired')
    expect(await page.getByRole('button', { name: 'Sign' }).count()).toBe(0)
    await page.reload()
    expect(await page.locator('#status').textContent()).toBe('This sign request has expired')
    expect(await page.locator('#countdown').count()).toBe(0)
    expect(await page.locator('#qr').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Sign' }).count()).toBe(0)
    await page.close()
  })

  it('the QR variant and an unknown payload', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const { page } = await e.openPage(`${created.next.always}/qr`)
    const order = await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((s) => s.id))
    expect(order.slice(0, 2)).toEqual(['qr', 'outcome'])
    const missing = await page.goto(
      `${e.t.endpoints.api}/sign/00000000-0000-4000-8000-000000000000`,
    )
    expect(missing?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Not found')
    await page.close()
  })

  it('renders hostile instructions as text, never as markup', async () => {
    const e = env()
    const created = await e.createPayload({
      txjson: PAYMENT,
      custom_meta: {
        instruction: '<img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script>',
      },
    })
    const { page, errors } = await e.openPage(created.next.always)
    await page.locator('body[data-socket="open"]').waitFor()
    expect(await page.locator('#instruction').textContent()).toBe(
      '<img src=x onerror="window.__xss=1"></script><script>window.__xss=2</script>',
    )
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    expect(errors).toEqual([])
    await page.close()
  })
})
