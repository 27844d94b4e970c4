import type { Page } from 'playwright'
import { describe, expect, test } from 'vitest'
import { useElementsSite } from './elements-site'

const SLOW = { timeout: 15_000 }
const site = useElementsSite()

/**
 * A shop page with a "Pay" button that opens `<pullsign-dialog>` and waits: `window.outcome` is
 * what `showAndWait` settled with (`{signed}` or `{code}`).
 */
const addPayButton = (page: Page, api: string) =>
  page.evaluate((api) => {
    const w = window as unknown as Record<string, unknown> & {
      checkout: () => Promise<never>
      cancel: (uuid: string) => Promise<unknown>
    }
    const dialog = document.createElement('pullsign-dialog')
    dialog.setAttribute('api', api)
    dialog.cancel = w.cancel
    dialog.clock = w.clock as never
    const pay = document.createElement('button')
    pay.textContent = 'Pay'
    pay.addEventListener('click', () => {
      w.outcome = undefined
      dialog.showAndWait(w.checkout).then(
        (signed) => (w.outcome = { signed }),
        (err: { code: string; name: string }) => (w.outcome = { code: err.code, name: err.name }),
      )
    })
    document.body.append(pay, dialog)
  }, api)
const outcome = (page: Page) =>
  page.evaluate(() => (window as unknown as { outcome?: unknown }).outcome)
const dialogState = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('pullsign-dialog')
    const dialog = host?.shadowRoot?.querySelector('dialog')
    return {
      open: host?.open,
      modal: dialog?.matches(':modal') ?? false,
      state: host?.state,
      focus:
        document.activeElement === host
          ? host?.shadowRoot?.activeElement?.getAttribute('part')
          : document.activeElement?.textContent,
    }
  })
const connected = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelector('pullsign-dialog')?.shadowRoot?.querySelector('[part=countdown]')
              ?.textContent,
        ),
      SLOW,
    )
    .toMatch(/^Expires in/)

describe('<pullsign-dialog> in Chromium against the reference server', { timeout: 60_000 }, () => {
  test('keyboard only: Enter on "Pay" opens it modal (top layer), the focus inside; signed in the wallet, showAndWait resolves, it closes, the focus back on "Pay"', async () => {
    const s = site()
    const { page, context } = await s.open()
    await addPayButton(page, s.endpoints.api)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await connected(page)
    expect(await dialogState(page)).toMatchObject({
      open: true,
      modal: true,
      state: 'waiting',
      focus: 'close-button',
    })
    // The page behind is inert: Tab stays in the dialog.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('pullsign-dialog')
    const uuid = s.created.at(-1) as string
    const record = await s.server.wallet.sign(uuid, { user: s.alice.uuid })
    await expect
      .poll(() => outcome(page), SLOW)
      .toEqual({ signed: { uuid, txid: record.response.txid } })
    expect(await dialogState(page)).toMatchObject({ open: false, modal: false, focus: 'Pay' })
    await context.close()
  })

  test('rejected in the wallet: showAndWait rejects with ERR_REJECTED (a NotSignedError)', async () => {
    const s = site()
    const { page, context } = await s.open()
    await addPayButton(page, s.endpoints.api)
    await page.getByRole('button', { name: 'Pay' }).click()
    await connected(page)
    s.server.wallet.reject(s.created.at(-1) as string, { user: s.alice.uuid })
    await expect
      .poll(() => outcome(page), SLOW)
      .toEqual({ code: 'ERR_REJECTED', name: 'NotSignedError' })
    expect(await dialogState(page)).toMatchObject({ open: false })
    await context.close()
  })

  test('expired unopened: showAndWait rejects with ERR_EXPIRED', async () => {
    const s = site()
    const { page, context } = await s.open({ query: '?expire=1' })
    await addPayButton(page, s.endpoints.api)
    await page.getByRole('button', { name: 'Pay' }).click()
    await connected(page)
    s.server.clock.advance(61)
    await expect
      .poll(() => outcome(page), SLOW)
      .toEqual({ code: 'ERR_EXPIRED', name: 'NotSignedError' })
    await context.close()
  })

  test('Escape closes it: showAndWait rejects with ERR_CANCELLED, the payload is cancelled at the platform, the focus back on "Pay"', async () => {
    const s = site()
    const { page, context } = await s.open()
    await addPayButton(page, s.endpoints.api)
    await page.getByRole('button', { name: 'Pay' }).focus()
    await page.keyboard.press('Enter')
    await connected(page)
    const uuid = s.created.at(-1) as string
    await page.keyboard.press('Escape')
    await expect
      .poll(() => outcome(page), SLOW)
      .toEqual({ code: 'ERR_CANCELLED', name: 'NotSignedError' })
    expect(await dialogState(page)).toMatchObject({ open: false, focus: 'Pay' })
    await expect.poll(() => s.server.platform.payloads.record(uuid).meta.cancelled, SLOW).toBe(true)
    await context.close()
  })
})
