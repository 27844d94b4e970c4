import type { TransactionJson } from 'pullsign/wire'
import { encodeForSigningClaim } from 'ripple-binary-codec'
import { parseDrops } from '../ledger/amounts/native-amount'
import { sign } from '../ledger/signatures/keypair-signatures'
import { invalidRequest } from '../platform/errors'
import type { SignedBlob, SigningKey } from './sign-transaction'

const CHANNEL = /^[0-9A-F]{64}$/i

/**
 * Authorizes a payment-channel claim (docs/protocol.md §8.2): `hex` is the bare signature over `434C4D00`
 * + channel + amount (drops, UInt64); `txid` is "". Never submitted.
 *
 * @example
 * ```ts
 * const { hex, txid } = authorizeChannelClaim({ TransactionType: 'PaymentChannelAuthorize', Channel, Amount: '1000000' }, key)
 * verify(encodeForSigningClaim({ channel: Channel, amount: '1000000' }), hex, key.publicKey) // true
 * ```
 */
export function authorizeChannelClaim(txjson: TransactionJson, key: SigningKey): SignedBlob {
  const channel = txjson.Channel
  if (typeof channel !== 'string' || !CHANNEL.test(channel)) {
    throw invalidRequest('txjson.Channel', 'must be 64 hex characters')
  }
  const amount = parseDrops(txjson.Amount)
  if (amount === null) throw invalidRequest('txjson.Amount', 'must be an integer string of drops')
  const data = encodeForSigningClaim({ channel: channel.toUpperCase(), amount: String(amount) })
  return { hex: sign(data, key.privateKey), txid: '' }
}
