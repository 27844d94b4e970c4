import type { PayloadCreated } from 'pullsign/wire'

/**
 * The §3.2 answer of a create (docs/protocol.md): the sign page in `next`
 * (`no_push_msg_received` only when the payload was pushed), the QR images and the websocket
 * (`{api}` with `ws` for `http`) in `refs`.
 *
 * @example
 * ```ts
 * createdAnswer(uuid, false, 'http://127.0.0.1:4000').next.always // `http://127.0.0.1:4000/sign/${uuid}`
 * ```
 */
export function createdAnswer(uuid: string, pushed: boolean, api: string): PayloadCreated {
  const sign = `${api}/sign/${uuid}`
  return {
    uuid,
    next: pushed ? { always: sign, no_push_msg_received: `${sign}/qr` } : { always: sign },
    refs: {
      qr_png: `${sign}_q.png`,
      qr_matrix: `${sign}_q.json`,
      qr_uri_quality_opts: ['m', 'q', 'h'],
      websocket_status: `${api.replace(/^http/, 'ws')}/sign/${uuid}`,
    },
    pushed,
  }
}
