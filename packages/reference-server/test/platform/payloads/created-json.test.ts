import type { PayloadCreated } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import {
  type CreatedLinks,
  createdJson,
  createdLinks,
} from '../../../src/platform/payloads/created-json'

const createdAnswer = (uuid: string, pushed: boolean, links: CreatedLinks) =>
  JSON.parse(createdJson(uuid, pushed, links)) as PayloadCreated

const uuid = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b'

describe('the §3.2 answer of a create', () => {
  it('holds the sign page, QR and websocket links, pushed or not, whatever the base URL holds', () => {
    for (const base of ['http://127.0.0.1:4000', 'https://ref.example/a"b\\c/ü\u2028']) {
      const links = createdLinks(() => base)()
      for (const pushed of [false, true]) {
        const answer = createdAnswer(uuid, pushed, links)
        expect(createdJson(uuid, pushed, links)).toBe(JSON.stringify(answer))
        const sign = `${base}/sign/${uuid}`
        expect(answer).toEqual({
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
    let base = 'http://127.0.0.1:4000'
    const links = createdLinks(() => base)
    expect(createdAnswer(uuid, false, links()).refs.websocket_status).toBe(
      `ws://127.0.0.1:4000/sign/${uuid}`,
    )
    base = 'https://ref.example'
    const answer = createdAnswer(uuid, false, links())
    expect(answer.refs.websocket_status).toBe(`wss://ref.example/sign/${uuid}`)
    expect(answer.refs.qr_png).toBe(`https://ref.example/sign/${uuid}_q.png`)
  })
})
