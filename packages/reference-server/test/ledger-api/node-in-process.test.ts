import { NETWORK_KEYS } from 'pullsign/wire'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { encodeAccountID } from 'xrpl'
import { createReferenceServer } from '../../src'
import { createClock } from '../../src/platform'
import { openInProcess } from '../ws/in-process-probe'
import { openProbe } from '../ws/socket-probe'

// Hosts that exist nowhere and nothing listens: the node is reached through server.WebSocket only.
const endpoints = {
  api: 'https://pullsign.test',
  oauth: 'https://pullsign.test/oauth',
  links: 'https://pullsign.test',
}
const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
const server = createReferenceServer({ endpoints, clock, ledgerCloseMs: false })
afterAll(() => server.close())
const ALICE = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const TESTNET = 'wss://pullsign.test/ledger/TESTNET'
const node = (url = TESTNET) => openInProcess(server.WebSocket, url)

/** The rails as an app reads them, through the one handler (what msw serves). */
const rails = async () => {
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('the demo fixtures changed: expected an application')
  const res = await server.handler(
    new Request(`${endpoints.api}/api/v1/platform/rails`, {
      headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
    }),
  )
  return (await res.json()) as Record<string, { chain_id: number; endpoints: { url: string }[] }>
}

describe('server.WebSocket opens a ledger node in-process (docs/protocol.md §8.6)', () => {
  it("answers server_info on every network's node URL the rails emit", async () => {
    const networks = await rails()
    expect(Object.keys(networks).sort()).toEqual([...NETWORK_KEYS].sort())
    for (const [key, network] of Object.entries(networks)) {
      const url = network.endpoints[0]?.url as string
      expect(url).toBe(`wss://pullsign.test/ledger/${key}`)
      const socket = node(url)
      expect(await socket.ask('{"id":1,"command":"server_info"}')).toMatchObject({
        id: 1,
        result: { info: { network_id: network.chain_id, build_version: '2.5.0' } },
        status: 'success',
        type: 'response',
      })
      socket.socket.close()
      expect(await socket.closed).toEqual({ code: 1000, reason: '' })
    }
  })

  it('reads an account the ledger funded, and names one it does not know', async () => {
    server.platform.ledger.fund(ALICE, 50_000_000n, ['TESTNET'])
    const socket = node()
    const info = await socket.ask({ id: 2, command: 'account_info', account: ALICE })
    expect(info).toMatchObject({
      id: 2,
      status: 'success',
      result: { account_data: { Account: ALICE, Balance: '50000000' } },
    })
    const unknown = encodeAccountID(new Uint8Array(20).fill(7))
    expect(await socket.ask({ id: 3, command: 'account_info', account: unknown })).toMatchObject({
      id: 3,
      status: 'error',
      error: 'actNotFound',
      error_code: 19,
    })
    socket.socket.close()
  })

  it('streams ledgerClosed for a control API close and for ledger_accept, under fake timers', async () => {
    vi.useFakeTimers()
    try {
      const socket = node()
      const subscribed = await socket.ask({ id: 4, command: 'subscribe', streams: ['ledger'] })
      const index = (subscribed.result as { ledger_index: number }).ledger_index
      expect(index).toBe(server.platform.ledger.latestClosedIndex('TESTNET'))
      const res = await server.handler(
        new Request(`${endpoints.api}/__ref/ledger/close`, {
          method: 'POST',
          body: JSON.stringify({ network: 'TESTNET' }),
        }),
      )
      expect(res.status).toBe(200)
      expect(await socket.next()).toMatchObject({ type: 'ledgerClosed', ledger_index: index + 1 })
      socket.socket.send(JSON.stringify({ id: 5, command: 'ledger_accept' }))
      const frames = await socket.framesUntil(4)
      expect(frames.slice(2)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'ledgerClosed', ledger_index: index + 2 }),
          expect.objectContaining({ id: 5, result: { ledger_current_index: index + 3 } }),
        ]),
      )
      socket.socket.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps the per-socket subscription limit: the 1,001st is tooBusy', async () => {
    const socket = node()
    const accounts = Array.from({ length: 1_001 }, (_, i) => {
      const id = new Uint8Array(20).fill(1)
      id.set([i & 255, i >> 8])
      return encodeAccountID(id)
    })
    expect(await socket.ask({ id: 6, command: 'subscribe', accounts })).toMatchObject({
      id: 6,
      error: 'tooBusy',
      error_message: 'A socket follows at most 1000 streams and accounts.',
    })
    const fits = accounts.slice(0, 1_000)
    expect(await socket.ask({ id: 7, command: 'subscribe', accounts: fits })).toMatchObject({
      id: 7,
      status: 'success',
    })
    socket.socket.close()
  })

  it('refuses an unknown network with a SyntaxError listing the networks', () => {
    expect(() => new server.WebSocket('wss://pullsign.test/ledger/testnet')).toThrow(
      'server.WebSocket: network "testnet" not found: /ledger/{network} takes MAINNET, TESTNET, DEVNET, XAHAU, XAHAUTESTNET; keys are upper case: /ledger/TESTNET',
    )
  })

  it.each([
    ['a path below a node', 'wss://pullsign.test/ledger/TESTNET/accounts'],
    ['another host', 'wss://elsewhere.test/ledger/TESTNET'],
  ])('refuses %s with a SyntaxError naming the accepted forms', (_, url) => {
    expect(() => new server.WebSocket(url)).toThrow(SyntaxError)
    expect(() => new server.WebSocket(url)).toThrow(
      'wss://pullsign.test/sign/{uuid} or wss://pullsign.test/ledger/{MAINNET|TESTNET|DEVNET|XAHAU|XAHAUTESTNET}',
    )
  })

  it('drops its node sockets when the server closes (1006); later ones close at once (1001)', async () => {
    const other = createReferenceServer({ endpoints, ledgerCloseMs: false })
    const socket = openInProcess(other.WebSocket, TESTNET)
    expect(await socket.ask({ command: 'ping' })).toMatchObject({ status: 'success' })
    await other.close()
    expect((await socket.closed).code).toBe(1006)
    expect((await openInProcess(other.WebSocket, TESTNET).closed).code).toBe(1001)
  })
})

