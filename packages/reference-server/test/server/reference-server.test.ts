import { describe, expect, it } from 'vitest'
import { createReferenceServer } from '../../src/index'
import { createClock } from '../../src/platform'

describe('createReferenceServer', () => {
  it('listen(0) picks a free port and points the platform’s links at it', async () => {
    const server = createReferenceServer({ ledgerCloseMs: false })
    try {
      const endpoints = await server.listen(0)
      expect(endpoints.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(endpoints).toEqual({
        api: endpoints.api,
        oauth: `${endpoints.api}/oauth`,
        links: endpoints.api,
      })
      expect(server.endpoints).toEqual(endpoints)
      expect(server.platform.endpoints).toEqual(endpoints)
      const [app] = server.platform.applications.list()
      const created = server.platform.payloads.create(app as NonNullable<typeof app>, {
        txjson: { TransactionType: 'SignIn' },
      })
      expect(created.next.always).toBe(`${endpoints.api}/sign/${created.uuid}`)
      expect((await fetch(created.refs.qr_png)).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('the handler answers in-process without a port, with the same routes', async () => {
    const server = createReferenceServer({
      ledgerCloseMs: false,
      endpoints: {
        api: 'http://in-process.test',
        oauth: 'http://in-process.test/oauth',
        links: 'http://in-process.test',
      },
    })
    try {
      const app = server.platform.applications.list()[0] as NonNullable<
        ReturnType<typeof server.platform.applications.list>[0]
      >
      const res = await server.handler(
        new Request('http://in-process.test/api/v1/platform/payload', {
          method: 'POST',
          headers: {
            'x-api-key': app.apiKey,
            'x-api-secret': app.apiSecret,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
        }),
      )
      expect(res.status).toBe(200)
      const created = (await res.json()) as { uuid: string; next: { always: string } }
      expect(created.next.always).toBe(`http://in-process.test/sign/${created.uuid}`)
      const alice = server.platform.users.list()[0]?.uuid as string
      const record = await server.wallet.sign(created.uuid, { user: alice })
      expect(record.meta.signed).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('passes the clock and fixtures through to the platform', async () => {
    const start = Date.parse('2030-01-01T00:00:00Z')
    const clock = createClock({ start, manual: true })
    const server = createReferenceServer({
      clock,
      fixtures: { applications: [{ name: 'Only app' }], users: [] },
    })
    try {
      expect(server.clock).toBe(clock)
      expect(server.platform.applications.list().map((a) => a.name)).toEqual(['Only app'])
      expect(server.platform.users.list()).toEqual([])
      const endpoints = await server.listen(0)
      const advanced = await fetch(`${endpoints.api}/__ref/clock/advance`, {
        method: 'POST',
        body: JSON.stringify({ seconds: 3600 }),
      })
      const { now } = (await advanced.json()) as { now: string }
      expect(Date.parse(now) - start).toBe(3_600_000)
    } finally {
      await server.close()
      clock.dispose()
    }
  })

  it('bad fixtures are refused with a message naming the field', () => {
    expect(() => createReferenceServer({ fixtures: { applications: 'none' } })).toThrow(
      /applications/,
    )
  })

  it('close() stops listening; closing an unstarted server is fine', async () => {
    const unstarted = createReferenceServer()
    await unstarted.close()
    const server = createReferenceServer({ ledgerCloseMs: false })
    const { api } = await server.listen(0)
    // A kept-alive connection must not hold close() open.
    expect((await fetch(`${api}/__ref/state`)).status).toBe(200)
    await server.close()
    await expect(fetch(`${api}/__ref/state`)).rejects.toThrow()
  })

  it('listen on a port in use rejects', async () => {
    const first = createReferenceServer({ ledgerCloseMs: false })
    const second = createReferenceServer({ ledgerCloseMs: false })
    try {
      const { api } = await first.listen(0)
      await expect(second.listen(Number(new URL(api).port))).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
      await second.close()
    }
  })
})
