import type { Browser, Frame, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectChromium } from '../../../../test/shared-chromium'
import { type Reference, startReference } from '../contract/reference'
import { startSdkXappSite } from './xapp-page'

let browser: Browser
let ref: Reference
let site: Awaited<ReturnType<typeof startSdkXappSite>>
let game: { uuid: string; apiKey: string; apiSecret: string }
let xappUrl: string

beforeAll(async () => {
  ;[browser, ref, site] = await Promise.all([
    connectChromium(),
    startReference(),
    startSdkXappSite(),
  ])
  const uuid = crypto.randomUUID()
  xappUrl = `${site.base}/xapp?api=${encodeURIComponent(ref.endpoints.api)}&key=${uuid}`
  const app = ref.server.platform.applications.create({
    uuid,
    name: 'SDK game',
    xapp: { url: xappUrl },
  })
  game = { uuid: app.uuid, apiKey: app.apiKey, apiSecret: app.apiSecret }
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await ref?.server.close()
  await site?.close()
})

type XappWindow = Window & {
  pullsign: import('pullsign').XappClient
  events: string[]
  walletEvents: string[]
  logs: string[]
  pending?: Promise<unknown>
  /** How the pending call settled: 'resolved' or the error's fields; unset while pending. */
  outcome?: 'resolved' | { name: string; code: string; message: string }
  advance(ms: number): void
}

/** Launches the xApp for Alice in the host simulator page; resolves once the client is ready. */
async function openInHost(): Promise<{ page: Page; frame: Frame; errors: string[] }> {
  const { hostUrl } = ref.server.platform.xapps.launch({
    application: game.uuid,
    user: ref.alice.uuid,
  })
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(hostUrl)
  const frame = await (await page.locator('#xapp').elementHandle())?.contentFrame()
  if (!frame) throw new Error('no xApp frame')
  await frame.waitForFunction(() => (window as unknown as XappWindow).events.includes('ready'))
  return { page, frame, errors }
}

const start = (frame: Frame, call: string, arg?: unknown) =>
  frame.evaluate(
    ([name, value]) => {
      const w = window as unknown as XappWindow
      const commands = w.pullsign.xapp as unknown as Record<
        string,
        (v?: unknown) => Promise<unknown>
      >
      w.pending = commands[name as string]?.(value)
      w.pending?.catch(() => {})
    },
    [call, arg] as const,
  )
const settle = (frame: Frame) => frame.evaluate(() => (window as unknown as XappWindow).pending)

