import { describe, expect, it } from 'vitest'
import { createdAnswer } from '../../../src/platform/payloads/created-answer'
import { testPlatforms } from '../test-platform'

const setup = testPlatforms()
const uuid = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b'

describe('the §3.2 answer of a create', () => {
  it('holds the sign page, QR and websocket links, pushed or not, whatever the base URL holds', () => {
    for (const base of ['http://127.0.0.1:4000', 'https://ref.example/a"b\\c/ü\u2028']) {
      for (const pushed of [false, true]) {
        const answer = createdAnswer(uuid, pushed, base)
        const sign = `${base}/sign/${uuid}`
        expect(JSON.parse(JSON.stringify(answer))).toEqual({
          uuid,
          next: pushed ? { always: sign, no_push_msg_received: `${sign}/qr` } : { always: sign },
          refs: {
            qr_png: `${sign}_q.png`,
            qr_matrix: `${sign}_q.json`,
            qr_uri_quality_opts: ['m', 'q', 'h'],
            websocket_status: `${base.replace('http', 'ws')}/sign/${uuid}`,
          },
          pushed,
        })
      }
    }
  })

  it('follows the base URL when the transport changes it', () => {
    const { platform, app } = setup()
    const signIn = { txjson: { TransactionType: 'SignIn' } }
    platform.setEndpoints({ ...platform.endpoints, api: 'http://127.0.0.1:4000' })
    const first = platform.payloads.create(app, signIn)
    expect(first.refs.websocket_status).toBe(`ws://127.0.0.1:4000/sign/${first.uuid}`)
    platform.setEndpoints({ ...platform.endpoints, api: 'https://ref.example' })
    const answer = platform.payloads.create(app, signIn)
    expect(answer.refs.websocket_status).toBe(`wss://ref.example/sign/${answer.uuid}`)
    expect(answer.refs.qr_png).toBe(`https://ref.example/sign/${answer.uuid}_q.png`)
  })
})
