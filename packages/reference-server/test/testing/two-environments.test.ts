import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

const signIn = { txjson: { TransactionType: 'SignIn' } } as const

// Two servers in one process (two test files in one worker): neither's reset or clock reaches
// the other.
describe('two in-process environments in one process', () => {
  let a: InProcessTestEnvironment
  let b: InProcessTestEnvironment
  beforeAll(async () => {
    ;[a, b] = await Promise.all([
      createTestEnvironment({ clock: 'manual' }),
      createTestEnvironment({ clock: 'manual' }),
    ])
  })
  afterAll(() => Promise.all([a.close(), b.close()]))

  it("one's reset and one's clock leave the other's payloads, tokens and time alone", async () => {
    const { uuid } = await a.client.payload.create({ ...signIn, options: { expire: 5 } })
    await a.users[0].sign(uuid)
    const token = (await a.client.payload.get(uuid)).application.issued_user_token ?? ''
    const bTime = b.server.clock.now()

    await b.reset()
    b.server.platform.reset()
    await b.advance(3600)

    const record = await a.client.payload.get(uuid)
    expect(record.meta).toMatchObject({ signed: true, expired: false })
    expect((await a.client.verifyUserToken(token)).active).toBe(true)
    expect(b.server.clock.now()).toBe(bTime + 3_600_000)
    await expect(b.client.payload.get(uuid)).rejects.toMatchObject({ status: 404 })
  })
})
