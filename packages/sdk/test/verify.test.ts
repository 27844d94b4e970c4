import { createHash, createHmac } from 'node:crypto'
import { SignJWT } from 'jose'
import { SignatureError, verifySignIn, verifyWebhook, verifyXappJwt } from 'pullsign/verify'
import { encode, encodeForSigning } from 'ripple-binary-codec'
import { deriveAddress, deriveKeypair, sign } from 'ripple-keypairs'
import { describe, expect, test } from 'vitest'
import { payloadRecord } from './support/payload-record'

const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'
const now = 1_800_000_000_000

/** The §5 signature computed here without the SDK: key = secret minus its first '-'. */
function independentSignature(secret: string, timestamp: string, body: string): string {
  const dash = secret.indexOf('-')
  const key = secret.slice(0, dash) + secret.slice(dash + 1)
  return createHmac('sha1', key).update(`${timestamp}${body}`).digest('hex')
}

const body = JSON.stringify({ meta: { payload_uuidv4: 'p' }, payloadResponse: { signed: true } })

describe('verifyWebhook', () => {
  const timestamp = String(now / 1000)
  const headers = {
    'x-xumm-request-timestamp': timestamp,
    'x-xumm-request-signature': independentSignature(apiSecret, timestamp, body),
  }

  test('accepts a delivery signed as §5 says and resolves with the parsed body', async () => {
    expect(await verifyWebhook(body, headers, apiSecret, { now })).toEqual(JSON.parse(body))
    expect(
      await verifyWebhook(Buffer.from(body), new Headers(headers), apiSecret, { now }),
    ).toEqual(JSON.parse(body))
  })

  test('a key with every dash removed (not production) does not verify', async () => {
    const wrong = createHmac('sha1', apiSecret.replaceAll('-', ''))
      .update(timestamp + body)
      .digest('hex')
    await expect(
      verifyWebhook(body, { ...headers, 'x-xumm-request-signature': wrong }, apiSecret, { now }),
    ).rejects.toThrow(SignatureError)
  })

  test.each([
    ['a changed body', `${body} `, headers, 'mismatch'],
    ['another secret', body, headers, 'mismatch', '00000000-0000-4000-8000-000000000000'],
    ['no signature', body, { 'x-xumm-request-timestamp': timestamp }, 'missing'],
    ['no timestamp', body, { 'x-xumm-request-signature': 'ab' }, 'missing'],
    [
      'a timestamp that is not a number',
      body,
      { ...headers, 'x-xumm-request-timestamp': 'x' },
      'malformed',
    ],
    [
      'a stale timestamp',
      body,
      { ...headers, 'x-xumm-request-timestamp': String(now / 1000 - 301) },
      'stale',
    ],
  ])('refuses %s', async (_, raw, hdrs, reason, secret = apiSecret) => {
    const error = await verifyWebhook(raw, hdrs, secret, { now }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(SignatureError)
    expect(error).toMatchObject({ code: 'ERR_SIGNATURE', reason })
    expect(String((error as Error).message)).not.toContain(secret)
  })

  test('a wider tolerance accepts an old delivery', async () => {
    const old = String(now / 1000 - 3600)
    const signed = {
      'x-xumm-request-timestamp': old,
      'x-xumm-request-signature': independentSignature(apiSecret, old, body),
    }
    await expect(verifyWebhook(body, signed, apiSecret, { now })).rejects.toThrow(
      /tolerance 300 s.*pass its time as options\.now/,
    )
    expect(
      await verifyWebhook(body, signed, apiSecret, { now, toleranceSeconds: 7200 }),
    ).toBeTruthy()
  })
})

describe('verifySignIn', () => {
  /** A SignIn signed here as §8.2 describes: no TransactionType, no Fee/Sequence/Flags. */
  function signedSignIn(seed: string) {
    const keys = deriveKeypair(seed)
    const account = deriveAddress(keys.publicKey)
    const unsigned = { Account: account, SigningPubKey: keys.publicKey }
    const TxnSignature = sign(encodeForSigning(unsigned), keys.privateKey)
    const hex = encode({ ...unsigned, TxnSignature })
    const txid = createHash('sha512')
      .update(Buffer.from(`54584E00${hex}`, 'hex'))
      .digest('hex')
      .slice(0, 64)
      .toUpperCase()
    const record = payloadRecord('4a7e2d3c-1b2a-4c3d-8e4f-5a6b7c8d9e0f', {
      meta: { resolved: true, signed: true },
      response: { hex, txid, account },
    })
    return { record, account, keys }
  }
  const seeds = [
    ['ed25519', 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2'],
    ['secp256k1', 'sp5fghtJtpUorTwvof1NpDXAzNwf5'],
  ] as const

  test.each(seeds)('returns the account of a valid %s SignIn', (_, seed) => {
    const { record, account } = signedSignIn(seed)
    expect(verifySignIn(record)).toBe(account)
  })

  test('refuses a signature by another key (SigningPubKey of someone else)', () => {
    const alice = signedSignIn(seeds[0][1])
    const mallory = deriveKeypair(seeds[1][1])
    const unsigned = { Account: alice.account, SigningPubKey: mallory.publicKey }
    const TxnSignature = sign(encodeForSigning(unsigned), mallory.privateKey)
    const hex = encode({ ...unsigned, TxnSignature })
    const record = { ...alice.record, response: { ...alice.record.response, hex, txid: null } }
    expect(() => verifySignIn(record)).toThrow(expect.objectContaining({ reason: 'wrong-key' }))
  })

  test('refuses a tampered signature, a wrong txid, an unsigned or non-SignIn record', () => {
    const { record } = signedSignIn(seeds[0][1])
    const hex = record.response.hex ?? ''
    const flipped = `${hex.slice(0, -2)}${hex.endsWith('00') ? '01' : '00'}`
    const cases = [
      [{ ...record, response: { ...record.response, hex: flipped, txid: null } }, 'mismatch'],
      [{ ...record, response: { ...record.response, txid: 'AB'.repeat(32) } }, 'mismatch'],
      [{ ...record, meta: { ...record.meta, signed: false } }, 'not-signed'],
      [{ ...record, payload: { ...record.payload, tx_type: 'Payment' } }, 'malformed'],
    ] as const
    for (const [bad, reason] of cases) {
      expect(() => verifySignIn(bad), reason).toThrow(expect.objectContaining({ reason }))
    }
  })
})

describe('verifyXappJwt', () => {
  const claims = {
    app_uuidv4: 'a1',
    app_name: 'Shop',
    ott_uuidv4: 'o1',
    usr: 'u1',
    net: 'TESTNET',
    client_id: 'k1',
  }
  const make = (secret: string, exp = '24h', alg = 'HS256') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg })
      .setSubject('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret))

  test('returns the claims of a JWT signed with the API secret', async () => {
    const out = await verifyXappJwt(await make(apiSecret), apiSecret)
    expect(out).toMatchObject({ ...claims, sub: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' })
  })

  test.each([
    ['another secret', () => make('00000000-0000-4000-8000-000000000000'), 'mismatch'],
    ['an expired JWT', () => make(apiSecret, '-1h'), 'expired'],
    ['another algorithm', () => make(apiSecret, '24h', 'HS512'), 'malformed'],
    ['garbage', async () => 'a.b', 'malformed'],
  ])('refuses %s', async (_, jwt, reason) => {
    const token = await jwt()
    const error = await verifyXappJwt(token, apiSecret).catch((e) => e)
    expect(error).toBeInstanceOf(SignatureError)
    expect(error.reason).toBe(reason)
    expect(error.message).not.toContain(apiSecret)
  })
})
