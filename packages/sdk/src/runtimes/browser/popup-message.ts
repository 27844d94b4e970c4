import type { OAuthPopupMessage, OAuthRefusalMessage } from '../../wire/oauth'
import { OAUTH_ERROR_CODE } from '../oauth/redirect-result'

const SOURCES = new Set([
  'xumm_sign_request_resolved',
  'xumm_sign_request_rejected',
  'xumm_sign_request_popup_closed',
  'pullsign_sign_in_refused',
])

const MAX_DESCRIPTION = 1_000

/**
 * Parses what the provider's pages post to the opener (docs/protocol.md §7.1, "Popup mode": one
 * JSON string): the return page's answer or closing, and [ours] the refusal page's
 * `pullsign_sign_in_refused` with the provider's `error` (a short lower-case code) and
 * `error_description` (at most 1,000 characters). Anything else a page may receive (other frames,
 * extensions, objects, malformed JSON, fields that are not strings or too long) is `null` and
 * ignored.
 *
 * @example
 * ```ts
 * addEventListener('message', (event) => {
 *   const message = parsePopupMessage(event.data)
 *   if (message?.source === 'xumm_sign_request_popup_closed') console.log('closed')
 * })
 * ```
 */
export function parsePopupMessage(data: unknown): OAuthPopupMessage | OAuthRefusalMessage | null {
  if (typeof data !== 'string' || data.length > 16_384) return null
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { source, options, error, error_description } = value as Record<string, unknown>
  if (typeof source !== 'string' || !SOURCES.has(source)) return null
  if (source === 'xumm_sign_request_popup_closed') return { source }
  if (source === 'pullsign_sign_in_refused') {
    if (typeof error !== 'string' || !OAUTH_ERROR_CODE.test(error)) return null
    if (typeof error_description !== 'string' || error_description.length > MAX_DESCRIPTION) {
      return null
    }
    return { source, error, error_description }
  }
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