describe('the SDK xApp runtime in Chromium, framed by the host simulator (docs/protocol.md §7.2)', {
  timeout: 60_000,
}, () => {
  it('new PullSign(apiKey) in the xApp page exchanges the OTT: retrieved, success, ready in order; environment, user, state', async () => {
    const { page, frame, errors } = await openInHost()
    const seen = await frame.evaluate(async () => {
      const { events, pullsign } = window as unknown as XappWindow
      const { user, environment } = pullsign
      return {
        events,
        runtime: pullsign.runtime,
        env: {
          ott: await environment.ott,
          bearer: await environment.bearer,
          jwt: await environment.jwt,
          openid: await environment.openid,
        },
        state: pullsign.state,
        user: {
          account: await user.account,
          name: await user.name,
          kycApproved: await user.kycApproved,
          networkType: await user.networkType,
        },
      }
    })
    expect(seen.events).toEqual(['retrieved', 'success', 'ready'])
    expect(seen.runtime).toBe('xapp')
    expect(seen.state).toEqual({ account: ref.alice.accounts[0]?.address, signedIn: true })
    expect(seen.env.ott).toMatchObject({
      user: ref.alice.uuid,
      account: ref.alice.accounts[0]?.address,
    })
    expect(seen.env.bearer.split('.')).toHaveLength(3)
    expect(seen.env.jwt).toMatchObject({ usr: ref.alice.uuid, app_uuidv4: game.uuid })
    expect(seen.env.openid).toBeUndefined()
    expect(seen.user).toEqual({
      account: ref.alice.accounts[0]?.address,
      name: 'Alice',
      kycApproved: true,
      networkType: 'MAINNET',
    })
    expect(errors).toEqual([])
    await page.close()
  })

  it('a payload made through the xApp JWT; openSignRequest resolves with the Sign button’s answer', async () => {
    const { page, frame } = await openInHost()
    // created by the xApp itself, through its xApp JWT: bound and pushed to the launched user
    const destination = ref.bob.accounts[0]?.address
    const uuid = await frame.evaluate(
      async (to) =>
        (
          await (window as unknown as XappWindow).pullsign.payload.create({
            TransactionType: 'Payment',
            Destination: to,
            Amount: '1000000',
          })
        ).uuid,
      destination,
    )
    expect(ref.server.platform.payloads.record(uuid).meta.pushed).toBe(true)
    await start(frame, 'openSignRequest', { uuid }) // the field's form; a uuid string works too
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    expect(await settle(frame)).toEqual({ reason: 'SIGNED', uuid })
    expect(ref.server.platform.payloads.record(uuid).meta).toMatchObject({
      resolved: true,
      signed: true,
    })
    expect(await frame.evaluate(() => (window as unknown as XappWindow).events.at(-1))).toBe(
      'payload',
    )
    expect(await frame.evaluate(() => (window as unknown as XappWindow).walletEvents)).toEqual([
      'payload',
    ])
    await page.close()
  })

  it('through the xApp JWT: ping names the application, userstore keeps the user’s data', async () => {
    const { page, frame } = await openInHost()
    const seen = await frame.evaluate(async () => {
      const { pullsign } = window as unknown as XappWindow
      const ping = (await pullsign.ping()) as unknown as Record<string, unknown>
      await pullsign.userstore.set('progress', { level: 3 })
      return { ping, stored: await pullsign.userstore.get('progress') }
    })
    expect(JSON.stringify(seen.ping)).toContain(game.uuid)
    expect(seen.stored).toEqual({ level: 3 })
    await page.close()
  })

  it('scanQr and selectDestination resolve with the host’s answers; networkswitch and close', async () => {
    const { page, frame } = await openInHost()
    await start(frame, 'scanQr')
    await page.getByRole('textbox', { name: 'QR contents' }).fill('hello')
    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    expect(await settle(frame)).toEqual({ qrContents: 'hello', reason: 'SCANNED' })

    await start(frame, 'selectDestination', { ignoreDestinationTag: true })
    await page
      .getByRole('textbox', { name: 'Destination address' })
      .fill(ref.bob.accounts[0]?.address ?? '')
    await page.getByRole('button', { name: 'Select destination' }).click()
    expect(await settle(frame)).toMatchObject({
      destination: { address: ref.bob.accounts[0]?.address },
      reason: 'SELECTED',
    })
    expect(await page.locator('#log li[data-command="selectDestination"]').textContent()).toContain(
      '"ignoreDestinationTag":true',
    )

    await page.getByRole('combobox', { name: 'Network' }).selectOption('XAHAU')
    await page.getByRole('button', { name: 'Switch network' }).click()
    await frame.waitForFunction(() =>
      (window as unknown as XappWindow).events.includes('networkswitch'),
    )

    await start(frame, 'close', { refreshEvents: true })
    await expect.poll(() => page.locator('#log li[data-event="close"]').count()).toBe(1)
    await page.close()
  })

  it('checks arguments before sending: a bad uuid or a non-https URL rejects with ERR_INPUT', async () => {
    const { page, frame } = await openInHost()
    for (const [call, arg] of [
      ['openSignRequest', 'not-a-uuid'],
      ['openBrowser', 'http://example.com'],
      ['share', ''],
    ] as const) {
      await start(frame, call, arg)
      const error = await frame.evaluate(() =>
        (window as unknown as XappWindow).pending?.then(
          () => null,
          (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
        ),
      )
      expect(error, call).toMatchObject({ code: 'ERR_INPUT' })
    }
    // nothing reached the host: not even the handshake, which the first sent command starts
    expect(await page.locator('#log li').count()).toBe(0)
    await page.close()
  })

  it('a used OTT fires error with a typed error saying what to do, never showing the OTT', async () => {
    const { ott, url } = ref.server.platform.xapps.launch({
      application: game.uuid,
      user: ref.alice.uuid,
    })
    ref.server.platform.xapps.resolveOtt(ref.server.platform.applications.get(game.uuid), ott)
    const page = await browser.newPage()
    await page.goto(url)
    await page.waitForFunction(() => (window as unknown as XappWindow).events.includes('error'))
    const text = await page.locator('#state').textContent()
    expect(text).toContain('reopen the xApp from the wallet')
    expect(text).not.toContain(ott)
    expect(await page.evaluate(() => (window as unknown as XappWindow).events)).toEqual(['error'])
    await page.close()
  })

  it('no host: retries every 250 ms on the injected clock, logs each retry, then XappHostUnreachableError', async () => {
    const { url } = ref.server.platform.xapps.launch({
      application: game.uuid,
      user: ref.alice.uuid,
    })
    const page = await browser.newPage()
    await page.goto(`${url}&clock=manual`) // not framed, no ReactNativeWebView: no host
    await page.waitForFunction(() => (window as unknown as XappWindow).events.includes('ready'))
    // The call records how it settles; the test reads that record instead of racing a timer.
    await page.evaluate(() => {
      const w = window as unknown as XappWindow
      w.pullsign.xapp.scanQr().then(
        () => {
          w.outcome = 'resolved'
        },
        (e: { name: string; code: string; message: string }) => {
          w.outcome = { name: e.name, code: e.code, message: e.message }
        },
      )
    })
    const outcome = () =>
      page.evaluate(() => (window as unknown as XappWindow).outcome ?? 'pending')
    await page.evaluate(() => (window as unknown as XappWindow).advance(1999))
    expect(await outcome()).toBe('pending')
    expect(await page.evaluate(() => (window as unknown as XappWindow).logs)).toEqual(
      Array(7).fill('Could not contact host'),
    )
    await page.evaluate(() => (window as unknown as XappWindow).advance(1))
    await page.waitForFunction(() => (window as unknown as XappWindow).outcome !== undefined)
    expect(await outcome()).toMatchObject({
      name: 'XappHostUnreachableError',
      code: 'ERR_XAPP_HOST',
      message: expect.stringContaining('open the xApp in the wallet (or /__ref/xapp-host)'),
    })
    await page.close()
  })
})
