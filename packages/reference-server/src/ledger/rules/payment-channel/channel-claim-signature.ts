import { decodeAccountPublic } from 'ripple-address-codec'
import { encodeForSigningClaim } from 'ripple-binary-codec'
import { verify } from '../../signatures/keypair-signatures'
import { isPublicKey } from '../preflight-fields'

const CHANNEL = /^[0-9A-F]{64}$/i
const HEX = /^(?:[0-9A-F]{2})+$/i
const UINT64 = /^[0-9]{1,20}$/
const MAX_UINT64 = 2n ** 64n - 1n

// rippled's `to_uint64`: any decimal string that fits 64 bits.
const uint64 = (value: unknown): bigint | null => {
  if (typeof value !== 'string' || !UINT64.test(value)) return null
  const number = BigInt(value)
  return number <= MAX_UINT64 ? number : null
}

/**
 * Whether `signature` (hex) is `publicKey`'s signature of a claim on `channel` for `drops`: the
 * data `434C4D00` + channel + amount (UInt64) of docs/protocol.md §8.2, what the wallet's
 * `PaymentChannelAuthorize` and xrpl.js `signPaymentChannelClaim` sign. A malformed input is
 * simply not a valid signature.
 *
 * @example
 * ```ts
 * verifiesClaim({ channel, drops: 1_000_000n, signature, publicKey }) // true
 * ```
 */
export function verifiesClaim(claim: {
  channel: string
  drops: bigint
  signature: string
  publicKey: string
}): boolean {
  const { channel, drops, signature, publicKey } = claim
  if (!CHANNEL.test(channel) || !HEX.test(signature) || !isPublicKey(publicKey)) return false
  const data = encodeForSigningClaim({ channel: channel.toUpperCase(), amount: String(drops) })
  try {
    return verify(data, signature, publicKey)
  } catch {
    // A key and signature of different algorithms throw in the verifier (§8.2): not valid.
    return false
  }
}

/** What the node's `channel_verify` answers: the verdict, or rippled's error for a bad field. */
export type ChannelVerifyResult =
  | { signature_verified: boolean }
  | { error: 'publicMalformed' | 'channelMalformed' | 'channelAmtMalformed' | 'invalidParams' }

// A public key in the base58 form rippled prints (`aB…`, TokenType::AccountPublic), or hex.
function publicKeyHex(value: string): string | null {
  try {
    return Buffer.from(decodeAccountPublic(value)).toString('hex').toUpperCase()
  } catch {
    return isPublicKey(value) ? value.toUpperCase() : null
  }
}

/**
 * The ledger side of the node's `channel_verify` (rippled rpc/handlers/PayChanClaim.cpp
 * `doChannelVerify`): `public_key` in base58 or hex (else `publicMalformed`), `channel_id` of 64
 * hex characters (`channelMalformed`), `amount` a decimal string that fits 64 bits (`channelAmtMalformed`), a
 * non-empty hex `signature` (`invalidParams`). The caller checks the four are present.
 *
 * @example
 * ```ts
 * channelVerify({ public_key, channel_id, amount: '1000000', signature }) // { signature_verified: true }
 * ```
 */
export function channelVerify(params: {
  public_key: unknown
  channel_id: unknown
  amount: unknown
  signature: unknown
}): ChannelVerifyResult {
  const publicKey = typeof params.public_key === 'string' ? publicKeyHex(params.public_key) : null
  if (publicKey === null) return { error: 'publicMalformed' }
  const channel = params.channel_id
  if (typeof channel !== 'string' || !CHANNEL.test(channel)) return { error: 'channelMalformed' }
  const drops = uint64(params.amount)
  if (drops === null) return { error: 'channelAmtMalformed' }
  const signature = params.signature
  if (typeof signature !== 'string' || !HEX.test(signature)) return { error: 'invalidParams' }
  return { signature_verified: verifiesClaim({ channel, drops, signature, publicKey }) }
}
