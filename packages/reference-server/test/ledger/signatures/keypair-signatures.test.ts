import fc from 'fast-check'
import * as keypairs from 'ripple-keypairs'
import { describe, expect, test } from 'vitest'
import { sign, verify } from '../../../src/ledger/signatures/keypair-signatures'

const ALGORITHMS = ['ed25519', 'ecdsa-secp256k1'] as const
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase()

const keypairOf = (entropy: Uint8Array, algorithm: (typeof ALGORITHMS)[number]) =>
  keypairs.deriveKeypair(keypairs.generateSeed({ entropy, algorithm }))

/** The reference answer, with a throw counted as "invalid" (docs/protocol.md §8.2). */
const referenceVerify = (message: string, signature: string, publicKey: string) => {
  try {
    return keypairs.verify(message, signature, publicKey)
  } catch {
    return false
  }
}

const ownVerify = (message: string, signature: string, publicKey: string) => {
  try {
    return verify(message, signature, publicKey)
  } catch {
    return false
  }
}

describe('sign and verify match ripple-keypairs', () => {
  test.each(ALGORITHMS)('%s: same signature bytes, verified by both', (algorithm) => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        (entropy, bytes) => {
          const { privateKey, publicKey } = keypairOf(entropy, algorithm)
          const message = hex(bytes)
          const signature = sign(message, privateKey)
          expect(signature).toBe(keypairs.sign(message, privateKey))
          expect(verify(message, signature, publicKey)).toBe(true)
          expect(keypairs.verify(message, signature, publicKey)).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })

  test.each(ALGORITHMS)(
    '%s: a changed message, signature or key is refused by both',
    (algorithm) => {
      fc.assert(
        fc.property(
          fc.uint8Array({ minLength: 16, maxLength: 16 }),
          fc.uint8Array({ minLength: 1, maxLength: 120 }),
          fc.nat(),
          fc.integer({ min: 1, max: 255 }),
          (entropy, bytes, position, flip) => {
            const { privateKey, publicKey } = keypairOf(entropy, algorithm)
            const other = keypairOf(
              entropy.map((b) => b ^ 0xff),
              algorithm,
            )
            const message = hex(bytes)
            const signature = sign(message, privateKey)
            const sigBytes = Buffer.from(signature, 'hex')
            const at = position % sigBytes.length
            sigBytes[at] = (sigBytes[at] ?? 0) ^ flip
            const changedMessage = Buffer.from(bytes)
            const where = position % changedMessage.length
            changedMessage[where] = (changedMessage[where] ?? 0) ^ flip
            const cases: [string, string, string][] = [
              [message, sigBytes.toString('hex').toUpperCase(), publicKey],
              [hex(changedMessage), signature, publicKey],
              [message, signature, other.publicKey],
            ]
            for (const [m, s, k] of cases) {
              expect(ownVerify(m, s, k), `${algorithm} ${m} ${s} ${k}`).toBe(
                referenceVerify(m, s, k),
              )
              expect(ownVerify(m, s, k)).toBe(false)
            }
          },
        ),
        { numRuns: 60 },
      )
    },
    // 60 secp256k1 key derivations and 240 verifications: about 2.5 s alone, over 20 s at a load
    // of 14. The bound only catches a hang.
    60_000,
  )

  test('an S at or above the group order is refused, as RFC 8032 and ripple-keypairs do', () => {
    const { privateKey, publicKey } = keypairOf(new Uint8Array(16).fill(7), 'ed25519')
    const message = 'DEADBEEF'
    const signature = Buffer.from(sign(message, privateKey), 'hex')
    // S + L (little-endian) is the classic malleated twin of a valid signature.
    const L = 2n ** 252n + 27742317777372353535851937790883648493n
    let s = 0n
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i] ?? 0)
    let twin = s + L
    for (let i = 32; i < 64; i++) {
      signature[i] = Number(twin & 0xffn)
      twin >>= 8n
    }
    const malleated = signature.toString('hex').toUpperCase()
    expect(ownVerify(message, malleated, publicKey)).toBe(false)
    expect(referenceVerify(message, malleated, publicKey)).toBe(false)
  })

  test.each([
    ['odd-length message', 'ABC', 'valid'],
    ['short signature', 'AB', 'short'],
    ['not hex', 'ZZ', 'valid'],
  ])('malformed input (%s) answers as ripple-keypairs', (_name, message, kind) => {
    const { privateKey, publicKey } = keypairOf(new Uint8Array(16).fill(3), 'ed25519')
    const signature = kind === 'short' ? 'ABCD' : sign('AB', privateKey)
    expect(ownVerify(message, signature, publicKey)).toBe(
      referenceVerify(message, signature, publicKey),
    )
  })
})
