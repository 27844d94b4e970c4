import type { NetworkKey, PayloadRecord } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import type { RefState } from '../../../../src/control-api-types'
import { PAYMENT, useE2e } from '../../e2e-setup'

const env = useE2e()

describe('dashboard in Chromium', { timeout: 30_000 }, () => {
  it('lists a payload signed on its sign page as signed, with its webhook delivery', async () => {
    const e = env()
    const created = await e.createPayload({ txjson: PAYMENT })
    const sign = await e.openPage(created.next.always)
    await sign.page.getByRole('button', { name: 'Sign' }).click()
    await expect.poll(() => sign.page.locator('#status').textContent()).toBe('Signed')
    const record = await e.fetchRecord(created.uuid)
    await e.t.server.platform.webhooks.settled()

    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const row = page.locator(`tr[data-payload="${created.uuid}"]`)
    expect(await row.getAttribute('data-state')).toBe('signed')
    expect(await row.locator('.badge').textContent()).toBe('Signed')
    expect(await row.textContent()).toContain(record.response.txid ?? 'no txid')
    expect(await row.textContent()).toContain('E2E shop')
    const delivery = page.locator(`tr[data-webhook="${created.uuid}"][data-attempt="1"]`)
    expect(await delivery.locator('.badge').textContent()).toBe('delivered')
    // the signer's balance dropped by the amount and the fee on the network it signed on
    const account = record.response.account ?? ''
    const network = record.response.environment_nodetype ?? ''
    const balance = await page
      .locator(`tr[data-account="${account}"] td[data-network="${network}"]`)
      .textContent()
    expect(balance).toMatch(/^\d+(\.\d+)? XRP$/)
    expect(errors).toEqual([])
    await sign.page.close()
    await page.close()
  })

  it('updates live: a new payload appears, then its resolution, without a reload', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const created = await e.createPayload({ txjson: PAYMENT, custom_meta: { instruction: 'live' } })
    const row = page.locator(`tr[data-payload="${created.uuid}"]`)
    await expect.poll(() => row.getAttribute('data-state')).toBe('pending')
    const res = await e.t.control(`payloads/${created.uuid}/reject`, { user: e.t.alice.uuid })
    expect(res.status).toBe(200)
    await expect.poll(() => row.getAttribute('data-state')).toBe('rejected')
    expect(await page.locator('#live').textContent()).toBe('live')
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows a signed payment under its network once the ledger closes, with the node URLs', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const created = await e.createPayload({ txjson: PAYMENT })
    const res = await e.t.control(`payloads/${created.uuid}/sign`, { user: e.t.alice.uuid })
    expect(res.status).toBe(200)
    const { response } = (await res.json()) as PayloadRecord
    const network = response.environment_nodetype ?? ''
    const txid = response.txid ?? ''
    expect(txid).toMatch(/^[0-9A-F]{64}$/)
    const closed = await e.t.control('ledger/close', { network })
    expect(closed.status).toBe(200)

    const card = page.locator(`[data-network-ledger="${network}"]`)
    const row = card.locator(`tr[data-transaction="${network}:${txid}"]`)
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('Payment')
    expect(await row.textContent()).toContain(response.account ?? 'no account')
    expect(await row.locator('.badge').textContent()).toBe('tesSUCCESS')
    const ledgerIndex = Number((await row.locator('td').last().textContent()) ?? '')
    const ledgerRow = card.locator(`tr[data-ledger="${network}:${ledgerIndex}"]`)
    // the ledger's count is its transactions listed below (earlier tests signed into it too)
    const inLedger = await card
      .locator('tr[data-transaction]')
      .evaluateAll(
        (rows, index) => rows.filter((r) => r.lastElementChild?.textContent === index).length,
        String(ledgerIndex),
      )
    expect(await ledgerRow.locator('td.amount').textContent()).toBe(String(inLedger))
    const state = (await (await e.t.control('state')).json()) as RefState
    expect(await card.textContent()).toContain(state.ledger[network as NetworkKey].ws)
    expect(errors).toEqual([])
    await page.close()
  })

  it("lists each network's enabled amendments, and follows a switch (docs/protocol.md §8.10)", async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    const xahau = page.locator('details[data-amendments="XAHAU"]')
    await xahau.locator('summary').click()
    const hooks = xahau.locator('li[data-amendment="Hooks"]')
    expect(await hooks.isVisible()).toBe(true)
    expect(await hooks.textContent()).toContain('not modelled')
    expect(await xahau.locator('li[data-amendment="DeletableAccounts"]').count()).toBe(0)
    const batch = page.locator('details[data-amendments="TESTNET"] li[data-amendment="BatchV1_1"]')
    expect(await batch.count()).toBe(1)
    // Opened, the list stays open while the live refresh swaps the section (a ledger closes).
    const newest = page.locator('[data-network-ledger="XAHAU"] tr[data-ledger]').first()
    const before = await newest.getAttribute('data-ledger')
    expect((await e.t.control('ledger/close', { network: 'XAHAU' })).status).toBe(200)
    await expect.poll(() => newest.getAttribute('data-ledger'), { timeout: 5000 }).not.toBe(before)
    expect(await xahau.getAttribute('open')).toBe('')
    expect(await hooks.isVisible()).toBe(true)
    const res = await e.t.control('ledger/amendments', {
      network: 'TESTNET',
      disable: ['BatchV1_1'],
    })
    expect(res.status).toBe(200)
    await expect.poll(() => batch.count(), { timeout: 5000 }).toBe(0)
    await e.t.control('ledger/amendments', { network: 'TESTNET', profile: 'default' })
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the applications with their credentials and the users with their accounts', async () => {
    const e = env()
    const { page } = await e.openPage(`${e.t.endpoints.api}/`)
    const shop = page.locator(`[data-application="${e.shop.uuid}"]`)
    expect(await shop.textContent()).toContain(e.shop.apiSecret)
    for (const user of [e.t.alice, e.t.bob]) {
      const card = page.locator(`[data-user="${user.uuid}"]`)
      expect(await card.locator('h3').textContent()).toBe(user.name)
      expect(await card.locator('tr[data-account]').count()).toBe(user.accounts.length)
    }
    await page.close()
  })

  it('refuses its live sections to another origin', async () => {
    const e = env()
    const res = await fetch(`${e.t.endpoints.api}/?part=main`, {
      headers: { origin: 'http://evil.example' },
    })
    expect(res.status).toBe(403)
  })
})
