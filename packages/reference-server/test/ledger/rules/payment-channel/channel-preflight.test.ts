import { encodeAccountPublic } from 'ripple-address-codec'
import { describe, expect, it } from 'vitest'
import { signPaymentChannelClaim } from 'xrpl'
import type { JsonObject } from '../../../../src/ledger/codec/json-object'
import {
  channelVerify,
  verifiesClaim,
} from '../../../../src/ledger/rules/payment-channel/channel-claim-signature'
import {
  channelClaimPreflight,
  channelClaimRules,
  channelCreatePreflight,
  channelCreateRules,
  channelFundPreflight,
  channelFundRules,
  TF_CLOSE,
  TF_RENEW,
} from '../../../../src/ledger/rules/payment-channel/payment-channels'
import type { TransactionRules } from '../../../../src/ledger/rules/transaction-rules'
import type { Verdict } from '../../../../src/ledger/view/refusal'
import { authorizeChannelClaim } from '../../../../src/wallet/channel-claim'
import { testKey } from '../../test-keys'
import { preflightResult } from '../declared-preflight'

const owner = testKey(1)
const secp = testKey(3, 'ecdsa-secp256k1')
const bob = testKey(2).address
const channel = 'C1AE6DDDEEC05CF2978C0BAD6FE302948E9533691DC749DCDD3B9E5992CA6198'

// xrpl.js signs in XRP; the ledger counts drops.
const xrplClaim = (drops: bigint, key = owner) =>
  signPaymentChannelClaim(channel, (Number(drops) / 1e6).toString(), key.privateKey)

describe('payment-channel claims: who signed what (docs/protocol.md §8.2)', () => {
  it("xrpl.js signPaymentChannelClaim and the wallet's PaymentChannelAuthorize both verify", () => {
    for (const key of [owner, secp]) {
      expect(
        verifiesClaim({
          channel,
          drops: 1_500_000n,
          signature: xrplClaim(1_500_000n, key),
          publicKey: key.publicKey,
        }),
      ).toBe(true)
      const wallet = authorizeChannelClaim(
        { TransactionType: 'PaymentChannelAuthorize', Channel: channel, Amount: '1500000' },
        key,
      )
      expect(
        verifiesClaim({
          channel,
          drops: 1_500_000n,
          signature: wallet.hex,
          publicKey: key.publicKey,
        }),
      ).toBe(true)
    }
  })

  it('a claim for another amount, channel or key does not verify, and never throws', () => {
    const signature = xrplClaim(1_000_000n)
    const claim = { channel, drops: 1_000_000n, signature, publicKey: owner.publicKey }
    expect(verifiesClaim({ ...claim, drops: 1_000_001n })).toBe(false)
    expect(verifiesClaim({ ...claim, channel: '00'.repeat(32) })).toBe(false)
    expect(verifiesClaim({ ...claim, publicKey: secp.publicKey })).toBe(false)
    expect(verifiesClaim({ ...claim, signature: 'zz' })).toBe(false)
  })

  it('channel_verify reads the key in hex or base58 and names the bad field as rippled does', () => {
    const signature = xrplClaim(2_000_000n)
    const base58 = encodeAccountPublic(Buffer.from(owner.publicKey, 'hex'))
    const params = {
      public_key: owner.publicKey,
      channel_id: channel,
      amount: '2000000',
      signature,
    }
    expect(channelVerify(params)).toEqual({ signature_verified: true })
    expect(channelVerify({ ...params, public_key: base58 })).toEqual({ signature_verified: true })
    expect(channelVerify({ ...params, amount: '2000001' })).toEqual({ signature_verified: false })
    expect(channelVerify({ ...params, public_key: 'nope' })).toEqual({ error: 'publicMalformed' })
    expect(channelVerify({ ...params, channel_id: 'AB' })).toEqual({ error: 'channelMalformed' })
    expect(channelVerify({ ...params, amount: 2 })).toEqual({ error: 'channelAmtMalformed' })
    expect(channelVerify({ ...params, amount: '1.5' })).toEqual({ error: 'channelAmtMalformed' })
    expect(channelVerify({ ...params, signature: '' })).toEqual({ error: 'invalidParams' })
  })
})

