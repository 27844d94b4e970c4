import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

/** Writes raw request bytes in parts, `pauseMs` apart, and returns everything the server answered. */
const rawExchange = (parts: string[], pauseMs = 0, endAfter = true) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(t.endpoints.api)
    const socket = connect(Number(port), hostname)
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(answer))
    socket.on('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((done) => setTimeout(done, pauseMs))
        socket.write(part)
      }
      if (endAfter) socket.end()
      else setTimeout(() => socket.destroy(), 300)
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
    const answer = await rawExchange([createHead(Buffer.byteLength(body) + 10), body], 0, false)
    expect(answer).toBe('')
    expect(t.server.platform.payloads.size).toBe(before)
  })
})
