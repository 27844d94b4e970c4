import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { REDACTED, redactedBody, redactedPath, redactedText } from '../../src/http/log-redaction'

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

describe('public ledger ids stay readable: only secrets are redacted', () => {
  const id = (digit: string) => digit.repeat(64)
  // An NFT sale as the request log shows it: the offer, the token, the transaction and the ledger
  // are ids anybody reads on the ledger, though three of their names hold the word "token".
  const sale = {
    txjson: {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: id('A'),
      NFTokenBuyOffer: id('B'),
      NFTokenBrokerFee: '10',
    },
    response: { txid: id('C'), dispatched_result: 'tesSUCCESS' },
    meta: { NFTokenID: id('D'), MPTokenIssuanceID: '0'.repeat(48), LPTokenOut: '1000' },
    ledger: { ledger_hash: id('E'), account_hash: id('F') },
    application: { issued_user_token: 'u53r-t0k3n' },
    account: { seed: 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2', privateKey: 'ED00' },
  }

  test('a JSON body keeps the NFT offer, the NFToken, txids and ledger hashes', () => {
    const shown = JSON.parse(redactedBody(JSON.stringify(sale), 'application/json'))
    expect(shown.txjson).toEqual(sale.txjson)
    expect(shown.response).toEqual(sale.response)
    expect(shown.meta).toEqual(sale.meta)
    expect(shown.ledger).toEqual(sale.ledger)
    expect(shown.application.issued_user_token).toBe(REDACTED)
    expect(shown.account).toEqual({ seed: REDACTED, privateKey: REDACTED })
  })

  test('query strings and free text keep them too; a token beside them does not', () => {
    expect(
      redactedPath(new URL(`http://h/x?NFTokenID=${id('D')}&access_token=abc&tx=${id('C')}`)),
    ).toBe(`/x?NFTokenID=${id('D')}&access_token=${REDACTED}&tx=${id('C')}`)
    expect(redactedText(`NFTokenSellOffer=${id('A')} user_token=abc`)).toBe(
      `NFTokenSellOffer=${id('A')} user_token=${REDACTED}`,
    )
  })
})
