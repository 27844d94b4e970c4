import { describe, expect, it } from 'vitest'
import { PAYMENT, useE2e } from '../../e2e-setup'

const env = useE2e()

describe('dashboard actions in Chromium (through the control API)', { timeout: 30_000 }, () => {
  it('answers a payload from its row as the user chosen in the actions card', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const row = page.locator(`tr[data-payload="${created.uuid}"]`)
    await page.selectOption('#act-user', { label: 'Bob' })
    await row.getByRole('button', { name: 'Sign' }).click()
    await expect.poll(() => row.getAttribute('data-state')).toBe('signed')
    expect(await page.locator('#action-result').textContent()).toBe(
      `Payload ${created.uuid.slice(0, 8)}… signed as Bob.`,
    )
    expect(await row.getByRole('button').count()).toBe(0)
    const record = await e.fetchRecord(created.uuid)
    expect(e.t.bob.accounts.map((a) => a.address)).toContain(record.response.account)

    const other = await e.createPayload({ txjson: PAYMENT })
    const next = page.locator(`tr[data-payload="${other.uuid}"]`)
    await next.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => next.getAttribute('data-state')).toBe('rejected')
    expect(errors).toEqual([])
    await page.close()
  })

  it('adds a user and an application, and the lists follow', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    await page.fill('#user-name', 'Carol')
    await page.getByRole('button', { name: 'Add user' }).click()
    await expect.poll(() => page.locator('#action-result').textContent()).toBe('Added user Carol.')
    await expect.poll(() => page.locator('#users h3').allTextContents()).toContain('Carol')
    await expect.poll(() => page.locator('#act-user option').allTextContents()).toContain('Carol')
    expect(await page.inputValue('#user-name')).toBe('')

    await page.fill('#application-name', 'Tea shop')
    await page.fill('#application-webhook', 'http://127.0.0.1:9/hook')
    await page.getByRole('button', { name: 'Add application' }).click()
    await expect
      .poll(() => page.locator('#applications h3').allTextContents())
      .toContain('Tea shop')
    const app = e.t.server.platform.applications.list().find((a) => a.name === 'Tea shop')
    expect(app?.webhookUrl).toBe('http://127.0.0.1:9/hook')
    expect(errors).toEqual([])
    await page.close()
  })

  it('adds an application with redirect URIs and an xApp URL, and Launch opens its xApp', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    await page.fill('#application-name', 'Arcade')
    await page
      .getByRole('textbox', { name: /^Redirect URIs/ })
      .first()
      .fill('http://127.0.0.1:4000/callback\n\n  http://localhost:4000/callback  \n')
    await page
      .getByRole('textbox', { name: /^xApp URL/ })
      .first()
      .fill('/__ref/demo-xapp')
    await page.getByRole('button', { name: 'Add application' }).click()
    await expect
      .poll(() => page.locator('#action-result').textContent())
      .toBe('Added application Arcade.')
    const app = e.t.server.platform.applications.list().find((a) => a.name === 'Arcade')
    expect(app?.redirectUris).toEqual([
      'http://127.0.0.1:4000/callback',
      'http://localhost:4000/callback',
    ])
    expect(app?.xapp?.url).toBe('/__ref/demo-xapp')
    expect(await page.inputValue('#application-redirect-uris')).toBe('')
    // the edit form offers it too, filled from its settings when chosen
    await expect
      .poll(() => page.locator('#edit-application-uuid option').allTextContents())
      .toContain('Arcade')
    await page.selectOption('#edit-application-uuid', { label: 'Arcade' })
    expect(await page.inputValue('#edit-application-redirect-uris')).toBe(
      'http://127.0.0.1:4000/callback\nhttp://localhost:4000/callback',
    )
    expect(await page.inputValue('#edit-application-xapp')).toBe('/__ref/demo-xapp')
    await page.getByRole('button', { name: 'Launch Arcade as Alice' }).click()
    await page.waitForURL(/\/__ref\/xapp-host\//)
    const frame = page.frameLocator('#xapp')
    await expect.poll(() => frame.locator('#context-application').textContent()).toBe('Arcade')
    expect(errors).toEqual([])
    await page.close()
  })

  it('saves an application’s redirect URIs, webhook and xApp with PATCH, and the form shows them', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const shop = e.t.server.platform.applications.list()[0]
    if (!shop) throw new Error('the e2e server has an application')
    await page.selectOption('#edit-application-uuid', shop.uuid)
    await page.fill('#edit-application-redirect-uris', 'http://127.0.0.1:5000/back\nmyapp://signin')
    await page.fill('#edit-application-webhook', 'http://127.0.0.1:5000/hook')
    await page.fill('#edit-application-xapp', 'http://127.0.0.1:5000/xapp')
    await page.getByRole('button', { name: 'Save application' }).click()
    await expect
      .poll(() => page.locator('#action-result').textContent())
      .toBe(`Saved application ${shop.name}.`)
    const saved = e.t.server.platform.applications.get(shop.uuid)
    expect(saved.redirectUris).toEqual(['http://127.0.0.1:5000/back', 'myapp://signin'])
    expect(saved.webhookUrl).toBe('http://127.0.0.1:5000/hook')
    expect(saved.xapp?.url).toBe('http://127.0.0.1:5000/xapp')
    // a refused value (a javascript: redirect URI) names the field and changes nothing
    await page.fill('#edit-application-redirect-uris', 'javascript:alert(1)')
    await page.getByRole('button', { name: 'Save application' }).click()
    await expect.poll(() => page.locator('#action-result').textContent()).toContain('redirectUris')
    expect(e.t.server.platform.applications.get(shop.uuid).redirectUris).toEqual([
      'http://127.0.0.1:5000/back',
      'myapp://signin',
    ])
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the control API’s refusal, naming the field, and changes nothing', async () => {
    const e = env()
    const { page } = await e.openPage(`${e.t.endpoints.api}/`)
    const before = e.t.server.platform.applications.list().length
    // The browser's own checks are lifted, so the server's validation is what answers.
    await page.locator('#add-application').evaluate((form: HTMLFormElement) => {
      form.noValidate = true
    })
    await page.fill('#application-name', 'Bad hook')
    await page.fill('#application-webhook', 'not a url')
    await page.getByRole('button', { name: 'Add application' }).click()
    await expect.poll(() => page.locator('#action-result').getAttribute('data-state')).toBe('error')
    expect(await page.locator('#action-result').textContent()).toMatch(/webhookUrl.*\(code 600\)/)
    expect(e.t.server.platform.applications.list()).toHaveLength(before)
    await page.close()
  })

  it('on a 390 px phone: no stray labels, tables scroll inside their card, rows stay one line', async () => {
    const e = env()
    for (let i = 0; i < 3; i++) {
      await e.createPayload({
        txjson: PAYMENT,
        custom_meta: { instruction: `Order ${i} for table 4, please be quick` },
      })
    }
    const { page } = await e.openPage(`${e.t.endpoints.api}/`)
    const layout = await page.evaluate(() => {
      const doc = document.documentElement
      const wraps = [...document.querySelectorAll<HTMLElement>('.table-wrap')].map((wrap) => {
        const card = wrap.closest('.card')?.getBoundingClientRect()
        const box = wrap.getBoundingClientRect()
        return {
          id: wrap.closest('section')?.id,
          inside: !!card && box.left >= card.left && box.right <= card.right,
          scrolls: wrap.scrollWidth > wrap.clientWidth,
        }
      })
      const rows = [...document.querySelectorAll('#payloads tr[data-payload]')].map(
        (row) => row.getBoundingClientRect().height,
      )
      const stray = [...document.querySelectorAll('main > *')].filter(
        (element) => !element.classList.contains('card'),
      )
      return {
        pageScrolls: doc.scrollWidth > doc.clientWidth,
        wraps,
        tallestRow: Math.max(...rows),
        stray: stray.map((element) => element.outerHTML.slice(0, 80)),
      }
    })
    expect(layout.pageScrolls).toBe(false)
    expect(layout.stray).toEqual([])
    expect(layout.wraps.every((wrap) => wrap.inside)).toBe(true)
    expect(layout.wraps.find((wrap) => wrap.id === 'payloads')?.scrolls).toBe(true)
    // Two text lines (uuid + instruction) and buttons; a cell broken letter by letter is far taller.
    expect(layout.tallestRow).toBeLessThan(90)
    await page.close()
  })
  // Last: the reset drops the E2E shop the other tests create payloads with.
  it('advances the clock and shows the offset, then resets to the start fixtures', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    expect(Number(await page.locator('#clock-offset').getAttribute('data-seconds'))).toBe(0)
    await page.fill('#advance-seconds', '3600')
    await page.getByRole('button', { name: 'Advance' }).click()
    await expect.poll(() => page.locator('#clock-offset').getAttribute('data-seconds')).toBe('3600')
    expect(await page.locator('#clock-offset').textContent()).toBe('+3600 s from real time')
    expect(await page.locator('#action-result').textContent()).toMatch(/^Clock advanced/)

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect
      .poll(() => page.locator('#action-result').textContent())
      .toBe('Reset to the start fixtures.')
    await expect.poll(() => page.locator('#payloads tr[data-payload]').count()).toBe(0)
    expect(e.t.server.platform.payloads.size).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })
})
