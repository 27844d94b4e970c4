import { describe, expect, it } from 'vitest'
import { OAUTH_REFUSAL_SCRIPT } from '../../../../src/web/page-scripts.gen'
import { renderOAuthMessagePage } from '../../../../src/web/pages/oauth/oauth-message-page'
import { pageData } from '../../payload-record-fixture'

describe('the OAuth provider’s message page', () => {
  it('a refusal shows the redirect URI sent, escaped, and carries the message for the opener', () => {
    const page = renderOAuthMessagePage({
      title: 'Sign-in refused',
      error: 'invalid_request',
      description: 'redirect_uri "<x>" is not registered',
      link: null,
      redirectUri: 'https://elsewhere.test/cb?a=<script>alert(1)</script>&b="',
    })
    expect(page).toContain(
      '<code id="oauth-redirect-uri">https://elsewhere.test/cb?a=&lt;script&gt;alert(1)&lt;/script&gt;&amp;b=&quot;</code>',
    )
    expect(page).not.toContain('<script>alert(1)')
    const message = JSON.parse(String(pageData(page).message))
    expect(message).toEqual({
      source: 'pullsign_sign_in_refused',
      error: 'invalid_request',
      error_description: 'redirect_uri "<x>" is not registered',
    })
    expect(page).toContain(`<script>${OAUTH_REFUSAL_SCRIPT.source}</script>`)
  })

  it('a page that is not a refusal (still waiting) has no script and posts nothing', () => {
    const page = renderOAuthMessagePage({
      title: 'Waiting for the wallet',
      error: null,
      description: 'The sign-in request has not been answered yet.',
      link: { href: '/sign/x', label: 'Back to the sign request' },
    })
    expect(page).not.toContain('<script')
    expect(page).not.toContain('oauth-redirect-uri')
  })
})
