import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReferenceServer, type ReferenceServer } from '../../src/index'
import { createTestEnvironment, type SharedTestEnvironment } from '../../src/testing'

const signIn = { txjson: { TransactionType: 'SignIn' } } as const

let shared: ReferenceServer
let url: string
beforeAll(async () => {
  shared = createReferenceServer({ ledgerCloseMs: false })
  url = (await shared.listen(0)).api
})
afterAll(() => shared.close())

describe('createTestEnvironment({ url }): a tenant of a shared server', () => {
  let one: SharedTestEnvironment
  let two: SharedTestEnvironment
  beforeAll(async () => {
    ;[one, two] = await Promise.all([
      createTestEnvironment({ url }),
      createTestEnvironment({ url: `${url}/` }),
    ])
  })
  afterAll(() => Promise.all([one.close(), two.close()]))

  it('gets an application and users of its own, and no server', () => {
    expect(one.server).toBeUndefined()
    expect(one.application.uuid).not.toBe(two.application.uuid)
    const addresses = (env: SharedTestEnvironment) =>
      env.users.flatMap((user) => user.accounts.map((account) => account.address))
    expect(addresses(one)).not.toContain(addresses(two)[0])
    expect(one.endpoints).toEqual(shared.endpoints)
  })

  it("never sees another environment's payloads or user tokens", async () => {
    const { uuid } = await one.client.payload.create(signIn)
    const token = (await one.users[0].sign(uuid)).application.issued_user_token
    expect((await one.client.payload.get(uuid)).meta.signed).toBe(true)
    await expect(two.client.payload.get(uuid)).rejects.toMatchObject({ status: 404 })
    const [info] = await two.client.verifyUserTokens([token ?? ''])
    expect(info?.active).toBe(false)
  })

  it("reset() forgets this tenant's payloads and tokens only", async () => {
    const mine = await one.client.payload.create(signIn)
    const token = (await one.users[1].sign(mine.uuid)).application.issued_user_token ?? ''
    const theirs = await two.client.payload.create(signIn)
    await one.reset()
    await expect(one.client.payload.get(mine.uuid)).rejects.toMatchObject({ status: 404 })
    expect((await one.client.verifyUserTokens([token]))[0]?.active).toBe(false)
    expect((await two.client.payload.get(theirs.uuid)).meta.exists).toBe(true)
    // The credentials stay valid.
    expect((await one.client.payload.create(signIn)).uuid).toEqual(expect.any(String))
  })

  it('close() leaves the shared server running for the others', async () => {
    const three = await createTestEnvironment({ url })
    await three.close()
    await three.close()
    const { uuid } = await two.client.payload.create(signIn)
    expect((await two.users[0].sign(uuid)).meta.signed).toBe(true)
  })

  it('close() ends its client: an open subscription ends, and later calls are refused', async () => {
    const four = await createTestEnvironment({ url })
    const { uuid } = await four.client.payload.create(signIn)
    const subscription = await four.client.payload.subscribe(uuid)
    await four.close()
    expect(subscription.ended).toBe(true)
    await expect(subscription.resolved).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    await expect(four.client.payload.get(uuid)).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    // The payload itself is untouched on the server that runs on.
    expect((await four.users[0].sign(uuid)).meta.signed).toBe(true)
  })
})

describe('POST /__ref/applications/{uuid}/reset', () => {
  it('is 404 for an unknown application and 403 from another origin, nothing changed', async () => {
    const env = await createTestEnvironment({ url })
    const { uuid } = await env.client.payload.create(signIn)
    const reset = (app: string, headers: Record<string, string> = {}) =>
      fetch(`${url}/__ref/applications/${app}/reset`, { method: 'POST', headers })
    expect((await reset('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await reset(env.application.uuid, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await env.client.payload.get(uuid)).meta.exists).toBe(true)
    await env.close()
  })
})

describe('options are validated', () => {
  let silent: Server
  let silentUrl: string
  beforeAll(async () => {
    // Takes the connection and never answers.
    silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
  })

  it.each([
    [{ url: 'not a url' }, /options\.url must be the http\(s\) base URL/],
    [{ url: 'ftp://127.0.0.1' }, /options\.url must be the http\(s\) base URL/],
    [{ timeoutMs: -1 }, /options\.timeoutMs/],
    [{ autopilot: { user: 0, answer: 'maybe' } }, /options\.autopilot\.answer/],
    [{ autopilot: { user: 0, answer: 'sign', afterMs: 60_001 } }, /options\.autopilot\.afterMs/],
    [{ port: 1 }, /options\b.*port/],
    [{ autopilot: { user: -1, answer: 'sign' } }, /options\.autopilot\.user must be an index/],
    [{ autopilot: { user: 0, answer: 'sign', after: 5 } }, /options\.autopilot\b.*after\b/],
    [{ server: 'fast' }, /options\.server must be an object/],
    [{ timeoutMs: 1.5 }, /options\.timeoutMs must be a whole number/],
    [{ clock: 'real' }, /options\.clock must be 'manual'/],
    [{ clock: 'manual', url: 'http://127.0.0.1:1' }, /options\.clock is for the in-process server/],
    [{ clock: 'manual', server: { clock: {} } }, /options\.clock and options\.server\.clock/],
  ])('%j is refused naming the field', async (options, message) => {
    await expect(createTestEnvironment(options as never)).rejects.toThrow(message)
  })

  it('refuses server options next to a url', async () => {
    await expect(createTestEnvironment({ url, server: {} } as never)).rejects.toThrow(
      /options\.server is for the in-process server only/,
    )
  })

  it('a url that is not a reference server is an error naming it', async () => {
    const other = createReferenceServer()
    const { api } = await other.listen(0)
    await other.close()
    await expect(createTestEnvironment({ url: api })).rejects.toThrow(
      `options.url ${api} is not a running reference server`,
    )
    await expect(createTestEnvironment({ url: `${url}/elsewhere` })).rejects.toThrow(
      /options\.url .* is not a running reference server \(\[GET \/__ref\/state\] 404/,
    )
  })

  it('a url that never answers fails within the timeout, naming it', async () => {
    await expect(createTestEnvironment({ url: silentUrl, timeoutMs: 100 })).rejects.toThrow(
      `options.url ${silentUrl} is not a running reference server`,
    )
  })

  it('an autopilot user that is not one of the environment is refused', async () => {
    await expect(
      createTestEnvironment({ url, autopilot: { user: 5, answer: 'sign' } }),
    ).rejects.toThrow(/options\.autopilot\.user must be an index in users/)
  })
})
