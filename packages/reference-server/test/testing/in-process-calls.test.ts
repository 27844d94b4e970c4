import { getEventListeners } from 'node:events'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'
import { inProcessFetch } from '../../src/testing/in-process-fetch'

const signIn = { txjson: { TransactionType: 'SignIn' } } as const

describe("a server of its own: the kit's calls stay in the process", () => {
  let env: InProcessTestEnvironment
  // msw in the same file, refusing every request it has no handler for: the kit's client and
  // wallet answers never reach the global fetch, while the port still serves the code under test.
  const msw = setupServer()
  beforeAll(async () => {
    env = await createTestEnvironment({ server: { ledgerCloseMs: false } })
    msw.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(async () => {
    msw.close()
    await env.close()
  })

  it('creates, signs and reads a payload past an msw that refuses unknown requests', async () => {
    const unhandled: string[] = []
    msw.events.on('request:unhandled', ({ request }) => unhandled.push(request.url))
    const { uuid } = await env.client.payload.create(signIn)
    expect((await env.users[0].sign(uuid)).meta.signed).toBe(true)
    expect((await env.client.payload.get(uuid)).meta.signed).toBe(true)
    expect(unhandled).toEqual([])
    msw.events.removeAllListeners()
  })

  it('the port answers the same payload to any other client', async () => {
    msw.close()
    const { uuid } = await env.client.payload.create(signIn)
    const res = await fetch(`${env.endpoints.api}/api/v1/platform/payload/${uuid}`, {
      headers: { 'x-api-key': env.application.apiKey, 'x-api-secret': env.application.apiSecret },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await res.json()).meta.uuid).toBe(uuid)
  })
})

describe('inProcessFetch', () => {
  const never = () => new Promise<Response>(() => {})

  it('rejects with the abort reason when the signal fires, as fetch does', async () => {
    const controller = new AbortController()
    const call = inProcessFetch(never)('http://127.0.0.1:1/x', { signal: controller.signal })
    const reason = new Error('closed')
    controller.abort(reason)
    await expect(call).rejects.toBe(reason)
  })

  it('never calls the handler for a signal already aborted', async () => {
    let calls = 0
    const fetch = inProcessFetch(async () => {
      calls++
      return new Response(null)
    })
    await expect(
      fetch('http://127.0.0.1:1/x', { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(calls).toBe(0)
  })

  it('leaves no listener on a signal the caller reuses for its calls (the SDK pools its controllers)', async () => {
    const controller = new AbortController()
    const fetch = inProcessFetch(async () => new Response('{}'))
    for (let i = 0; i < 50; i++) await fetch('http://127.0.0.1:1/x', { signal: controller.signal })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('follows the signal of a Request given as input', async () => {
    const controller = new AbortController()
    const call = inProcessFetch(never)(
      new Request('http://127.0.0.1:1/x', { signal: controller.signal }),
    )
    controller.abort(new Error('gone'))
    await expect(call).rejects.toThrow('gone')
  })

  it('rejects an unparseable URL as fetch does, with a TypeError', async () => {
    await expect(inProcessFetch(never)('not a url')).rejects.toBeInstanceOf(TypeError)
  })
})
