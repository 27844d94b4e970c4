import { afterEach, describe, expect, it } from 'vitest'
import { assemblePlatform, type Platform } from '../../../src/create-platform'
import { createClock } from '../../../src/platform/clock'
import { EMPTY_FIXTURES } from '../../../src/platform/fixtures'
import { payment, START } from '../test-platform'

const platforms: Platform[] = []
afterEach(() => {
  for (const p of platforms.splice(0)) p.dispose()
})

const setup = () => {
  const { platform, payloadJson } = assemblePlatform({
    fixtures: EMPTY_FIXTURES,
    ledgerCloseMs: false,
    clock: createClock({ start: START, manual: true }),
  })
  platforms.push(platform)
  const app = platform.applications.create({ name: 'Shop' })
  return { platform, payloadJson, app }
}

describe('payloads: one path per read, the routes send its JSON', () => {
  it('has no JSON twins on the public API', () => {
    const { platform } = setup()
    const methods = Object.keys(platform.payloads)
    expect(methods).toEqual(expect.arrayContaining(['create', 'get', 'getByIdentifier']))
    expect(methods.filter((name) => /json/i.test(name))).toEqual([])
  })

  it('create and get return the JSON the routes send, parsed', () => {
    const { platform, payloadJson, app } = setup()
    const created = JSON.parse(
      payloadJson.create(app, { ...payment(), custom_meta: { identifier: 'o-1' } }),
    )
    const other = platform.payloads.create(app, payment())
    expect(JSON.parse(JSON.stringify(other).replaceAll(other.uuid, created.uuid))).toEqual(created)
    const record = platform.payloads.get(app, created.uuid)
    expect(JSON.parse(payloadJson.get(app, created.uuid))).toEqual(record)
    expect(JSON.parse(payloadJson.getByIdentifier(app, 'o-1'))).toEqual(record)
  })
})
