import fc from 'fast-check'
import { deriveAddress, deriveKeypair, generateSeed } from 'ripple-keypairs'
import { describe, expect, it } from 'vitest'
import { addressOfPublicKey } from '../../../src/ledger/signatures/public-key-address'

describe('addressOfPublicKey', () => {
  it('gives the address ripple-keypairs derives, for keys of both algorithms', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.constantFrom('ed25519' as const, 'ecdsa-secp256k1' as const),
        (entropy, algorithm) => {
          const { publicKey } = deriveKeypair(generateSeed({ entropy, algorithm }))
          expect(addressOfPublicKey(publicKey)).toBe(deriveAddress(publicKey))
          expect(addressOfPublicKey(publicKey.toLowerCase())).toBe(deriveAddress(publicKey))
        },
      ),
      { numRuns: 40 },
    )
  })

  it('reads any hex as ripple-keypairs does (odd lengths too), and refuses what it refuses', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 80 }),
        (hex) => {
          expect(addressOfPublicKey(hex)).toBe(deriveAddress(hex))
        },
      ),
    )
    for (const bad of [
      'ED 5',
      '0x12',
      'zz',
      'ED541DF1F9A3CECE2023EA34C92C21D204BAD9F45279A32090F3C167C39A1EC54G',
    ]) {
      expect(() => deriveAddress(bad)).toThrow()
      expect(() => addressOfPublicKey(bad)).toThrow()
    }
  })
})
