import type { OAuthPopupMessage } from '../../wire/oauth'

const SOURCES = new Set([
  'xumm_sign_request_resolved',
  'xumm_sign_request_rejected',
  'xumm_sign_request_popup_closed',
])

/**
 * Parses what the provider's return page posts to the opener (docs/protocol.md §7.1, "Popup
 * mode": one JSON string). Anything else a page may receive (other frames, extensions, objects,
 * malformed JSON, options that are not strings) is `null` and ignored.
 *
 * @example
 * ```ts
 * addEventListener('message', (event) => {
 *   const message = parsePopupMessage(event.data)
 *   if (message?.source === 'xumm_sign_request_popup_closed') console.log('closed')
 * })
 * ```
 */
export function parsePopupMessage(data: unknown): OAuthPopupMessage | null {
  if (typeof data !== 'string' || data.length > 16_384) return null
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { source, options } = value as { source?: unknown; options?: unknown }
  if (typeof source !== 'string' || !SOURCES.has(source)) return null
  if (source === 'xumm_sign_request_popup_closed') return { source }
  if (typeof options !== 'object' || options === null) return null
  const entries = Object.entries(options)
  if (!entries.every(([, v]) => typeof v === 'string')) return null
  const strings = Object.fromEntries(entries) as Record<string, string>
  if (strings.redirect_uri === undefined || strings.full_redirect_uri === undefined) return null
  return {
    source: source as 'xumm_sign_request_resolved' | 'xumm_sign_request_rejected',
    options: strings as { redirect_uri: string; full_redirect_uri: string },
  }
}
