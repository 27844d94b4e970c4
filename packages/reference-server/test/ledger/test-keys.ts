import { createHash } from 'node:crypto'
import { decodeAccountID } from 'ripple-address-codec'
import { encode, encodeForMultisigning, encodeForSigning } from 'ripple-binary-codec'
import { deriveAddress, deriveKeypair, generateSeed, sign } from 'ripple-keypairs'

/** A key pair made in the test, independent of the server's user fixtures. */
export interface TestKey {
  address: string
  publicKey: string
  privateKey: string
  algorithm: 'ed25519' | 'ecdsa-secp256k1'
}

/** A deterministic key pair: `n` fills the 16 bytes of entropy. */
export function testKey(n: number, algorithm: TestKey['algorithm'] = 'ed25519'): TestKey {
  const seed = generateSeed({ entropy: new Uint8Array(16).fill(n), algorithm })
  const { publicKey, privateKey } = deriveKeypair(seed)
  return { address: deriveAddress(publicKey), publicKey, privateKey, algorithm }
}

/** SHA-512Half with node:crypto, upper-case hex (docs/protocol.md §8.2), recomputed in tests. */
export function sha512HalfHex(hex: string): string {
  return createHash('sha512')
    .update(Buffer.from(hex, 'hex'))
    .digest()
    .subarray(0, 32)
    .toString('hex')
    .toUpperCase()
}

/** Signs `tx` with `key` (single signature) and returns the blob. */
export function signTx(tx: Record<string, unknown>, key: TestKey): string {
  const prepared = { ...tx, SigningPubKey: key.publicKey }
  const TxnSignature = sign(encodeForSigning(prepared), key.privateKey)
  return encode({ ...prepared, TxnSignature })
}

/** Multisigns `tx` with `keys` (signers sorted by AccountID, as the ledger requires). */
export function multisignTx(
  tx: Record<string, unknown>,
  signers: Array<{ account: string; key: TestKey }>,
): string {
  const prepared = { ...tx, SigningPubKey: '' }
  const entries = signers.map(({ account, key }) => ({
    Signer: {
      Account: account,
      SigningPubKey: key.publicKey,
      TxnSignature: sign(encodeForMultisigning(prepared, account), key.privateKey),
    },
  }))
  return encode({ ...prepared, Signers: entries })
}

/** Orders signers by AccountID bytes (the canonical multisign order). */
export function byAccountId<T extends { account: string }>(signers: T[]): T[] {
  const id = (address: string) => Buffer.from(decodeAccountID(address)).toString('hex')
  return [...signers].sort((a, b) => (id(a.account) < id(b.account) ? -1 : 1))
}
