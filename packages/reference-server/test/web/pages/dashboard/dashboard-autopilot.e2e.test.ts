import { describe, expect, it } from 'vitest'
import { PAYMENT, useE2e } from '../../e2e-setup'

const env = useE2e()
const SIGN_IN = { txjson: { TransactionType: 'SignIn' } }

describe('the wallet autopilot on the dashboard, in Chromium', { timeout: 30_000 }, () => {
  it('switches a rule on, shows its answers and skips, switches it off and on, and ends all', async () => {
    const e = env()
    const { server } = e.t
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    await expect
      .poll(() => page.locator('#autopilot').textContent())
      .toContain('No rules: payloads wait for an answer.')

    await page.selectOption('#autopilot-user', { label: 'Bob' })
    await page.fill('#autopilot-after', '0')
    await page.fill('#autopilot-type', 'SignIn')
    await page.getByRole('button', { name: 'Switch on' }).click()
    await expect
      .poll(() => page.locator('#action-result').textContent())
      .toBe('Autopilot: 1 of 1 rule on.')
    expect(server.wallet.autopilotRules()).toEqual([
      {
        user: e.t.bob.uuid,
        answer: 'sign',
        afterMs: 0,
        application: null,
        txType: 'SignIn',
        enabled: true,
      },
    ])
    const row = page.locator('#autopilot tr[data-autopilot="* SignIn"]')
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('true')

    // The server clock fires the due answer at once (no waiting on real time).
    const signed = await e.createPayload(SIGN_IN)
    server.clock.advance(0.001)
    await expect
      .poll(() =>
        page.locator(`tr[data-autopilot-entry="${signed.uuid}"]`).getAttribute('data-outcome'),
      )
      .toBe('signed')
    expect((await e.fetchRecord(signed.uuid)).meta.signed).toBe(true)

    await row.getByRole('button', { name: 'Switch off' }).click()
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('false')
    expect(server.wallet.autopilotRules()[0]?.enabled).toBe(false)
    const waiting = await e.createPayload(SIGN_IN)
    server.clock.advance(0.001)
    expect((await e.fetchRecord(waiting.uuid)).meta.resolved).toBe(false)

    await row.getByRole('button', { name: 'Switch on' }).click()
    await expect.poll(() => row.getAttribute('data-enabled')).toBe('true')

    // A payment (no SignIn: the broader rule answers) Bob cannot answer any more: skipped, the
    // reason on the page.
    server.wallet.autopilot({ user: e.t.bob.uuid, answer: 'sign', afterMs: 60_000 })
    const expired = await e.createPayload({ txjson: PAYMENT, options: { expire: 1 } })
    server.clock.advance(60)
    const skipped = page.locator(`tr[data-autopilot-entry="${expired.uuid}"]`)
    await expect.poll(() => skipped.getAttribute('data-outcome')).toBe('skipped')
    expect(await skipped.textContent()).toContain('expired before it was opened')

    await page.getByRole('button', { name: 'All off' }).click()
    await expect.poll(() => page.locator('#autopilot').textContent()).toContain('No rules')
    expect(server.wallet.autopilotRules()).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the refusal of a bad rule, naming the field, and changes nothing', async () => {
    const e = env()
    e.t.server.wallet.clearAutopilot()
    const { page } = await e.openPage(`${e.t.endpoints.api}/`)
    await page.fill('#autopilot-type', 'Signin')
    await page.getByRole('button', { name: 'Switch on' }).click()
    await expect.poll(() => page.locator('#action-result').getAttribute('data-state')).toBe('error')
    expect(await page.locator('#action-result').textContent()).toMatch(/^txType .*\(code 600\)$/)
    expect(e.t.server.wallet.autopilotRules()).toEqual([])
    await page.close()
  })
})