const create = {
  TransactionType: 'PaymentChannelCreate',
  Account: owner.address,
  Destination: bob,
  Amount: '1000000',
  SettleDelay: 60,
  PublicKey: owner.publicKey,
}
const claim = { TransactionType: 'PaymentChannelClaim', Account: bob, Channel: channel }
const signed = (drops: bigint) => ({
  ...claim,
  Balance: String(drops),
  Signature: xrplClaim(drops),
  PublicKey: owner.publicKey,
})

// Each row: the transaction, the result, the line of rippled's PayChan.cpp it follows.
const rows: [string, (tx: JsonObject) => Verdict | null, JsonObject, string | null][] = [
  ['Create', channelCreatePreflight, create, null],
  [
    'Create, issued Amount: `!isXRP`',
    channelCreatePreflight,
    { ...create, Amount: { currency: 'USD', issuer: bob, value: '1' } },
    'temBAD_AMOUNT',
  ],
  ['Create, zero Amount', channelCreatePreflight, { ...create, Amount: '0' }, 'temBAD_AMOUNT'],
  [
    'Create, to oneself',
    channelCreatePreflight,
    { ...create, Destination: owner.address },
    'temDST_IS_SRC',
  ],
  [
    'Create, PublicKey of no known type',
    channelCreatePreflight,
    { ...create, PublicKey: `04${'00'.repeat(32)}` },
    'temMALFORMED',
  ],
  [
    'Create, tfClose is no Create flag',
    channelCreatePreflight,
    { ...create, Flags: TF_CLOSE },
    'temINVALID_FLAG',
  ],
  ['Fund', channelFundPreflight, { Channel: channel, Amount: '5' }, null],
  ['Fund, zero Amount', channelFundPreflight, { Channel: channel, Amount: '0' }, 'temBAD_AMOUNT'],
  ['Claim with a signed Balance', channelClaimPreflight, signed(700n), null],
  ['Claim by the owner, no signature', channelClaimPreflight, { ...claim, Balance: '5' }, null],
  ['Claim, close', channelClaimPreflight, { ...claim, Flags: TF_CLOSE }, null],
  ['Claim, zero Balance', channelClaimPreflight, { ...claim, Balance: '0' }, 'temBAD_AMOUNT'],
  [
    'Claim, Balance over Amount',
    channelClaimPreflight,
    { ...claim, Balance: '6', Amount: '5' },
    'temBAD_AMOUNT',
  ],
  [
    'Claim, an unknown flag: tfPayChanClaimMask',
    channelClaimPreflight,
    { ...claim, Flags: 0x00040000 },
    'temINVALID_FLAG',
  ],
  [
    'Claim, tfClose and tfRenew',
    channelClaimPreflight,
    { ...claim, Flags: TF_CLOSE | TF_RENEW },
    'temMALFORMED',
  ],
  [
    'Claim, Signature without PublicKey',
    channelClaimPreflight,
    { ...signed(5n), PublicKey: undefined },
    'temMALFORMED',
  ],
  [
    'Claim, Signature without Balance',
    channelClaimPreflight,
    { ...signed(5n), Balance: undefined },
    'temMALFORMED',
  ],
  [
    'Claim, Signature for less than Balance',
    channelClaimPreflight,
    { ...signed(5n), Balance: '6' },
    'temBAD_SIGNATURE',
  ],
  [
    'Claim, Signature by another key',
    channelClaimPreflight,
    { ...signed(5n), PublicKey: secp.publicKey },
    'temBAD_SIGNATURE',
  ],
  [
    'Claim, CredentialIDs twice the same (CredentialHelpers.cpp checkFields)',
    channelClaimPreflight,
    { ...claim, CredentialIDs: ['00'.repeat(32), '00'.repeat(32)] },
    'temMALFORMED',
  ],
]

// The rules whose declared flags and fields the transactor checks before each preflight.
const RULES = new Map([
  [channelCreatePreflight, channelCreateRules],
  [channelFundPreflight, channelFundRules],
  [channelClaimPreflight, channelClaimRules],
])

describe('payment-channel preflight: the transaction alone (rippled PayChan.cpp)', () => {
  it.each(rows)('%s → %s', (_name, preflight, tx, result) => {
    expect(preflightResult(RULES.get(preflight) as TransactionRules, tx, preflight)).toBe(result)
  })
})
