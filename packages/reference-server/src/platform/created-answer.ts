import type { PayloadCreated } from 'pullsign/wire'

/** Where a created payload's links start, for one `{api}` base URL. */
export interface CreatedLinks {
  /** `{api}/sign/`: the sign page, its QR images and its push fallback follow it. */
  sign: string
  /** `{api}` with `ws` for `http`, then `/sign/`: the payload's websocket. */
  socket: string
  /** `sign` and `socket` as they stand inside a JSON string. */
  signJson: string
  socketJson: string
}

const QUALITY_OPTS = ['m', 'q', 'h'] as const
const QUALITY_JSON = JSON.stringify(QUALITY_OPTS)
// A base URL as it stands between the quotes of a JSON string.
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * Returns a function giving the {@link CreatedLinks} of the current `{api}` base; they are worked
 * out again only when the base changes (the transport sets it once it listens).
 *
 * @example
 * ```ts
 * const links = createdLinks(() => 'http://127.0.0.1:4000')
 * links().socket // 'ws://127.0.0.1:4000/sign/'
 * ```
 */
export function createdLinks(apiBase: () => string): () => CreatedLinks {
  let base: string | undefined
  let links: CreatedLinks | undefined
  return () => {
    const api = apiBase()
    if (api !== base || links === undefined) {
      const sign = `${api}/sign/`
      const socket = `${api.replace(/^http/, 'ws')}/sign/`
      links = { sign, socket, signJson: inJson(sign), socketJson: inJson(socket) }
      base = api
    }
    return links
  }
}

/**
 * The §3.2 answer of a create: the sign page in `next`, the QR images and websocket in `refs`.
 * `no_push_msg_received` only when the payload was pushed.
 *
 * @example
 * ```ts
 * createdAnswer(uuid, false, links()).next.always // `${api}/sign/${uuid}`
 * ```
 */
export function createdAnswer(uuid: string, pushed: boolean, links: CreatedLinks): PayloadCreated {
  const sign = links.sign + uuid
  return {
    uuid,
    next: pushed ? { always: sign, no_push_msg_received: `${sign}/qr` } : { always: sign },
    refs: {
      qr_png: `${sign}_q.png`,
      qr_matrix: `${sign}_q.json`,
      qr_uri_quality_opts: [...QUALITY_OPTS],
      websocket_status: links.socket + uuid,
    },
    pushed,
  }
}

/**
 * `JSON.stringify(createdAnswer(…))`, written straight as text: the API's create answers with it,
 * without an object to build and walk (issue 4). `uuid` is one of ours (hex and dashes), so only
 * the base URL needs JSON escaping, done once per base in {@link createdLinks}.
 *
 * @example
 * ```ts
 * JSON.parse(createdJson(uuid, false, links())) // deep-equals createdAnswer(uuid, false, links())
 * ```
 */
export function createdJson(uuid: string, pushed: boolean, links: CreatedLinks): string {
  const sign = links.signJson + uuid
  const next = pushed
    ? `{"always":"${sign}","no_push_msg_received":"${sign}/qr"}`
    : `{"always":"${sign}"}`
  return `{"uuid":"${uuid}","next":${next},"refs":{"qr_png":"${sign}_q.png","qr_matrix":"${sign}_q.json","qr_uri_quality_opts":${QUALITY_JSON},"websocket_status":"${links.socketJson}${uuid}"},"pushed":${pushed}}`
}
