import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createClock,
  createTestEnvironment,
  type InProcessTestEnvironment,
} from '../../src/testing'

const signIn = { txjson: { TransactionType: 'SignIn' } } as const

describe('createTestEnvironment() with a server of its own', () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({ server: { ledgerCloseMs: false } })
  })
  afterAll(() => env.close())

  it('holds an application whose client works and two funded users who sign for real', async () => {
    expect(env.server.endpoints).toEqual(env.endpoints)
    expect(env.client.apiKey).toBe(env.application.apiKey)
    expect(env.users.length).toBeGreaterThanOrEqual(2)
    const [alice, bob] = env.users
    for (const user of [alice, bob]) {
      const address = user.accounts[0]?.address
      const account = await (
        await fetch(`${env.endpoints.api}/__ref/accounts/${address}?network=TESTNET`)
      ).json()
      expect(Number(account.balance)).toBeGreaterThan(0)
    }
    const { uuid } = await env.client.payload.create(signIn)
    const signed = await alice.sign(uuid)
    expect(signed.meta.signed).toBe(true)
    expect((await env.client.payload.get(uuid)).response.account).toBe(alice.accounts[0]?.address)
    const { uuid: rejected } = await env.client.payload.create(signIn)
    expect((await bob.reject(rejected)).meta.signed).toBe(false)
  })

  it('reset() forgets payloads and user tokens and keeps the credentials valid', async () => {
    const { uuid } = await env.client.payload.create(signIn)
    const token = (await env.users[0].sign(uuid)).application.issued_user_token
    expect(token).toEqual(expect.any(String))
    await env.reset()
    await expect(env.client.payload.get(uuid)).rejects.toMatchObject({ status: 404 })
    const [info] = await env.client.verifyUserTokens([token ?? ''])
    expect(info?.active).toBe(false)
    const again = await env.client.payload.create(signIn)
    expect((await env.users[1].sign(again.uuid)).meta.signed).toBe(true)
  })

  it('a wallet answer for an unknown payload says which call failed', async () => {
    await expect(env.users[0].sign('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      /\[POST \/__ref\/payloads\/0{8}-0{4}-4000-8000-0{12}\/sign\] 404/,
    )
  })
})

describe('close()', () => {
  it('ends the server, and closing twice is harmless', async () => {
    const env = await createTestEnvironment()
    const { api } = env.endpoints
    await Promise.all([env.close(), env.close()])
    await env.close()
    await expect(fetch(`${api}/__ref/state`)).rejects.toThrow()
  })
})

describe("createTestEnvironment({ clock: 'manual' })", () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual' })
  })
  afterAll(() => env.close())

  it('stands still between calls, and advance(seconds) moves the server time and the payloads', async () => {
    const start = env.server.clock.now()
    const { uuid } = await env.client.payload.create({ ...signIn, options: { expire: 1 } })
    const before = await env.client.payload.get(uuid)
    expect(env.server.clock.now()).toBe(start)
    expect(before.payload.expires_in_seconds).toBe(60)
    await env.advance(59)
    expect(env.server.clock.now()).toBe(start + 59_000)
    expect((await env.client.payload.get(uuid)).payload.expires_in_seconds).toBe(1)
    await env.advance(1)
    expect((await env.client.payload.get(uuid)).meta.expired).toBe(true)
  })

  it('createClock is the same clock, for a server of your own', () => {
    const clock = createClock({ manual: true, start: Date.parse('2030-01-01T00:00:00Z') })
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock.now()), 90_000)
    clock.advance(89)
    expect(fired).toEqual([])
    clock.advance(1)
    expect(fired).toEqual([Date.parse('2030-01-01T00:01:30Z')])
  })
})
