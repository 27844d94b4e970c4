import { readPageData } from './page-data'

/** The data block of the provider's refusal page (web/pages/oauth/oauth-message-page.ts). */
export interface OAuthRefusalData {
  /** `{"source":"pullsign_sign_in_refused","error":…,"error_description":…}`, one JSON string. */
  message: string
}

// A popup the provider refused (docs/protocol.md §7.1) would otherwise leave the opener waiting
// until the person closes it: tell the opener at once. The target is '*' because the opener's
// origin is not known to be trusted here (the redirect URI was refused); the message carries only
// the error code and text the page shows, never a token or a secret.
const data = readPageData<OAuthRefusalData>()
if (window.opener) {
  ;(window.opener as Window).postMessage(data.message, '*')
  document.body.setAttribute('data-posted', 'true')
}
