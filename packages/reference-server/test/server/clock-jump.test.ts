import { afterEach, describe, expect, it } from 'vitest'
import { createClock } from '../../src/testing'
import { okJson, startTestServer, type TestServer } from './test-server'

let t: TestServer | undefined
afterEach(() => t?.close())

const TEN_YEARS = 10 * 365 * 24 * 3600
const START = Date.parse('2026-01-01T00:00:00Z')

describe('POST /__ref/clock/advance of years (docs/protocol.md §10)', () => {
  // One close per skipped 4 s took ~10 s per simulated year: ten years would take minutes, past
  // the test's timeout. Collapsed into one step, the answer comes at once.
  it('collapses the skipped 4 s ledger closes into one step, each close still counted', async () => {
    t = await startTestServer({
      ledgerCloseMs: 4000,
      clock: createClock({ manual: true, start: START }),
    })
    const before = t.server.platform.ledger.latestClosedIndex('TESTNET')
    const moved = await okJson(await t.control('clock/advance', { seconds: TEN_YEARS }))
    expect(moved.now).toBe(new Date(START + TEN_YEARS * 1000).toISOString())
    // Every skipped close still counts: the ledger index moved by all of them.
    const closed = t.server.platform.ledger.latestClosedIndex('TESTNET') - before
    expect(closed).toBe(TEN_YEARS / 4)
    // The server still serves, and a payload created after the jump is fresh.
    const { uuid } = await t.createPayload()
    const record = await okJson(await t.api(`payload/${uuid}`))
    expect(record.meta.expired).toBe(false)
  })
})
