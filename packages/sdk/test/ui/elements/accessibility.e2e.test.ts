import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright'
import { describe, expect, test } from 'vitest'
import { useElementsSite } from './elements-site'

// axe-core, run in the page over the elements' open shadow roots: no serious or critical
// violation in any state, in the light and the dark theme (the system's scheme set to match).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const SLOW = { timeout: 15_000 }
const site = useElementsSite()

interface Finding {
  id: string
  impact: string
  targets: string[]
}

/** axe's serious and critical violations on the page, each with where. */
const audit = (page: Page): Promise<Finding[]> =>
  page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document) => Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
          }>
        }
      }
    ).axe
    const { violations } = await axe.run(document)
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => JSON.stringify(n.target)),
      }))
  })

/** The states of every panel on the page, by its `id`. */
const states = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('pullsign-request')].map((panel) => [panel.id, panel.state]),
    ),
  )

describe('axe-core: no serious or critical violation', { timeout: 90_000 }, () => {
  test.each(['light', 'dark'] as const)(
    '%s theme: every state of the panel, the dialog, the button and the building blocks',
    async (theme) => {
      const s = site()
      const { page, context } = await s.open({
        colorScheme: theme,
        viewport: { width: 1280, height: 2400 },
      })
      await page.addScriptTag({ content: AXE })
      const make = () =>
        s.backend.payload.create({ txjson: { TransactionType: 'SignIn' }, options: { expire: 1 } })
      const [waiting, opened, signed, rejected, cancelled, expiring] = await Promise.all([
        make(),
        make(),
        make(),
        make(),
        make(),
        make(),
      ])
      const panels = { waiting, opened, signed, rejected, cancelled, expiring }
      await page.evaluate(
        ({ panels, api, theme, unknown }) => {
          const add = (
            id: string,
            setup: (panel: HTMLElementTagNameMap['pullsign-request']) => void,
          ) => {
            const panel = document.createElement('pullsign-request')
            panel.id = id
            panel.setAttribute('theme', theme)
            panel.setAttribute('api', api)
            setup(panel)
            document.body.append(panel)
          }
          for (const [id, payload] of Object.entries(panels))
            add(id, (panel) => (panel.payload = payload as never))
          add('error', (panel) => panel.setAttribute('uuid', unknown))
          add(
            'pushed',
            (panel) => (panel.payload = { ...(panels.waiting as object), pushed: true } as never),
          )
          add('creating', (panel) => (panel.create = () => new Promise(() => {})))
          const qr = document.createElement('pullsign-qr')
          qr.setAttribute('theme', theme)
          qr.matrix = Array.from({ length: 21 }, (_, y) =>
            Array.from({ length: 21 }, (_, x) => (x * y) % 3 === 0),
          )
          const countdown = document.createElement('pullsign-countdown')
          countdown.setAttribute('theme', theme)
          countdown.setAttribute('expires-at', String(Date.now() + 300_000))
          const button = document.createElement('pullsign-button')
          button.setAttribute('theme', theme)
          document.body.append(qr, countdown, button)
        },
        { panels, api: s.endpoints.api, theme, unknown: crypto.randomUUID() },
      )
      const user = { user: s.alice.uuid }
      await expect
        .poll(() => states(page), SLOW)
        .toMatchObject({
          opened: 'waiting',
          signed: 'waiting',
          rejected: 'waiting',
          error: 'error',
        })
      s.server.wallet.open(opened.uuid, user)
      await s.server.wallet.sign(signed.uuid, user)
      s.server.wallet.reject(rejected.uuid, user)
      await page.evaluate(() =>
        (
          document.getElementById('cancelled') as HTMLElementTagNameMap['pullsign-request']
        ).store.cancel(),
      )
      await expect
        .poll(() => states(page), SLOW)
        .toEqual({
          waiting: 'waiting',
          opened: 'opened',
          signed: 'signed',
          rejected: 'rejected',
          cancelled: 'cancelled',
          expiring: 'waiting',
          error: 'error',
          pushed: 'waiting',
          creating: 'creating',
        })
      expect(await audit(page)).toEqual([])
      s.server.clock.advance(61)
      await expect
        .poll(() => states(page), SLOW)
        .toMatchObject({ expiring: 'expired', waiting: 'expired' })
      expect(await audit(page)).toEqual([])
      // The dialog, open over the page (only it is audited then: the page behind is inert).
      await page.evaluate(
        ({ theme, payload }) => {
          const dialog = document.createElement('pullsign-dialog')
          dialog.setAttribute('theme', theme)
          document.body.append(dialog)
          dialog.show(payload as never)
        },
        { theme, payload: await make() },
      )
      expect(await audit(page)).toEqual([])
      await context.close()
    },
  )
})
