import type { PayloadCreated } from 'pullsign/wire'

// JSON.stringify escapes `"`, `\`, control characters and surrogates without their pair: a string
// with none of these (and with no surrogate at all, to keep the check simple) is its own JSON
// text between quotes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/

const quoted = (text: string): string => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text))

/**
 * A create's answer (docs/protocol.md §3.2) as the JSON text `JSON.stringify` gives, written field
 * by field: its URLs need no escaping, and `JSON.stringify` scanning them for it took a tenth of
 * a create request's CPU. test/http/created-text.test.ts holds it to `JSON.stringify`'s text.
 *
 * @example
 * ```ts
 * createdText(payloads.create(app, body)) // '{"uuid":"…","next":{"always":"…"},"refs":{…},"pushed":false}'
 * ```
 */
export function createdText(created: PayloadCreated): string {
  const { next, refs } = created
  const noPush =
    next.no_push_msg_received === undefined
      ? ''
      : `,"no_push_msg_received":${quoted(next.no_push_msg_received)}`
  return (
    `{"uuid":${quoted(created.uuid)},"next":{"always":${quoted(next.always)}${noPush}},` +
    `"refs":{"qr_png":${quoted(refs.qr_png)},"qr_matrix":${quoted(refs.qr_matrix)},` +
    `"qr_uri_quality_opts":[${refs.qr_uri_quality_opts.map(quoted).join(',')}],` +
    `"websocket_status":${quoted(refs.websocket_status)}},"pushed":${created.pushed}}`
  )
}
