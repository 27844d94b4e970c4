import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type ConnectionLimits, createReferenceServer, type ReferenceServer } from '../../src/index'
import { rawRequest } from './raw-http'

let server: ReferenceServer | undefined
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await server?.close()
  server = undefined
})

const start = async (connections: ConnectionLimits) => {
  server = createReferenceServer({ ledgerCloseMs: false, connections })
  return Number(new URL((await server.listen(0)).api).port)
}
/** Opens a socket, writes `text`, and resolves with what it read when the server closed it. */
const heldUntilClosed = (port: number, text: string) =>
  new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const started = performance.now()
    const socket = connect(port, '127.0.0.1')
    sockets.push(socket)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? undefined : reject(error),
    )
    socket.on('close', () => resolve({ answer, ms: performance.now() - started }))
    socket.write(text)
  })

describe('slow clients (docs/protocol.md §10): header and body timeouts, a connection cap', () => {
  it('closes a connection whose headers trickle past the headers timeout, with 408', async () => {
    const port = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 })
    const { answer, ms } = await heldUntilClosed(port, 'GET /__ref/state HTTP/1.1\r\nhost: 127')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeLessThan(2_000)
  })

  it('closes a connection whose body trickles past the request timeout, with 408', async () => {
    const port = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 })
    const head =
      'POST /__ref/users HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"na'
    const { answer, ms } = await heldUntilClosed(port, head)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeLessThan(2_000)
    expect(server?.platform.users.list()).toHaveLength(2)
  })

  it('closes connections past the cap at once, and serves again when one goes', async () => {
    const port = await start({ max: 2 })
    const idle = () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket))
        sockets.push(socket)
      })
    const [first] = [await idle(), await idle()]
    const third = await heldUntilClosed(
      port,
      'GET /__ref/state HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n',
    )
    expect(third.answer).toBe('')
    first?.destroy()
    await new Promise((resolve) => first?.once('close', resolve))
    // The server counts the closed connection out once it sees the close.
    let answer = await rawRequest(port, 'GET /__ref/state HTTP/1.1\r\nhost: 127.0.0.1').catch(
      () => null,
    )
    for (let attempt = 0; answer === null && attempt < 50; attempt++) {
      answer = await rawRequest(port, 'GET /__ref/state HTTP/1.1\r\nhost: 127.0.0.1').catch(
        () => null,
      )
    }
    expect(answer?.status).toBe(200)
  })

  it('refuses limits that are not positive integers, or a headers timeout past the request one', () => {
    expect(() => createReferenceServer({ connections: { max: 0 } })).toThrow(/connections\.max/)
    expect(() =>
      createReferenceServer({ connections: { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 } }),
    ).toThrow(/headersTimeoutMs/)
  })
})
