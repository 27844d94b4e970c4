import { afterEach, describe, expect, it } from 'vitest'
import { okJson, startTestServer, type TestServer } from './test-server'

let t: TestServer | undefined
afterEach(() => t?.close())

const TEN_YEARS = 10 * 365 * 24 * 3600

describe('POST /__ref/clock/advance of years (docs/protocol.md §10)', () => {
  it('collapses the skipped 4 s ledger closes into one step, so the answer comes at once', async () => {
    t = await startTestServer({ ledgerCloseMs: 4000 })
    const before = t.server.platform.ledger.latestClosedIndex('TESTNET')
    const started = performance.now()
    const moved = await okJson(await t.control('clock/advance', { seconds: TEN_YEARS }))
    const took = performance.now() - started
    // One close per skipped second took ~10 s per year: minutes for ten.
    expect(took, `${took.toFixed(0)} ms`).toBeLessThan(2000)
    expect(Date.parse(moved.now)).toBeGreaterThan(Date.now() + (TEN_YEARS - 60) * 1000)
    // Every skipped close still counts: the ledger index moved by all of them.
    const closed = t.server.platform.ledger.latestClosedIndex('TESTNET') - before
    expect(closed).toBeGreaterThanOrEqual(TEN_YEARS / 4)
    expect(closed).toBeLessThanOrEqual(TEN_YEARS / 4 + 2)
    // The server still serves, and a payload created after the jump is fresh.
    const { uuid } = await t.createPayload()
    const record = await okJson(await t.api(`payload/${uuid}`))
    expect(record.meta.expired).toBe(false)
  })
})
