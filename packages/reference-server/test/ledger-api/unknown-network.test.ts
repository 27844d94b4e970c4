import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createReferenceServer, type ReferenceServer } from '../../src'

let server: ReferenceServer
let api: string
beforeAll(async () => {
  server = createReferenceServer({ ledgerCloseMs: false })
  api = (await server.listen(0)).api
})
afterAll(() => server.close())

const KEYS = 'MAINNET, TESTNET, DEVNET, XAHAU, XAHAUTESTNET'
const DESTINATION = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'

// The status and body of a websocket upgrade to `path`: 101 (then closed) or the refusal.
const upgrade = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = new WebSocket(`${api.replace(/^http/, 'ws')}${path}`)
    socket.on('open', () => {
      socket.close()
      resolve({ status: 101, body: '' })
    })
    socket.on('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    socket.on('error', reject)
  })

describe('an unknown network path of the ledger node is a 404 naming the networks (docs/protocol.md §8.6)', () => {
  it.each([
    ['JSON-RPC', 'POST', '/ledger/testnet', { method: 'ping', params: [{}] }],
    ['the faucet', 'POST', '/ledger/testnet/accounts', { destination: DESTINATION }],
    ['the definitions', 'GET', '/ledger/testnet/definitions', undefined],
  ])(
    '%s: /ledger/testnet answers 404, the networks and the key meant; nothing changes',
    async (_, method, path, body) => {
      const changes = server.platform.ledger.changes
      const res = await fetch(`${api}${path}`, {
        method,
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.json()).toMatchObject({
        error: {
          code: 404,
          message: `network "testnet" not found: /ledger/{network} takes ${KEYS}; keys are upper case: /ledger/TESTNET`,
        },
      })
      expect(server.platform.ledger.changes).toBe(changes)
      expect(server.platform.ledger.account('TESTNET', DESTINATION)).toBeNull()
    },
  )

  it('a key that is no network in any case gets the list without a guess', async () => {
    const res = await fetch(`${api}/ledger/TESTNETT`, {
      method: 'POST',
      body: JSON.stringify({ method: 'ping', params: [{}] }),
    })
    expect(res.status).toBe(404)
    const { error } = (await res.json()) as { error: { message: string } }
    expect(error.message).toBe(`network "TESTNETT" not found: /ledger/{network} takes ${KEYS}`)
  })

  it.each([
    ['/ledger/testnet', 'keys are upper case: /ledger/TESTNET'],
    ['/ledger/TESTNETT/', `takes ${KEYS}`],
  ])('a websocket upgrade to %s is refused 404 with the same body', async (path, text) => {
    const changes = server.platform.ledger.changes
    const { status, body } = await upgrade(path)
    expect(status).toBe(404)
    const { error } = JSON.parse(body) as { error: { code: number; message: string } }
    expect(error.code).toBe(404)
    expect(error.message).toContain(KEYS)
    expect(error.message).toContain(text)
    expect(server.platform.ledger.changes).toBe(changes)
  })

  it('a valid key still serves JSON-RPC, the faucet and a websocket', async () => {
    const ping = await fetch(`${api}/ledger/TESTNET`, {
      method: 'POST',
      body: JSON.stringify({ method: 'ping', params: [{}] }),
    })
    expect(await ping.json()).toMatchObject({ result: { status: 'success' } })
    const funded = await fetch(`${api}/ledger/TESTNET/accounts`, {
      method: 'POST',
      body: JSON.stringify({ destination: DESTINATION, xrpAmount: '20' }),
    })
    expect(funded.status).toBe(200)
    expect(server.platform.ledger.account('TESTNET', DESTINATION)?.balance).toBe('20000000')
    expect((await upgrade('/ledger/TESTNET')).status).toBe(101)
  })
})
