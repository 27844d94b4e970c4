import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

/**
 * Writes raw request bytes in parts, `pauseMs` apart, and returns everything the server answered
 * by the time the socket closed. After the last part the client ends its side (`end`), drops the
 * connection 300 ms later (`destroy`), or waits for the server to close it (`wait`).
 */
const rawExchange = (
  parts: (string | Buffer)[],
  pauseMs = 0,
  after: 'end' | 'destroy' | 'wait' = 'end',
) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(t.endpoints.api)
    const socket = connect(Number(port), hostname)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    // The server may close while the client still writes: a reset then is the expected end.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    )
    socket.on('close', () => resolve(answer))
    socket.on('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((done) => setTimeout(done, pauseMs))
        socket.write(part)
      }
      if (after === 'end') socket.end()
      if (after === 'destroy') setTimeout(() => socket.destroy(), 300)
    })
  })

const createHead = (length: number, connection = 'close') =>
  [
    'POST /api/v1/platform/payload HTTP/1.1',
    `host: ${new URL(t.endpoints.api).host}`,
    `x-api-key: ${t.auth['x-api-key']}`,
    `x-api-secret: ${t.auth['x-api-secret']}`,
    'content-type: application/json',
    `content-length: ${length}`,
    `connection: ${connection}`,
    '',
    '',
  ].join('\r\n')

const createBody = (instruction: string) =>
  JSON.stringify({ txjson: { TransactionType: 'SignIn' }, custom_meta: { instruction } })

const uuidsIn = (answer: string) =>
  [...answer.matchAll(/"uuid":"([0-9a-f-]{36})"/g)].map((match) => match[1] as string)

const instructionOf = async (uuid: string) => {
  const record = (await (await t.api(`payload/${uuid}`)).json()) as {
    custom_meta: { instruction: string }
  }
  return record.custom_meta.instruction
}

describe('request bodies over node:http', () => {
  it('reads a body whose second part comes later than its headers and first part', async () => {
    const body = createBody('sent in parts')
    const answer = await rawExchange(
      [createHead(Buffer.byteLength(body)) + body.slice(0, 20), body.slice(20)],
      60,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    const [uuid] = uuidsIn(answer)
    expect(await instructionOf(uuid as string)).toBe('sent in parts')
  })

  it('reads a chunked body whose chunks come apart', async () => {
    const body = createBody('chunked in parts')
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`
    const head = createHead(0).replace('content-length: 0', 'transfer-encoding: chunked')
    const answer = await rawExchange(
      [head + chunk(body.slice(0, 25)), `${chunk(body.slice(25))}0\r\n\r\n`],
      60,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    const [uuid] = uuidsIn(answer)
    expect(await instructionOf(uuid as string)).toBe('chunked in parts')
  })

  it('answers two pipelined creates, each with its own body', async () => {
    const first = createBody('first')
    const second = createBody('second')
    const answer = await rawExchange([
      createHead(Buffer.byteLength(first), 'keep-alive') +
        first +
        createHead(Buffer.byteLength(second)) +
        second,
    ])
    expect(answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2)
    const uuids = uuidsIn(answer)
    expect(uuids).toHaveLength(2)
    expect(await Promise.all(uuids.map(instructionOf))).toEqual(['first', 'second'])
  })

  it('creates nothing from a body cut off before its declared length', async () => {
    const before = t.server.platform.payloads.size
    const body = createBody('never whole')
    const answer = await rawExchange([createHead(Buffer.byteLength(body) + 10), body], 0, 'destroy')
    expect(answer).toBe('')
    expect(t.server.platform.payloads.size).toBe(before)
  })
})

/** `[[[…1…]]]` nested `depth` levels deep, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`

describe('JSON nesting depth (docs/protocol.md §1: 600 naming the field past 100 levels)', () => {
  const deep = nested(5000)
  it.each([
    ['app-storage', `{"settings":${deep}}`, 'settings'],
    ['app-storage', `{"a":{"b":${deep}}}`, 'a.b'],
    [
      'payload',
      `{"txjson":{"TransactionType":"SignIn"},"custom_meta":{"blob":${deep}}}`,
      'custom_meta.blob',
    ],
    ['xapp/event', `{"user_token":"x","body":"hi","data":{"deep":${deep}}}`, 'data.deep'],
  ])(
    'POST %s refuses a body nested 5,000 deep, naming %s, and stores nothing',
    async (path, text, field) => {
      const payloads = t.server.platform.payloads.size
      const res = await t.api(path, { method: 'POST', body: text })
      const { error } = (await res.json()) as { error: { code: number; message: string } }
      expect(res.status, error.message).toBe(400)
      expect(error.code).toBe(600)
      expect(error.message).toBe(`${field} is nested deeper than 100 levels`)
      expect(t.server.platform.payloads.size).toBe(payloads)
      expect((await (await t.api('app-storage')).json()).data).toBeNull()
    },
  )

  it('the control API refuses deep bodies too', async () => {
    const deepUser = await fetch(`${t.endpoints.api}/__ref/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"Deep","kyc":${nested(200)}}`,
    })
    expect(deepUser.status).toBe(400)
    expect(((await deepUser.json()) as { error: { message: string } }).error.message).toBe(
      'kyc is nested deeper than 100 levels',
    )
  })

  it('keeps a value exactly 100 levels deep', async () => {
    const text = `{"v":${nested(99)}}`
    const res = await t.api('app-storage', { method: 'POST', body: text })
    expect(res.status).toBe(200)
    expect(JSON.stringify((await (await t.api('app-storage')).json()).data)).toBe(text)
  })
})

describe('a refused upload does not wedge its connection', () => {
  const head = (framing: string) =>
    `${createHead(0, 'keep-alive').replace('content-length: 0\r\n', framing)}`
  const megabyte = Buffer.alloc(1024 * 1024, 'x')

  it('a 1 MB chunked body: 400, then the server closes the connection', async () => {
    const chunk = Buffer.concat([Buffer.from(`${megabyte.length.toString(16)}\r\n`), megabyte])
    const answer = await rawExchange([head('transfer-encoding: chunked\r\n'), chunk], 0, 'wait')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(answer).toContain('larger than 256 KB')
  })

  it('a declared 1 MB body: 400, then the server closes the connection', async () => {
    const answer = await rawExchange(
      [head(`content-length: ${megabyte.length}\r\n`), megabyte.subarray(0, 64 * 1024)],
      0,
      'wait',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer.toLowerCase()).toContain('connection: close')
  })
})
