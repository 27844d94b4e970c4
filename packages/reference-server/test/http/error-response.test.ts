import { describe, expect, it } from 'vitest'
import { errorResponse } from '../../src/http/error-response'
import { badBody, rateLimited } from '../../src/platform'

describe('errorResponse (docs/protocol.md §1)', () => {
  it('keeps a platform refusal’s status, code and message, with a fresh reference', async () => {
    const res = errorResponse(badBody('user_token', 'is required'))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/json')
    const { error } = (await res.json()) as {
      error: { reference: string; code: number; message: string }
    }
    expect(error).toEqual({
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: 600,
      message: 'user_token is required',
    })
  })

  it('adds retry-after to a rate-limit refusal', () => {
    const res = errorResponse(rateLimited(17))
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('17')
  })

  it('answers any other exception 500 without its message (it may hold request data)', async () => {
    const logged: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => logged.push(args)
    try {
      const res = errorResponse(new TypeError('cannot read secret 9c37e717-849f'))
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(text).not.toContain('secret')
      const { error } = JSON.parse(text) as {
        error: { reference: string; code: number; message: string }
      }
      expect(error.code).toBe(500)
      expect(error.message).toContain(error.reference)
      expect(JSON.stringify(logged)).toContain(error.reference)
    } finally {
      console.error = original
    }
  })
})
