import { afterEach, describe, expect, it } from 'vitest'
import { payment, testPlatform } from '../test-platform'
import { startReceiver } from './webhook-receiver'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe("resetApplication: one tenant's reset", () => {
  it("forgets that application's payloads, webhook log, retries and user tokens, and no other's", async () => {
    const failing = await startReceiver([500])
    const other = await startReceiver([500])
    cleanups.push(failing.close, other.close)
    const { platform, clock, alice } = testPlatform()
    cleanups.push(() => platform.dispose())
    const app = platform.applications.create({ name: 'Reset', webhookUrl: failing.url })
    const kept = platform.applications.create({ name: 'Kept', webhookUrl: other.url })
    const signed = async (owner: typeof app) => {
      const { uuid } = platform.payloads.create(owner, payment())
      const record = await platform.wallet.sign(uuid, { user: alice.uuid })
      return { uuid, token: record.application.issued_user_token ?? '' }
    }
    const mine = await signed(app)
    const theirs = await signed(kept)
    await platform.webhooks.settled()
    expect(platform.webhooks.attempts()).toHaveLength(2)

    platform.resetApplication(app.uuid)

    expect(() => platform.payloads.get(app, mine.uuid)).toThrow(/payload/)
    expect(platform.tokens.userOf(app, mine.token)).toBeNull()
    expect(platform.payloads.get(kept, theirs.uuid).meta.signed).toBe(true)
    expect(platform.tokens.userOf(kept, theirs.token)).toBe(alice.uuid)
    // The first retry is due 10 s later: only the other application's comes.
    clock.advance(10)
    await platform.webhooks.settled()
    expect(failing.received).toHaveLength(1)
    expect(other.received).toHaveLength(2)
    expect(platform.webhooks.attempts().map((a) => a.payload_uuidv4)).toEqual([
      theirs.uuid,
      theirs.uuid,
    ])
    // The credentials still work.
    expect(platform.applications.authenticate(app.apiKey, app.apiSecret).uuid).toBe(app.uuid)
  })

  it('is a 404 for an unknown application, nothing changed', () => {
    const { platform } = testPlatform()
    cleanups.push(() => platform.dispose())
    expect(() => platform.resetApplication('00000000-0000-4000-8000-000000000000')).toThrow(
      /application/,
    )
  })
})
