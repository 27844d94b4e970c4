import fc from 'fast-check'
import { deriveKeypair, generateSeed } from 'ripple-keypairs'
import { describe, expect, it } from 'vitest'
import { entropyKeypair } from '../../../src/ledger/signatures/entropy-keypair'
import { deriveAccountKeys } from '../../../src/platform/users/account-keys'

describe('entropyKeypair', () => {
  it('derives the key pair ripple-keypairs derives from the same entropy, for both algorithms', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.constantFrom('ed25519' as const, 'ecdsa-secp256k1' as const),
        (entropy, algorithm) => {
          expect(entropyKeypair(entropy, algorithm)).toEqual(
            deriveKeypair(generateSeed({ entropy, algorithm })),
          )
        },
      ),
      { numRuns: 60 },
    )
  })

  it('covers the edge entropies (all zero, all ones) as ripple-keypairs does', () => {
    for (const fill of [0, 0xff]) {
      const entropy = new Uint8Array(16).fill(fill)
      for (const algorithm of ['ed25519', 'ecdsa-secp256k1'] as const) {
        expect(entropyKeypair(entropy, algorithm)).toEqual(
          deriveKeypair(generateSeed({ entropy, algorithm })),
        )
      }
    }
  })

  it("gives a user's accounts the seed, keys and address ripple-keypairs gives", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat({ max: 7 }), (name, index) => {
        const keys = deriveAccountKeys(name, index)
        const derived = deriveKeypair(keys.seed)
        expect({ publicKey: keys.publicKey, privateKey: keys.privateKey }).toEqual(derived)
        expect(keys.algorithm).toBe(index % 2 === 0 ? 'ed25519' : 'ecdsa-secp256k1')
      }),
      { numRuns: 40 },
    )
  })
})
