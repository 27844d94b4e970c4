import { describe, expect, it } from 'vitest'
import { REDACTED, redactedBody, redactedPath, redactedText } from '../../src/http/log-redaction'

// docs/protocol.md §7.3 "Logs leak nothing".
const TOKEN = '0f1e2d3c-4b5a-4697-8877-665544332211'
const USER = '11111111-2222-4333-8444-555555555555'
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJyUEVQUEVSIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

const path = (p: string) => redactedPath(new URL(p, 'http://127.0.0.1:8787'))

describe('paths: secrets by where they stand and what they look like', () => {
  it.each([
    [`/api/v1/platform/user-token/${TOKEN}`, `/api/v1/platform/user-token/${REDACTED}`],
    [
      `/__ref/users/${USER}/tokens/${TOKEN}/revoke`,
      `/__ref/users/${USER}/tokens/${REDACTED}/revoke`,
    ],
    [`/__ref/xapp-host/${TOKEN}`, `/__ref/xapp-host/${REDACTED}`],
    [`/oauth/signin?session=${TOKEN}`, `/oauth/signin?session=${REDACTED}`],
    [`/api/v1/jwt/ping/${JWT}`, `/api/v1/jwt/ping/${REDACTED}`],
    [`/anything?q=${JWT}`, `/anything?q=${REDACTED}`],
  ])('%s', (given, shown) => {
    expect(path(given)).toBe(shown)
  })
})

describe('bodies: whatever the content type', () => {
  it('a JSON body sent as a form (curl -d) is redacted as JSON', () => {
    const text = JSON.stringify({ apiSecret: 'S3CR3T-1', name: 'Shop' })
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      null,
      'application/octet-stream',
    ]) {
      const shown = redactedBody(text, type)
      expect(shown, String(type)).not.toContain('S3CR3T')
    }
  })

  it('a launch answer hides the OTT in url and hostUrl', () => {
    const answer = JSON.stringify({
      url: `https://game.example/?xAppToken=${TOKEN}&xAppStyle=LIGHT`,
      ott: TOKEN,
      hostUrl: `http://127.0.0.1:8787/__ref/xapp-host/${TOKEN}`,
    })
    expect(redactedBody(answer, 'application/json')).not.toContain(TOKEN)
  })

  it('a JWT in any string value is hidden; a sign-in return URL hides its session', () => {
    const body = JSON.stringify({
      note: `token ${JWT} here`,
      return_url: { web: `http://127.0.0.1:8787/oauth/signin?session=${TOKEN}` },
    })
    const shown = redactedBody(body, 'application/json')
    expect(shown).not.toContain(JWT)
    expect(shown).not.toContain(TOKEN)
  })

  it('a 20,000-deep body is shown cut short, never raw', () => {
    const deep = `${'['.repeat(20_000)}"${JWT}"${']'.repeat(20_000)}`
    const shown = redactedBody(deep, 'application/json')
    expect(shown).not.toContain(JWT)
    expect(shown.length).toBeLessThan(2_000)
  })
})

describe('stderr', () => {
  it('an error printed on the 500 path hides client_secret, codes and JWTs in a URL', () => {
    const error = new TypeError(
      `Invalid URL: http://127.0.0.1:99999/oauth/token?client_secret=S3CR3T-2&code=c0de&x=${JWT}`,
    )
    const shown = redactedText(String(error.stack))
    expect(shown).not.toContain('S3CR3T-2')
    expect(shown).not.toContain('c0de')
    expect(shown).not.toContain(JWT)
    expect(shown).toContain('Invalid URL')
  })
})
