import type { PayloadCreated } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import { createdText } from '../../src/http/created-text'
import { createdAnswer } from '../../src/platform/payloads/created-answer'
import { payment, testPlatforms } from '../platform/test-platform'

const setup = testPlatforms()
const UUID = '0b562893-d9d9-442d-8b25-80a1c3db3a23'

describe("a create's answer as text (docs/protocol.md §3.2)", () => {
  it("is JSON.stringify's text of the platform's own answers, pushed or not", async () => {
    const { platform, app, alice } = setup()
    const plain = platform.payloads.create(app, payment())
    const token = (await platform.wallet.sign(plain.uuid, { user: alice.uuid })).application
      .issued_user_token
    if (!token) throw new Error('the signed payload should issue a user token')
    const pushed = platform.payloads.create(app, { ...payment(), user_token: token })
    expect(pushed.pushed).toBe(true)
    for (const created of [plain, pushed]) {
      expect(createdText(created)).toBe(JSON.stringify(created))
    }
  })

  it.each([
    ['a plain base', 'http://127.0.0.1:4000'],
    ['a quote and a backslash', 'http://h/"q\\'],
    ['control characters', 'http://h/\u0000\n\u001f'],
    ['non-ASCII text and an emoji', 'http://h/grüß/😀'],
    ['a lone surrogate', 'http://h/\ud800'],
    ['line and paragraph separators', 'http://h/\u2028\u2029'],
  ])('escapes as JSON.stringify does: %s', (_name, base) => {
    for (const pushed of [false, true]) {
      const created: PayloadCreated = createdAnswer(UUID, pushed, base)
      expect(createdText(created)).toBe(JSON.stringify(created))
      expect(JSON.parse(createdText(created))).toEqual(created)
    }
  })
})
