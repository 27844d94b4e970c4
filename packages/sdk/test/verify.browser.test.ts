import { SignJWT } from 'jose'
import {
  SignatureError,
  transactionId,
  verifySignIn,
  verifyWebhook,
  verifyXappJwt,
} from 'pullsign/verify'
import { describe, expect, test } from 'vitest'
import { payloadRecord } from './support/payload-record'

// Vectors computed once with node:crypto (createHmac, createHash) and ripple-keypairs, so the
// browser's answers are checked against Node's, not against themselves.
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'
const timestamp = '1800000000'
const body =
  '{"meta":{"payload_uuidv4":"4a7e2d3c-1b2a-4c3d-8e4f-5a6b7c8d9e0f"},"payloadResponse":{"signed":true}}'
const signature = '25aa43d51bfd33c46f95da8363203e441f41fe4e'
const signIn = {
  account: 'rG31cLyErnqeVj2eomEjBZtq7PYaupGYzL',
  hex: '7321EDA57EBBCB502C2009EFE17229E8DC865DCCB192C52D7888D624DC9EBADDB815F0744001A98FD7CD4B3E2891ECF743CC4F800DF8410C31857A21C211FB536D7307DE37A9618973213F759D62ED15DA5A90D735241ABB11EA8D2218889F9DD7F6B45D0A8114A6070B8A1822E3322676A99F0C804EE2D15B8270',
  txid: '039E5D4E42DE4964FD8096CB634B0B687B563F7A063429BF9565A09C605E7A6B',
}

describe('pullsign/verify in Chromium', () => {
  test('a real browser, not Node', () => {
    expect(typeof window).toBe('object')
    expect(navigator.userAgent).toMatch(/Chrome/)
  })

  test('verifyWebhook accepts the signature Node computes, and refuses a changed body', async () => {
    const headers = new Headers({
      'x-xumm-request-timestamp': timestamp,
      'x-xumm-request-signature': signature,
    })
    const now = Number(timestamp) * 1000
    expect(await verifyWebhook(body, headers, apiSecret, { now })).toEqual(JSON.parse(body))
    const bytes = new TextEncoder().encode(body)
    expect(await verifyWebhook(bytes, headers, apiSecret, { now })).toEqual(JSON.parse(body))
    const changed = await verifyWebhook(body.replace('true', 'false'), headers, apiSecret, {
      now,
    }).catch((error: unknown) => error)
    expect(changed).toBeInstanceOf(SignatureError)
    expect(changed).toMatchObject({ reason: 'mismatch' })
  })

  test('verifySignIn and transactionId give the answers Node gives', () => {
    expect(transactionId(signIn.hex)).toBe(signIn.txid)
    const record = payloadRecord('4a7e2d3c-1b2a-4c3d-8e4f-5a6b7c8d9e0f', {
      meta: { resolved: true, signed: true },
      response: signIn,
    })
    expect(verifySignIn(record)).toBe(signIn.account)
  })

  test('verifyXappJwt checks an HS256 JWT signed in the page', async () => {
    const claims = { app_uuidv4: 'a1', ott_uuidv4: 'o1', usr: 'u1', client_id: 'k1' }
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(apiSecret))
    expect(await verifyXappJwt(jwt, apiSecret)).toMatchObject(claims)
  })
})
