/** Where a created payload's links start, for one `{api}` base URL, as they stand in JSON text. */
export interface CreatedLinks {
  /** `{api}/sign/`: the sign page, its QR images and its push fallback follow it. */
  signJson: string
  /** `{api}` with `ws` for `http`, then `/sign/`: the payload's websocket. */
  socketJson: string
}

// A URL as it stands between the quotes of a JSON string.
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)

/**
 * Returns a function giving the {@link CreatedLinks} of the current `{api}` base; they are worked
 * out again only when the base changes (the transport sets it once it listens).
 *
 * @example
 * ```ts
 * const links = createdLinks(() => 'http://127.0.0.1:4000')
 * links().socketJson // 'ws://127.0.0.1:4000/sign/'
 * ```
 */
export function createdLinks(apiBase: () => string): () => CreatedLinks {
  let base: string | undefined
  let links: CreatedLinks | undefined
  return () => {
    const api = apiBase()
    if (api !== base || links === undefined) {
      links = {
        signJson: inJson(`${api}/sign/`),
        socketJson: inJson(`${api.replace(/^http/, 'ws')}/sign/`),
      }
      base = api
    }
    return links
  }
}

/**
 * The §3.2 answer of a create as the JSON text the API sends, written straight as text: no object
 * to build and walk. The sign page in `next` (`no_push_msg_received` only when the
 * payload was pushed), the QR images and websocket in `refs`. `uuid` is one of ours (hex and
 * dashes), so only the base URL needs JSON escaping, done once per base in {@link createdLinks}.
 *
 * @example
 * ```ts
 * JSON.parse(createdJson(uuid, false, links())).next.always // `${api}/sign/${uuid}`
 * ```
 */
export function createdJson(uuid: string, pushed: boolean, links: CreatedLinks): string {
  const sign = links.signJson + uuid
  const next = pushed
    ? `{"always":"${sign}","no_push_msg_received":"${sign}/qr"}`
    : `{"always":"${sign}"}`
  return `{"uuid":"${uuid}","next":${next},"refs":{"qr_png":"${sign}_q.png","qr_matrix":"${sign}_q.json","qr_uri_quality_opts":["m","q","h"],"websocket_status":"${links.socketJson}${uuid}"},"pushed":${pushed}}`
}
