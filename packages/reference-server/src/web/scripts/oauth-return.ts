import { readPageData } from './page-data'

/** The data block of the OAuth return page (web/pages/oauth/oauth-return-page.ts). */
export interface OAuthReturnData {
  /** The message, already one JSON string. */
  message: string
  /** The redirect URI's origin, or null (a custom scheme): then it navigates. */
  targetOrigin: string | null
  fullRedirectUri: string
}

// Popup mode (docs/protocol.md §7.1): with an opener, post the result as one JSON string to it,
// with the redirect URI's origin as the exact target, then close; without one (blocked, or lost
// to a cross-origin policy), navigate to `full_redirect_uri` so the flow completes as a redirect.
const data = readPageData<OAuthReturnData>()
if (window.opener && data.targetOrigin) {
  ;(window.opener as Window).postMessage(data.message, data.targetOrigin)
  document.body.setAttribute('data-posted', 'true')
  setTimeout(() => window.close(), 1)
} else {
  window.location.replace(data.fullRedirectUri)
}
