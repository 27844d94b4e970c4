import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const patch = (uuid: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.endpoints.api}/__ref/applications/${uuid}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const stateOf = async () => okJson(await t.control('state'))

describe('PATCH /__ref/applications/{uuid} (docs/protocol.md §10)', () => {
  it('changes the redirect URIs, xApp, name and webhook URL, and the platform uses them', async () => {
    const hits: string[] = []
    const receiver = createServer((req, res) => {
      hits.push(req.url ?? '')
      req.resume()
      req.on('end', () => res.writeHead(200).end())
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    try {
      const changed = await okJson(
        await patch(t.app.uuid, {
          name: 'Renamed shop',
          webhookUrl: `http://127.0.0.1:${port}/new-hook`,
          redirectUris: ['https://shop.example/callback'],
          xapp: { url: 'https://shop.example/xapp', sandbox: true },
        }),
      )
      expect(changed).toMatchObject({
        uuid: t.app.uuid,
        apiSecret: t.app.apiSecret,
        name: 'Renamed shop',
        redirectUris: ['https://shop.example/callback'],
        xapp: { url: 'https://shop.example/xapp', sandbox: true, devices: [] },
      })
      expect((await stateOf()).applications[0]).toEqual(changed)
      // The next resolution's webhook goes to the new URL.
      const { uuid } = await t.createPayload()
      await okJson(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
      await okJson(await t.control('webhooks?settled'))
      expect(hits).toEqual(['/new-hook'])
      // A field left out stays; null clears the webhook and the xApp.
      const cleared = await okJson(await patch(t.app.uuid, { webhookUrl: null, xapp: null }))
      expect(cleared).toMatchObject({ name: 'Renamed shop', webhookUrl: null, xapp: null })
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })

  it.each([
    [{ redirectUris: ['not a url'] }, 'redirectUris.0'],
    [{ xapp: { url: 'ftp://shop.example/' } }, 'xapp.url'],
    [{ name: '' }, 'name'],
    [{ webhookUrl: 'javascript:alert(1)' }, 'webhookUrl'],
    [{ apiSecret: '00000000-0000-4000-8000-000000000000' }, 'body'],
  ])('%j: 400 naming %s, nothing changed', async (body, field) => {
    const before = await stateOf()
    const error = await errorOf(await patch(t.app.uuid, body))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message.startsWith(`${field} `), error.message).toBe(true)
    expect(await stateOf()).toEqual(before)
  })

  it('404 for an unknown application, 403 from another origin, and the same in-process', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'x' })).status).toBe(404)
    const foreign = await patch(
      t.app.uuid,
      { name: 'Taken over' },
      { origin: 'https://evil.example' },
    )
    expect(foreign.status).toBe(403)
    expect((await stateOf()).applications[0].name).toBe(t.app.name)
    const app = t.server.platform.applications.update(t.app.uuid, { redirectUris: [] })
    expect(app.redirectUris).toEqual([])
  })
})
