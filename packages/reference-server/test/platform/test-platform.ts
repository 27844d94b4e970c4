import { afterEach } from 'vitest'
import { createPlatform, type Platform, type PlatformOptions } from '../../src/create-platform'
import { type Clock, createClock } from '../../src/platform/clock'
import { EMPTY_FIXTURES } from '../../src/platform/fixtures'

/** A fixed start time, so ISO dates in assertions are predictable. */
export const START = Date.parse('2026-01-01T00:00:00.000Z')

/** Classic addresses that belong to nobody on the platform. */
export const OUTSIDER = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'

/** A platform with one application ("Shop") and one user ("Alice"), manual ledger closes. */
export function testPlatform(options: PlatformOptions = {}) {
  const clock: Clock = options.clock ?? createClock({ start: START, manual: true })
  const platform: Platform = createPlatform({
    fixtures: EMPTY_FIXTURES,
    ledgerCloseMs: false,
    ...options,
    clock,
  })
  const app = platform.applications.create({
    name: 'Shop',
    permissions: ['push'],
    ...(options.fetch ? {} : {}),
  })
  const alice = platform.users.create({ name: 'Alice', kyc: 'SUCCESSFUL' })
  return { platform, clock, app, alice }
}

/** {@link testPlatform} for the tests of a file: each platform is disposed after its test. */
export function testPlatforms(): (options?: PlatformOptions) => ReturnType<typeof testPlatform> {
  const made: Platform[] = []
  afterEach(() => {
    for (const platform of made.splice(0)) platform.dispose()
  })
  return (options) => {
    const test = testPlatform(options)
    made.push(test.platform)
    return test
  }
}

/** A native payment request body. */
export const payment = (extra: Record<string, unknown> = {}) => ({
  txjson: {
    TransactionType: 'Payment',
    Destination: OUTSIDER,
    Amount: '1000000',
    ...extra,
  },
})

/** Everything a failed request must leave unchanged, as comparable JSON. */
export function fingerprint(platform: Platform): string {
  return JSON.stringify({
    size: platform.payloads.size,
    state: platform.state(),
    inboxes: platform.users.list().map((u) => platform.inbox(u.uuid).map((r) => r.meta.uuid)),
    tokens: platform.users.list().map((u) => platform.tokens.ofUser(u.uuid)),
  })
}
