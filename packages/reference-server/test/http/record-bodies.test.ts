import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { API_PATHS, type PayloadRecord } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import { CONTROL_API_PATH } from '../../src/control-api-types'
import { createRecordBodies } from '../../src/http/record-bodies'
import { createReferenceServer, type ReferenceServer } from '../../src/index'
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

// A collection on demand (the flag is read when the context asks for `gc`), to see what a reset
// lets go of. The body cache never answers a stale text (a text is reused only for the very
// record object it was written from), but a reset it missed kept the forgotten payloads'
// records and texts alive, up to its 1.5 MB budget: the control API's reset cleared it, the
// platform's and the test kit's did not.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

type Reset = (server: ReferenceServer, appUuid: string) => unknown
const RESETS: [string, Reset][] = [
  ['platform.reset()', (server) => server.platform.reset()],
  [
    "platform.resetApplication() (the test kit's reset)",
    (server, appUuid) => server.platform.resetApplication(appUuid),
  ],
  [
    'POST /__ref/reset',
    (server) =>
      server.handler(
        new Request(`${server.endpoints.api}${CONTROL_API_PATH}/reset`, { method: 'POST' }),
      ),
  ],
]

describe('every reset lets go of the answer texts of the payloads it forgot', () => {
  it.each(RESETS)('%s', async (_name, reset) => {
    const server = createReferenceServer({ ledgerCloseMs: false })
    try {
      const [app] = server.platform.applications.list()
      if (!app) throw new Error('the demo fixtures hold an application')
      const { uuid } = server.platform.payloads.create(app, payment())
      const answer = await server.handler(
        new Request(`${server.endpoints.api}${API_PATHS.platform}/payload/${uuid}`, {
          headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
        }),
      )
      expect(answer.status).toBe(200)
      await answer.text()
      // The record the route answered with: the payloads keep one object per revision.
      const record = new WeakRef(server.platform.payloads.record(uuid))
      await reset(server, app.uuid)
      // A WeakRef's target lives to the end of the job that made or read it.
      await new Promise((resolve) => setImmediate(resolve))
      collectGarbage()
      expect(record.deref(), 'the record of a forgotten payload is still held').toBeUndefined()
    } finally {
      await server.close()
    }
  })
})
