import { describe, expect, it } from 'vitest'
import { okJson } from '../../../server/test-server'
import { useE2e } from '../../e2e-setup'

const env = useE2e()
const ACCOUNT = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'

describe('link pages in Chromium (docs/protocol.md §9.2)', { timeout: 30_000 }, () => {
  it('a payment request page pays through its button, the sign page and the explorer', async () => {
    const e = env()
    const link = `${e.t.endpoints.links}/detect/request:${ACCOUNT}?amount=2.5&dt=9`
    const { page, errors } = await e.openPage(link)
    expect(await page.locator('dd[data-field="amount"]').textContent()).toContain('2.5 XRP')
    await page.getByRole('button', { name: 'Pay with the wallet simulator' }).click()
    await page.waitForURL(/\/sign\/[0-9a-f-]{36}$/)
    await page.getByRole('button', { name: 'Sign' }).click()
    await expect.poll(() => page.locator('#status').textContent()).toBe('Signed')
    const uuid = page.url().split('/').pop() ?? ''
    const record = e.t.server.platform.payloads.record(uuid)
    expect(record.payload.request_json).toMatchObject({
      Destination: ACCOUNT,
      Amount: '2500000',
      DestinationTag: 9,
    })
    const network = record.response.environment_nodetype ?? ''
    e.t.server.platform.ledger.close()
    await page.goto(`${e.t.endpoints.links}/explorer/${network}/${record.response.txid}`)
    expect(await page.locator('dd[data-field="result"]').textContent()).toBe('tesSUCCESS')
    expect(await page.locator('dd[data-field="validated"]').textContent()).toBe('yes')
    expect(errors).toEqual([])
    await page.close()
  })

  it('the explorer wraps long fields inside their boxes, on a phone and on a desktop', async () => {
    const e = env()
    const created = await e.createPayload({
      txjson: {
        TransactionType: 'Payment',
        Destination: ACCOUNT,
        Amount: '1000000',
        Memos: [{ Memo: { MemoData: 'AB'.repeat(200) } }],
      },
    })
    const record = await okJson(
      await e.t.control(`payloads/${created.uuid}/sign`, { user: e.t.alice.uuid }),
    )
    e.t.server.platform.ledger.close()
    const url = `${e.t.endpoints.links}/explorer/${record.response.environment_nodetype}/${record.response.txid}`
    for (const width of [390, 1280]) {
      const page = await e.browser.newPage({ viewport: { width, height: 800 } })
      await page.goto(url)
      const past = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main .card')].flatMap((card) => {
          const box = card.getBoundingClientRect()
          const inner = [...card.querySelectorAll<HTMLElement>('*')]
          return [
            ...inner
              .filter((el) => el.getBoundingClientRect().right > box.right + 0.5)
              .map((el) => `${el.tagName.toLowerCase()}#${el.id} runs past its card`),
            ...[card, ...inner]
              .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
              .map((el) => `${el.tagName.toLowerCase()}#${el.id} scrolls sideways`),
          ]
        }),
      )
      expect(past, `at ${width} px`).toEqual([])
      expect(await page.locator('#transaction-json').textContent()).toContain('AB'.repeat(200))
      await page.close()
    }
  })
})
