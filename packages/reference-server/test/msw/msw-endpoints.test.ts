import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'

describe('createHandlers: which endpoints it serves', () => {
  test('a server with neither endpoints nor a port is refused, with what to do', async () => {
    const server = createReferenceServer({ ledgerCloseMs: false })
    try {
      expect(server.hasEndpoints).toBe(false)
      expect(() => createHandlers(server)).toThrow(
        /no endpoints to serve.*createReferenceServer\(\{ endpoints:.*server\.listen\(0\)/,
      )
    } finally {
      await server.close()
    }
  })

  test('after listen(0) the handlers serve the listening address, in-process', async () => {
    const server = createReferenceServer({ ledgerCloseMs: false })
    const msw = setupServer()
    try {
      const endpoints = await server.listen(0)
      msw.use(...createHandlers(server))
      msw.listen({ onUnhandledRequest: 'error' })
      const served: string[] = []
      msw.events.on('request:match', ({ request }) => served.push(request.url))
      const res = await fetch(`${endpoints.api}/__ref/state`)
      expect(res.status, await res.clone().text()).toBe(200)
      expect((await res.json()).endpoints).toEqual(endpoints)
      expect(served).toEqual([`${endpoints.api}/__ref/state`])
    } finally {
      msw.close()
      await server.close()
    }
  })

  test('endpoints given in the options are served without a port', async () => {
    const endpoints = {
      api: 'https://given.test',
      oauth: 'https://given.test/oauth',
      links: 'https://given.test',
    }
    const server = createReferenceServer({ endpoints, ledgerCloseMs: false })
    const msw = setupServer(...createHandlers(server))
    try {
      msw.listen({ onUnhandledRequest: 'error' })
      expect(server.hasEndpoints).toBe(true)
      const res = await fetch('https://given.test/__ref/state')
      expect((await res.json()).endpoints).toEqual(endpoints)
    } finally {
      msw.close()
      await server.close()
    }
  })
})