describe('a malformed frame gets the same answer in-process and over a real socket', () => {
  it('jsonInvalid, missingCommand, a field error, an oversized frame answered, a huge one closed', async () => {
    const listening = createReferenceServer({ ledgerCloseMs: false })
    const { api } = await listening.listen(0)
    const url = `${api.replace(/^http/, 'ws')}/ledger/TESTNET`
    try {
      const real = await openProbe(url)
      const inProcess = openInProcess(listening.WebSocket, url)
      const frames = [
        '{nope',
        '[1,2]',
        '"text"',
        '{"id":2}',
        '{"id":3,"command":"account_info","account":"nope"}',
        '{"id":4,"command":"ping","api_version":3}',
        `{"id":5,"command":"ping","pad":"${'x'.repeat(256 * 1024)}"}`,
      ]
      for (const frame of frames) {
        real.send(frame)
        const answer = await real.next()
        expect(await inProcess.ask(frame)).toEqual(answer)
      }
      expect(real.received[0]).toEqual({ type: 'error', error: 'jsonInvalid', value: '{nope' })
      expect(real.received.at(-1)).toMatchObject({ error: 'jsonInvalid' })
      // Over 1 MiB neither is read: `ws` closes with 1009, and so does the in-process socket.
      const huge = 'x'.repeat(1024 * 1024 + 1)
      real.send(huge)
      inProcess.socket.send(huge)
      expect(await real.closed).toBe(1009)
      expect((await inProcess.closed).code).toBe(1009)
    } finally {
      await listening.close()
    }
  })
})
