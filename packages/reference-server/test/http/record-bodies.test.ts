import type { PayloadRecord } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import { createRecordBodies } from '../../src/http/record-bodies'
import { payment, testPlatforms } from '../platform/test-platform'

const setup = testPlatforms()

describe('the JSON text of payload records (the GET route body cache)', () => {
  it('writes the record as JSON, and the new record of a changed payload, never a stale text', () => {
    const { platform, app, alice } = setup()
    const bodies = createRecordBodies()
    const { uuid } = platform.payloads.create(app, payment())
    const record = platform.payloads.get(app, uuid)
    expect(bodies.text(record)).toBe(JSON.stringify(record))
    expect(JSON.parse(bodies.text(platform.payloads.get(app, uuid)))).toEqual(record)

    platform.payloads.open(uuid, { userUuid: alice.uuid })
    const opened = platform.payloads.get(app, uuid)
    const text = bodies.text(opened)
    expect(JSON.parse(text).meta.app_opened).toBe(true)
    expect(text).toBe(JSON.stringify(opened))
  })

  it('keeps at most its character budget, and nothing after clear', () => {
    const { platform, app } = setup()
    const budget = 20_000
    const bodies = createRecordBodies(budget)
    const records: PayloadRecord[] = []
    for (let i = 0; i < 50; i++) {
      const { uuid } = platform.payloads.create(app, payment())
      records.push(platform.payloads.get(app, uuid))
    }
    for (const record of records) expect(bodies.text(record)).toBe(JSON.stringify(record))
    expect(bodies.chars).toBeGreaterThan(budget / 2)
    expect(bodies.chars).toBeLessThanOrEqual(budget)
    bodies.clear()
    expect(bodies.chars).toBe(0)
  })
})
