import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { setupServer } from 'msw/node'
import { NetworkError, PullSign } from 'pullsign'
import type { Endpoints } from 'pullsign/wire'
import { afterAll, beforeAll, expect, test } from 'vitest'

// Nothing listens on port 9 of this machine: the HTTP API is served by msw, sockets by nobody.
const endpoints: Endpoints = {
  api: 'http://127.0.0.1:9',
  oauth: 'http://127.0.0.1:9/oauth',
  links: 'http://127.0.0.1:9',
}
const server = createReferenceServer({ endpoints, ledgerCloseMs: false })
const msw = setupServer(...createHandlers(server))

beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }))
afterAll(async () => {
  msw.close()
  await server.close()
})

test('a subscription through the msw handlers without a listening server fails at once, saying what to do', async () => {
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('the demo fixtures have no application')
  const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
  // Before, this waited through 20 reconnects (about two minutes): the test's timeout would fail it.
  const error = await pullsign.payload.subscribe(created).catch((e) => e)
  expect(error).toBeInstanceOf(NetworkError)
  expect(error.message).toContain(`ws://127.0.0.1:9/sign/${created.uuid} never opened`)
  expect(error.message).toContain('server.listen(0)')
  expect(error.message).toContain('WebSocket option')
})
