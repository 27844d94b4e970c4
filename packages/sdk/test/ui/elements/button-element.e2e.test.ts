import type { NativeClient } from 'pullsign'
import { describe, expect, test } from 'vitest'
import { signInThroughWallet } from '../../support/wallet-sign-in'
import { type PageWindow, useElementsSite } from './elements-site'

const SLOW = { timeout: 15_000 }
const site = useElementsSite()

describe('<pullsign-button> in Chromium against the reference server', { timeout: 60_000 }, () => {
  test('keyboard only: "Sign in" signs in through the wallet, the chip shows the shortened address, "Sign out" signs out; each told', async () => {
    const s = site()
    const { apiKey } = s.server.platform.applications.create({
      name: 'Button shop',
      redirectUris: ['myapp://signin'],
    })
    const account =
      s.server.platform.state().users.find((u) => u.uuid === s.alice.uuid)?.accounts[0]?.address ??
      ''
    const { page, context, errors } = await s.open()
    // The app's system browser: the wallet signs in as Alice and hands back the deep link.
    await page.exposeFunction('systemBrowser', (url: string) =>
      signInThroughWallet(s.server, url, s.alice.uuid),
    )
    await page.evaluate(
      ({ apiKey, endpoints }) => {
        const w = window as unknown as PageWindow & {
          createNativeClient: (options: object) => NativeClient
          systemBrowser: (url: string) => Promise<string>
        }
        const client: NativeClient = w.createNativeClient({
          apiKey,
          endpoints,
          redirectUrl: 'myapp://signin',
          openUrl: (url: string) =>
            void w.systemBrowser(url).then((link) => client.handleRedirect(link)),
        })
        const button = document.createElement('pullsign-button')
        button.client = client
        document.body.append(button)
      },
      { apiKey, endpoints: s.endpoints },
    )
    const shown = () =>
      page.evaluate(() => {
        const button = document.querySelector('pullsign-button')
        const parts = [...(button?.shadowRoot?.querySelectorAll('[part]') ?? [])]
        return {
          state: button?.state,
          parts: parts.map((p) => [p.getAttribute('part'), p.textContent]),
        }
      })
    await expect.poll(shown, SLOW).toEqual({ state: 'signed-out', parts: [['button', 'Sign in']] })
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(shown, SLOW).toEqual({
      state: 'signed-in',
      parts: [
        ['account', `${account.slice(0, 4)}…${account.slice(-4)}`],
        ['signout-button', 'Sign out'],
      ],
    })
    expect(
      await page.evaluate(() =>
        document
          .querySelector('pullsign-button')
          ?.shadowRoot?.querySelector('[part=account]')
          ?.getAttribute('title'),
      ),
    ).toBe(account)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(shown, SLOW).toEqual({ state: 'signed-out', parts: [['button', 'Sign in']] })
    const told = await page.evaluate(() =>
      (window as unknown as PageWindow).events.map(({ type, detail }) => ({ type, detail })),
    )
    expect(told).toEqual([
      { type: 'pullsign-signin', detail: { account } },
      { type: 'pullsign-signout', detail: {} },
    ])
    expect(errors).toEqual([])
    await context.close()
  })
})
