import { sha512 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { decode, encodeForSigning } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { SignatureError } from '../core/errors/signature-error'
import type { PayloadRecord } from '../wire/payload'

// Transaction id prefix "TXN\0" (docs/protocol.md §8.2).
const TXID_PREFIX = '54584E00'

/**
 * The transaction id of a signed blob: SHA-512Half(`54584E00` + blob), upper-case hex (§8.2).
 *
 * @example
 * ```ts
 * transactionId(record.response.hex!) === record.response.txid
 * ```
 */
export function transactionId(blob: string): string {
  // @noble/hashes: the same bytes everywhere, and an exports map Node's ESM loader can resolve
  // (@xrplf/isomorphic's subpath folders are directory imports, which ESM refuses).
  return bytesToHex(sha512(hexToBytes(TXID_PREFIX + blob)).slice(0, 32)).toUpperCase()
}

/**
 * Verifies a signed SignIn payload offline (§8.2) and returns the account that signed it:
 * `response.hex` decodes to an object without `TransactionType`, its `TxnSignature` is valid for
 * `SigningPubKey`, that key derives to `Account` (a regular key cannot be checked offline and is
 * refused), and `Account` and `txid` match the record. Throws a {@link SignatureError} otherwise.
 *
 * @example
 * ```ts
 * import { verifySignIn } from 'pullsign/verify'
 *
 * const record = await pullsign.payload.get(uuid)
 * const account = verifySignIn(record) // 'r…', proven by the signature
 * ```
 */
export function verifySignIn(record: PayloadRecord): string {
  if (record?.payload?.tx_type !== 'SignIn') {
    throw new SignatureError('malformed', 'verifySignIn needs the record of a SignIn payload')
  }
  if (!record.meta.resolved || !record.meta.signed || !record.response.hex) {
    throw new SignatureError('not-signed', `payload ${record.meta.uuid} was not signed`)
  }
  const hex = record.response.hex
  let signed: Record<string, unknown>
  try {
    signed = decode(hex) as Record<string, unknown>
  } catch {
    throw new SignatureError('malformed', 'response.hex is not a binary-encoded object')
  }
  const { Account, SigningPubKey, TxnSignature } = signed
  if (typeof Account !== 'string' || typeof SigningPubKey !== 'string' || !SigningPubKey) {
    throw new SignatureError('malformed', 'response.hex lacks Account or SigningPubKey')
  }
  if (typeof TxnSignature !== 'string' || !TxnSignature) {
    throw new SignatureError('malformed', 'response.hex lacks TxnSignature')
  }
  // A SignIn signs an object with no TransactionType (§8.2): anything else is a transaction.
  if ('TransactionType' in signed) {
    throw new SignatureError('malformed', 'response.hex is a transaction, not a SignIn')
  }
  const unsigned = { ...signed }
  delete unsigned.TxnSignature
  let valid = false
  try {
    valid = verify(encodeForSigning(unsigned), TxnSignature, SigningPubKey)
  } catch {
    // A key/signature algorithm mismatch throws in the verifier: that is "invalid" (§8.2).
    valid = false
  }
  if (!valid) throw new SignatureError('mismatch', 'the SignIn signature does not verify')
  // The codec's check does not test that the key belongs to the account (§8.2).
  if (deriveAddress(SigningPubKey) !== Account) {
    throw new SignatureError(
      'wrong-key',
      `SigningPubKey does not derive to ${Account} (a regular key cannot be verified offline)`,
    )
  }
  if (record.response.account && record.response.account !== Account) {
    throw new SignatureError('mismatch', 'response.account is not the account that signed')
  }
  if (record.response.txid && record.response.txid.toUpperCase() !== transactionId(hex)) {
    throw new SignatureError('mismatch', 'response.txid is not the hash of response.hex')
  }
  return Account
}
