import { describe, expect, it } from 'vitest'
import { type BridgeEvent, type BridgeWindow, createBridge } from '../../src/runtimes/xapp/bridge'
import { createFakeClock } from '../support/fake-clock'

type Listener = (event: MessageEvent) => void

/** A page's window and document as the bridge sees them, with what was posted where. */
function fakePage(options: { framed?: boolean; reactNative?: boolean } = {}) {
  const posted: Array<{ to: 'parent' | 'native'; message: string; target?: string }> = []
  const listeners = { window: new Set<Listener>(), document: new Set<Listener>() }
  const parent = {
    postMessage: (message: string, target: string) =>
      posted.push({ to: 'parent', message, target }),
  }
  const page: BridgeWindow = {
    parent: undefined,
    addEventListener: (_type, listener) => listeners.window.add(listener),
    removeEventListener: (_type, listener) => listeners.window.delete(listener),
  }
  page.parent = options.framed ? parent : page
  if (options.reactNative) {
    page.ReactNativeWebView = { postMessage: (message) => posted.push({ to: 'native', message }) }
  }
  const document = {
    addEventListener: (_type: 'message', listener: Listener) => listeners.document.add(listener),
    removeEventListener: (_type: 'message', listener: Listener) =>
      listeners.document.delete(listener),
  }
  const dispatch = (
    on: 'window' | 'document',
    data: unknown,
    source: unknown,
    origin = 'https://wallet.example',
  ) => {
    for (const listener of listeners[on]) listener({ data, source, origin } as MessageEvent)
  }
  return { page, document, parent, posted, dispatch, listeners }
}

function setup(options: { framed?: boolean; reactNative?: boolean } = {}) {
  const fake = fakePage(options)
  const clock = createFakeClock()
  const events: BridgeEvent[] = []
  const logs: string[] = []
  const bridge = createBridge({
    window: fake.page,
    document: fake.document,
    clock,
    log: (message) => logs.push(message),
    onEvent: (event) => events.push(event),
  })
  return { ...fake, clock, events, logs, bridge }
}

describe('xApp bridge (docs/protocol.md §7.2)', () => {
  it('in the wallet: commands go to ReactNativeWebView at once; events come on window and document', async () => {
    const b = setup({ reactNative: true })
    await b.bridge.send({ command: 'scanQr' })
    expect(b.posted).toEqual([{ to: 'native', message: '{"command":"scanQr"}' }])
    b.dispatch('window', '{"method":"scanQr","qrContents":"x","reason":"SCANNED"}', b.page)
    b.dispatch('document', '{"method":"networkSwitch","network":"TESTNET"}', undefined)
    expect(b.events).toEqual([
      { method: 'scanQr', data: { qrContents: 'x', reason: 'SCANNED' } },
      { method: 'networkSwitch', data: { network: 'TESTNET' } },
    ])
    expect(b.logs).toEqual([])
  })

  it('framed: XAPP_PROXY_INIT first, the command only after the ACK, then straight to the parent', async () => {
    const b = setup({ framed: true })
    const first = b.bridge.send({ command: 'ready' })
    expect(b.posted).toEqual([{ to: 'parent', message: 'XAPP_PROXY_INIT', target: '*' }])
    b.clock.advance(250)
    expect(b.logs).toEqual(['Could not contact host'])
    b.dispatch('window', 'XAPP_PROXY_INIT_ACK', b.parent, 'https://host.example')
    await first
    await b.bridge.send({ command: 'close' })
    expect(b.posted.map((p) => p.message)).toEqual([
      'XAPP_PROXY_INIT',
      'XAPP_PROXY_INIT',
      '{"command":"ready"}',
      '{"command":"close"}',
    ])
  })

  it('framed: takes events only from the parent, and after the ACK only from its origin', () => {
    const b = setup({ framed: true })
    const event = '{"method":"networkSwitch","network":"XAHAU"}'
    b.dispatch('window', event, { other: 'window' })
    b.dispatch('window', 'XAPP_PROXY_INIT_ACK', b.parent, 'https://host.example')
    b.dispatch('window', event, b.parent, 'https://evil.example')
    b.dispatch('window', event, b.parent, 'https://host.example')
    expect(b.events).toEqual([{ method: 'networkSwitch', data: { network: 'XAHAU' } }])
  })

  it('ignores what is not a JSON string of an object with a method', () => {
    const b = setup({ reactNative: true })
    for (const data of [
      { method: 'scanQr' },
      'nope',
      '[1]',
      'null',
      '{"reason":"SCANNED"}',
      `"${'x'.repeat(100_001)}"`,
    ]) {
      b.dispatch('window', data, b.page)
    }
    expect(b.events).toEqual([])
  })

  it('no host: retries every 250 ms for 2 s, logging each retry, then rejects every waiting command', async () => {
    const b = setup()
    const one = b.bridge.send({ command: 'scanQr' })
    const two = b.bridge.send({ command: 'selectDestination' })
    b.clock.advance(1999)
    expect(b.logs).toHaveLength(7)
    b.clock.advance(1)
    await expect(one).rejects.toMatchObject({
      name: 'XappHostUnreachableError',
      code: 'ERR_XAPP_HOST',
    })
    await expect(two).rejects.toThrow(/selectDestination reached no wallet host in 2 s/)
    expect(b.posted).toEqual([])
  })

  it('dispose removes its listeners and its timer; a waiting command rejects as aborted', async () => {
    const b = setup({ framed: true })
    const waiting = b.bridge.send({ command: 'ready' })
    b.bridge.dispose()
    await expect(waiting).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    expect(b.listeners.window.size + b.listeners.document.size).toBe(0)
    b.clock.advance(5000)
    expect(b.logs).toEqual([])
  })
})
