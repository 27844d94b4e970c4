import { describe, expect, it } from 'vitest'
import { PAYMENT, useE2e } from '../../e2e-setup'

const env = useE2e()

describe('dashboard on a 1280 px screen', { timeout: 30_000 }, () => {
  it('shows every column of every table without a horizontal scroll', async () => {
    const e = env()
    // a signed payment with a long instruction (txid, account) and its webhook delivery
    const created = await e.createPayload({
      txjson: PAYMENT,
      custom_meta: {
        instruction: 'Pay for order 4711 and the shipping to the warehouse in Rotterdam',
      },
    })
    const res = await e.t.control(`payloads/${created.uuid}/sign`, { user: e.t.alice.uuid })
    expect(res.status).toBe(200)
    await e.t.server.platform.webhooks.settled()
    // its ledger closed: the Ledgers section lists it with the ledger (hash, account, result)
    expect((await e.t.control('ledger/close', {})).status).toBe(200)
    const page = await e.browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${e.t.endpoints.api}/`)
    await page.locator(`tr[data-payload="${created.uuid}"][data-state="signed"]`).waitFor()
    const record = await e.fetchRecord(created.uuid)
    const network = record.response.environment_nodetype
    await page.locator(`tr[data-transaction="${network}:${record.response.txid}"]`).waitFor()
    const overflows = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.table-wrap')]
        .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
        .map((wrap) => `${wrap.closest('section')?.id}: ${wrap.scrollWidth} > ${wrap.clientWidth}`),
    )
    expect(overflows).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    )
    // the whole transaction id is there to read and copy, wrapped inside its column
    const txid = page.locator(`tr[data-payload="${created.uuid}"] code.txid`)
    expect((await txid.textContent())?.length).toBe(64)
    await page.close()
  })
})
