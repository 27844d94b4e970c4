import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { REDACTED, redactedBody, redactedPath } from '../../src/http/log-redaction'

describe('what the request log shows of a path', () => {
  test.each([
    ['/api/v1/platform/ping', '/api/v1/platform/ping'],
    ['/api/v1/platform/xapp/ott/abc-123', `/api/v1/platform/xapp/ott/${REDACTED}`],
    ['/api/v1/platform/xapp/ott/abc/0123abcd', `/api/v1/platform/xapp/ott/${REDACTED}/0123abcd`],
    ['/oauth/token?code=c0de&state=s1', `/oauth/token?code=${REDACTED}&state=s1`],
    [
      '/x?xAppToken=ott&access_token=a&client_secret=b',
      `/x?xAppToken=${REDACTED}&access_token=${REDACTED}&client_secret=${REDACTED}`,
    ],
    ['/x?flag&lang=en', '/x?flag&lang=en'],
    ['/x?%ZZ=1', '/x?%ZZ=1'],
  ])('%s → %s', (path, shown) => {
    expect(redactedPath(new URL(path, 'http://127.0.0.1:8787'))).toBe(shown)
  })
})

describe('what the verbose log shows of a body', () => {
  test.each([
    [
      '{"apiSecret":"s","name":"Shop","nested":[{"user_token":"t"}],"user_token_count":2}',
      'application/json; charset=utf-8',
      `{"apiSecret":"${REDACTED}","name":"Shop","nested":[{"user_token":"${REDACTED}"}],"user_token_count":2}`,
    ],
    [
      'grant_type=authorization_code&code=abc&code_verifier=v',
      'application/x-www-form-urlencoded',
      `grant_type=authorization_code&code=${REDACTED}&code_verifier=${REDACTED}`,
    ],
    ['Authorization: Bearer eyJ.abc.def', 'text/plain', `Authorization: Bearer ${REDACTED}`],
    ['<html>…</html>', 'text/html; charset=utf-8', '<text/html, 16 bytes>'],
    ['not json', 'application/json', 'not json'],
  ])('%s', (text, type, shown) => {
    expect(redactedBody(text, type)).toBe(shown)
  })

  test('a secret-named string never reaches the line, at any depth', () => {
    const secretName = fc.constantFrom(
      'apiSecret',
      'user_token',
      'ott',
      'code',
      'jwt',
      'seed',
      'refresh_token',
    )
    const secretValue = fc.string({ minLength: 12 }).map((s) => `S3CR3T${s}`)
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc
          .record({ name: secretName, value: secretValue })
          .map(({ name, value }) => ({ [name]: value })),
        fc.dictionary(
          fc
            .string({ maxLength: 6 })
            .filter(
              (k) => !/secret|token|ott|code|jwt|seed|private|password|authorization/i.test(k),
            ),
          tie('node'),
          { maxKeys: 3 },
        ),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
    })).node
    fc.assert(
      fc.property(tree, (value) => {
        expect(redactedBody(JSON.stringify(value), 'application/json')).not.toContain('S3CR3T')
      }),
    )
  })
})
