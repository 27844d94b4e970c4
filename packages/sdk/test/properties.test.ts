import fc from 'fast-check'
import { classifySocketMessage } from 'pullsign/wire'
import { describe, expect, test } from 'vitest'
import { createBody } from '../src/api/payload'
import { redact } from '../src/core/redact'

describe('properties', () => {
  test('classifySocketMessage is total: any JSON value gives null or a tagged event of it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const event = classifySocketMessage(value)
        if (event === null) return
        expect(typeof event.type).toBe('string')
        expect(typeof event.data).toBe('object')
      }),
    )
  })

  test('redact removes every occurrence of a UUID-shaped secret from any text', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.array(fc.string()), (secret, parts) => {
        const text = parts.join(secret)
        expect(redact(text, [secret])).not.toContain(secret)
      }),
    )
  })

  test('a bare transaction is wrapped as {txjson}; a body is passed through unchanged', () => {
    const field = fc
      .string({ minLength: 1 })
      .filter((k) => !['txjson', 'txblob', '__proto__'].includes(k))
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(field, fc.jsonValue()),
        (type, rest) => {
          const tx = { ...rest, TransactionType: type }
          expect(createBody(tx)).toEqual({ txjson: tx })
          expect(createBody({ txjson: tx })).toEqual({ txjson: tx })
        },
      ),
    )
  })
})
