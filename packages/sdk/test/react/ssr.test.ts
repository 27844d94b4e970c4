import { createReferenceServer } from '@pullsign/reference-server'
import { createNativeClient, type NativeClient } from 'pullsign'
import { usePayload, useSession, useSignRequest, useXapp } from 'pullsign/react'
import type { PayloadCreated } from 'pullsign/wire'
import { createElement, Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const server = createReferenceServer({ ledgerCloseMs: false })
let api: string
beforeAll(async () => {
  api = (await server.listen(0)).api
})
afterAll(() => server.close())

/** Every socket a store tries to open, refused: a server render must open none. */
const opened: string[] = []
class RecordingSocket {
  constructor(url: string) {
    opened.push(url)
    throw new Error('no socket in a server render')
  }
}

interface Props {
  api: string
  created: PayloadCreated
  client: NativeClient
}

function Checkout({ api, created }: Props) {
  const request = useSignRequest({
    create: async () => created,
    endpoints: { api },
    WebSocket: RecordingSocket as never,
  })
  return createElement('p', { id: 'checkout' }, `${request.status} ${request.isIdle}`)
}

function Follow({ api, created }: Props) {
  const { status, isWaiting, links, secondsLeft } = usePayload(created.uuid, {
    endpoints: { api },
    WebSocket: RecordingSocket as never,
  })
  return createElement(
    'p',
    { id: 'follow' },
    `${status} ${isWaiting} ${links?.always ?? 'no link'} ${secondsLeft ?? 'no countdown'}`,
  )
}

function Account({ client }: Props) {
  const session = useSession(client)
  const none = useSession(null)
  return createElement('p', { id: 'account' }, `${session.status} ${none.isRestoring}`)
}

function Xapp() {
  const xapp = useXapp(null)
  return createElement('p', { id: 'xapp' }, `${xapp.status} ${xapp.isLoading}`)
}

describe('a server render (react-dom/server in Node)', () => {
  test('each hook reports its stable first state, and no socket is opened', async () => {
    const [app] = server.platform.applications.list()
    if (!app) throw new Error('the demo fixtures changed: no application')
    const client = createNativeClient({
      apiKey: app.apiKey,
      endpoints: { api },
      redirectUrl: 'myapp://signin',
      openUrl: () => {},
    })
    const created = server.platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
    const props: Props = { api, created, client }
    const html = renderToString(
      createElement(
        Fragment,
        null,
        createElement(Checkout, props),
        createElement(Follow, props),
        createElement(Account, props),
        createElement(Xapp),
      ),
    )
    expect(html).toContain('<p id="checkout">idle true</p>')
    expect(html).toContain('<p id="follow">idle false no link no countdown</p>')
    expect(html).toContain('<p id="account">restoring true</p>')
    expect(html).toContain('<p id="xapp">loading true</p>')
    // Twice the same: a server render is stable.
    const follow = () => renderToString(createElement(Follow, props))
    expect(follow()).toBe(follow())
    // Whatever a store would start runs after a few turns of the event loop: none did.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(opened).toEqual([])
    await client.close()
  })
})
