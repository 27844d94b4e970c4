import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/platform/index'
import { payloadTexts } from '../../src/platform/payload-texts'
import { payment, testPlatform } from './test-platform'

const platforms: Platform[] = []
afterEach(() => {
  for (const p of platforms.splice(0)) p.dispose()
})

describe('payloads: one public method per operation, text answers for the routes', () => {
  it('has no text twins on the public API', () => {
    const { platform } = testPlatform()
    platforms.push(platform)
    const methods = Object.keys(platform.payloads)
    expect(methods).toEqual(expect.arrayContaining(['create', 'get', 'getByIdentifier']))
    expect(methods.filter((name) => /json/i.test(name))).toEqual([])
  })

  it('answers the routes with the text of what create and get return', () => {
    const { platform, app } = testPlatform()
    platforms.push(platform)
    const texts = payloadTexts(platform.payloads)
    const created = JSON.parse(
      texts.create(app, { ...payment(), custom_meta: { identifier: 'o-1' } }),
    )
    const other = platform.payloads.create(app, payment())
    expect(JSON.parse(JSON.stringify(other).replaceAll(other.uuid, created.uuid))).toEqual(created)
    const record = platform.payloads.get(app, created.uuid)
    expect(JSON.parse(texts.get(app, created.uuid))).toEqual(record)
    expect(JSON.parse(texts.getByIdentifier(app, 'o-1'))).toEqual(record)
    expect(() => payloadTexts({ ...platform.payloads })).toThrow(/createPayloads/)
  })
})
