import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { createClock } from '../../src/platform'

let server: ReferenceServer
let rpcUrl: string
let wsUrl: string
const ALICE = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'

beforeAll(async () => {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  server = createReferenceServer({ clock, ledgerCloseMs: false })
  const { api } = await server.listen(0)
  rpcUrl = `${api}/ledger/TESTNET`
  wsUrl = `${api.replace(/^http/, 'ws')}/ledger/TESTNET`
  server.platform.ledger.fund(ALICE, 50_000_000n, ['TESTNET'])
})
afterAll(() => server.close())

// JSON-RPC through the one handler, in-process (what msw serves).
const rpc = async (body: unknown) => {
  const res = await server.handler(
    new Request(rpcUrl, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
  const text = await res.text()
  return { status: res.status, text, json: () => JSON.parse(text) }
}

// One socket, frames answered in order.
const socket = async () => {
  const ws = new WebSocket(wsUrl)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  return {
    ask(frame: unknown) {
      return new Promise<Record<string, unknown>>((resolve) => {
        ws.once('message', (data) => resolve(JSON.parse(String(data))))
        ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
      })
    },
    close: () => ws.close(),
  }
}

describe('JSON-RPC envelope (rippled ServerHandler.cpp processRequest)', () => {
  it('answers a method inside result with status, and an error with the request', async () => {
    expect((await rpc({ method: 'ping', params: [{}] })).json()).toEqual({
      result: { status: 'success' },
    })
    const refused = (await rpc({ method: 'account_info', params: [{ account: 'nope' }] })).json()
    expect(refused.result).toEqual({
      error: 'actMalformed',
      error_code: 35,
      error_message: 'Account malformed.',
      status: 'error',
      request: { account: 'nope', command: 'account_info' },
    })
  })

  it.each([
    ['{not json', 'Unable to parse request: not JSON'],
    [[1, 2], 'Unable to parse request: not a JSON object'],
    [{ params: [{}] }, 'Null method'],
    [{ method: 7 }, 'method is not string'],
    [{ method: '' }, 'method is empty'],
    [{ method: 'ping', params: {} }, 'params unparsable'],
    [{ method: 'ping', params: [{}, {}] }, 'params unparsable'],
    [{ method: 'ping', params: [{ api_version: 9 }] }, 'invalid_API_version'],
  ])('refuses %j with HTTP 400 text, as rippled', async (body, text) => {
    const res = await rpc(body)
    expect(res.status).toBe(400)
    expect(res.text.trim()).toBe(text)
  })

  it('refuses to sign: no secret travels to the node, and the request comes back masked', async () => {
    const answer = (
      await rpc({ method: 'submit', params: [{ secret: 'sEd…', tx_json: {} }] })
    ).json()
    expect(answer.result).toMatchObject({
      error: 'notSupported',
      error_code: 75,
      request: { secret: '<masked>' },
    })
    for (const method of ['sign', 'sign_for']) {
      expect((await rpc({ method, params: [{}] })).json().result.error).toBe('notSupported')
    }
  })

  it('shows api_version differences: account_info signer_lists, ledger_index as string in v1', async () => {
    const v1 = (
      await rpc({ method: 'account_info', params: [{ account: ALICE, signer_lists: true }] })
    ).json()
    expect(v1.result.account_data.signer_lists).toEqual([])
    expect(v1.result.signer_lists).toBeUndefined()
    const v2 = (
      await rpc({
        method: 'account_info',
        params: [{ account: ALICE, signer_lists: true, api_version: 2 }],
      })
    ).json()
    expect(v2.result.signer_lists).toEqual([])
    expect(v2.result.account_data.signer_lists).toBeUndefined()
    const header = server.platform.ledger.header('TESTNET')
    expect((await rpc({ method: 'ledger', params: [{}] })).json().result.ledger.ledger_index).toBe(
      String(header?.ledger_index),
    )
    expect(
      (await rpc({ method: 'ledger', params: [{ api_version: 2 }] })).json().result.ledger
        .ledger_index,
    ).toBe(header?.ledger_index)
  })

  it('answers txnNotFound with searched_all over a kept range, and wrongNetwork for another network’s CTID', async () => {
    const latest = server.platform.ledger.latestClosedIndex('TESTNET')
    const hash = 'A'.repeat(64)
    const found = (
      await rpc({
        method: 'tx',
        params: [{ transaction: hash, min_ledger: latest, max_ledger: latest }],
      })
    ).json()
    expect(found.result).toMatchObject({ error: 'txnNotFound', error_code: 29, searched_all: true })
    const older = (
      await rpc({
        method: 'tx',
        params: [{ transaction: hash, min_ledger: latest - 5, max_ledger: latest }],
      })
    ).json()
    expect(older.result.searched_all).toBe(false)
    // A CTID of Xahau (network id 21337) asked of the Testnet node.
    const ctid = (await import('pullsign/links')).encodeCtid({
      ledgerIndex: latest,
      transactionIndex: 0,
      networkId: 21337,
    })
    expect((await rpc({ method: 'tx', params: [{ ctid }] })).json().result).toMatchObject({
      error: 'wrongNetwork',
      error_code: 4,
    })
  })

  it('answers the faucet like the test networks’ faucet, and refuses a bad amount naming it', async () => {
    const res = await server.handler(
      new Request(`${rpcUrl}/accounts`, {
        method: 'POST',
        body: '{"xrpAmount":"25","userAgent":"xrpl.js"}',
      }),
    )
    const body = await res.json()
    expect(body).toMatchObject({
      amount: 25,
      account: { classicAddress: expect.stringMatching(/^r/), seed: expect.stringMatching(/^sEd/) },
    })
    expect(server.platform.ledger.account('TESTNET', body.account.address)?.balance).toBe(
      '25000000',
    )
    const bad = await server.handler(
      new Request(`${rpcUrl}/accounts`, { method: 'POST', body: '{"xrpAmount":"1e9"}' }),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/xrpAmount/)
  })
})

describe('WebSocket envelope (rippled ServerHandler.cpp processSession)', () => {
  it('echoes ids of any kind, answers jsonInvalid and missingCommand, and stays open', async () => {
    const ws = await socket()
    expect(await ws.ask({ id: 'server_info_3', command: 'ping' })).toEqual({
      id: 'server_info_3',
      result: {},
      status: 'success',
      type: 'response',
    })
    expect(await ws.ask('{nope')).toEqual({ type: 'error', error: 'jsonInvalid', value: '{nope' })
    expect(await ws.ask({ id: 2 })).toMatchObject({
      id: 2,
      error: 'missingCommand',
      status: 'error',
      type: 'response',
    })
    expect(await ws.ask({ id: 3, command: 'ping', api_version: 3 })).toMatchObject({
      error: 'invalid_API_version',
    })
    expect(await ws.ask({ id: 4, command: 'nope' })).toMatchObject({
      id: 4,
      error: 'unknownCmd',
      error_code: 32,
      error_message: 'Unknown method.',
      request: { id: 4, command: 'nope' },
    })
    expect(await ws.ask({ id: 5, command: 'subscribe', streams: ['nope'] })).toMatchObject({
      error: 'malformedStream',
    })
    expect(
      await ws.ask({ id: 6, command: 'account_lines', account: ALICE, marker: 'forged' }),
    ).toMatchObject({
      error: 'invalidParams',
      error_message: "Invalid field 'marker'.",
    })
    expect(await ws.ask({ id: 7, command: 'ledger_current' })).toMatchObject({ status: 'success' })
    ws.close()
  })

  it('closes the ledger on ledger_accept, the same operation as the control API close', async () => {
    const ws = await socket()
    const before = server.platform.ledger.latestClosedIndex('TESTNET')
    const answer = await ws.ask({ command: 'ledger_accept' })
    expect(answer.result).toEqual({ ledger_current_index: before + 2 })
    expect(server.platform.ledger.latestClosedIndex('TESTNET')).toBe(before + 1)
    ws.close()
  })
})
