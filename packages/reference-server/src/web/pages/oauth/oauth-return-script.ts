/**
 * The script of the OAuth return page in popup mode (docs/protocol.md §7.1, plain ES2019): with an opener,
 * post the result as one JSON string to it, with the redirect URI's origin as the exact target,
 * then close; without one (blocked, or lost to a cross-origin policy), navigate to
 * `full_redirect_uri` so the flow completes as a redirect.
 *
 * @example
 * ```ts
 * renderShell({ title, active: null, main, data, script: OAUTH_RETURN_SCRIPT })
 * ```
 */
export const OAUTH_RETURN_SCRIPT = `(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('page-data').textContent)
  if (window.opener && data.targetOrigin) {
    window.opener.postMessage(data.message, data.targetOrigin)
    document.body.setAttribute('data-posted', 'true')
    setTimeout(function () { window.close() }, 1)
  } else {
    window.location.replace(data.fullRedirectUri)
  }
})()
`
