import { describe, expect, it } from 'vitest'
import { createdAnswer, createdJson, createdLinks } from '../../src/platform/created-answer'

const uuid = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b'

describe('the §3.2 answer of a create', () => {
  it('is the same as JSON text and as an object, pushed or not, whatever the base URL holds', () => {
    for (const base of ['http://127.0.0.1:4000', 'https://ref.example/a"b\\c/ü\u2028']) {
      const links = createdLinks(() => base)()
      for (const pushed of [false, true]) {
        const answer = createdAnswer(uuid, pushed, links)
        expect(createdJson(uuid, pushed, links)).toBe(JSON.stringify(answer))
        expect(answer.next.always).toBe(`${base}/sign/${uuid}`)
        expect(answer.next.no_push_msg_received).toBe(
          pushed ? `${base}/sign/${uuid}/qr` : undefined,
        )
        expect(answer.refs.websocket_status).toBe(`${base.replace('http', 'ws')}/sign/${uuid}`)
      }
    }
  })

  it('follows the base URL when the transport changes it', () => {
    let base = 'http://127.0.0.1:4000'
    const links = createdLinks(() => base)
    expect(links().socket).toBe('ws://127.0.0.1:4000/sign/')
    base = 'https://ref.example'
    expect(links().socket).toBe('wss://ref.example/sign/')
    expect(createdAnswer(uuid, false, links()).refs.qr_png).toBe(
      `https://ref.example/sign/${uuid}_q.png`,
    )
  })
})
