import { encodeAccountPublic } from 'ripple-address-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashes, signPaymentChannelClaim } from 'xrpl'
import { accountChannel, channelVerify } from '../../../../src/ledger'
import { ownerDirIndex } from '../../../../src/ledger/state/keylets'
import { authorizeChannelClaim } from '../../../../src/wallet/channel-claim'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(51)
const bob = testKey(52)
const carol = testKey(53)
const claimKey = testKey(54, 'ecdsa-secp256k1')
const TF_RENEW = 0x00010000
const TF_CLOSE = 0x00020000

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob, carol])
})
afterEach(() => f.dispose())

// Opens a 10-unit channel from alice to bob whose claims claimKey signs.
const open = (fields: Record<string, unknown> = {}) => {
  const sequence = f.sequence(alice)
  const result = f.submit(alice, {
    TransactionType: 'PaymentChannelCreate',
    Destination: bob.address,
    Amount: '10000000',
    SettleDelay: 3600,
    PublicKey: claimKey.publicKey,
    ...fields,
  })
  return { ...result, channel: hashes.hashPaymentChannel(alice.address, bob.address, sequence) }
}
const claim = (by: typeof bob, fields: Record<string, unknown>) =>
  f.submit(by, { TransactionType: 'PaymentChannelClaim', ...fields })
// A claim signed off the ledger with xrpl.js, as an app's backend would.
const signedClaim = (channel: string, drops: number) => ({
  Channel: channel,
  Balance: String(drops),
  Signature: signPaymentChannelClaim(channel, String(drops / 1e6), claimKey.privateKey),
  PublicKey: claimKey.publicKey,
})

describe('payment channels (rippled PayChan.cpp, docs/protocol.md §8.7)', () => {
  it('a channel is created with its index, funded, in both directories, owned by its creator', () => {
    const before = f.balance(alice.address)
    const { txid, engine_result, channel } = open({ CancelAfter: f.now() + 86_400 })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.node(txid, channel)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'PayChannel',
        LedgerIndex: channel,
        NewFields: {
          Account: alice.address,
          Amount: '10000000',
          CancelAfter: f.now() + 86_400,
          Destination: bob.address,
          PublicKey: claimKey.publicKey,
          SettleDelay: 3600,
        },
      },
    })
    expect(f.node(txid, ownerDirIndex(bob.address))).toMatchObject({ CreatedNode: {} })
    expect(f.balance(alice.address)).toBe(before - 10_000_012n)
    expect([f.ownerCount(alice), f.ownerCount(bob)]).toEqual([1, 0])
    expect(
      f.submit(alice, {
        TransactionType: 'PaymentChannelFund',
        Channel: channel,
        Amount: '5000000',
      }).engine_result,
    ).toBe('tesSUCCESS')
    expect(
      f.submit(carol, { TransactionType: 'PaymentChannelFund', Channel: channel, Amount: '1' })
        .engine_result,
    ).toBe('tecNO_PERMISSION')
  })

  it("the destination cashes xrpl.js claims and the wallet's PaymentChannelAuthorize claims, each for more than the last", () => {
    const { channel } = open()
    const bobBefore = f.balance(bob.address)
    expect(claim(bob, signedClaim(channel, 2_000_000)).engine_result).toBe('tesSUCCESS')
    const wallet = authorizeChannelClaim(
      { TransactionType: 'PaymentChannelAuthorize', Channel: channel, Amount: '3500000' },
      claimKey,
    )
    const walletClaim = {
      Channel: channel,
      Balance: '3500000',
      Signature: wallet.hex,
      PublicKey: claimKey.publicKey,
    }
    expect(claim(bob, walletClaim).engine_result).toBe('tesSUCCESS')
    expect(f.balance(bob.address)).toBe(bobBefore + 3_500_000n - 24n)
    // An older claim pays nothing more; one over the channel's funds is unfunded.
    expect(claim(bob, signedClaim(channel, 2_000_000)).engine_result).toBe('tecUNFUNDED_PAYMENT')
    expect(claim(bob, signedClaim(channel, 10_000_001)).engine_result).toBe('tecUNFUNDED_PAYMENT')
  })

  // Each row: the claim, its result, the line of PayChanClaim::doApply it follows.
  it.each([
    [
      'the destination without a signature (`txAccount == dst && !sig`)',
      () => ({ Balance: '1' }),
      'temBAD_SIGNATURE',
    ],
    [
      "a claim by another key than the channel's (`PublicKey != pk`)",
      (channel: string) => {
        const other = testKey(55)
        return {
          Balance: '1',
          PublicKey: other.publicKey,
          Signature: signPaymentChannelClaim(channel, '0.000001', other.privateKey),
        }
      },
      'temBAD_SIGNER',
    ],
  ])('PaymentChannelClaim, %s → %s', (_name, fields, result) => {
    const { channel } = open()
    const before = f.balance(bob.address)
    expect(claim(bob, { Channel: channel, ...fields(channel) }).engine_result).toBe(result)
    expect(f.balance(bob.address)).toBe(before)
  })

  it('the owner pays out without a signature; a third party may not claim', () => {
    const { channel } = open()
    expect(claim(carol, signedClaim(channel, 1_000_000)).engine_result).toBe('tecNO_PERMISSION')
    const before = f.balance(bob.address)
    expect(claim(alice, { Channel: channel, Balance: '4000000' }).engine_result).toBe('tesSUCCESS')
    expect(f.balance(bob.address)).toBe(before + 4_000_000n)
  })

  it('tfClose by the owner waits SettleDelay; the next transaction after it closes the channel, the rest back to the owner', () => {
    const { channel } = open()
    claim(bob, signedClaim(channel, 1_000_000))
    const closing = claim(alice, { Channel: channel, Flags: TF_CLOSE })
    expect(closing.engine_result).toBe('tesSUCCESS')
    expect(f.node(closing.txid, channel)).toMatchObject({
      ModifiedNode: { FinalFields: { Expiration: f.now() + 3600 } },
    })
    // Until then the destination still cashes its claims.
    expect(claim(bob, signedClaim(channel, 2_000_000)).engine_result).toBe('tesSUCCESS')
    // tfRenew is the owner's only.
    expect(claim(bob, { Channel: channel, Flags: TF_RENEW }).engine_result).toBe('tecNO_PERMISSION')
    f.pass(3601)
    const before = f.balance(alice.address)
    const expired = f.submit(carol, {
      TransactionType: 'PaymentChannelFund',
      Channel: channel,
      Amount: '1',
    })
    expect(expired.engine_result).toBe('tesSUCCESS')
    expect(f.node(expired.txid, channel)).toMatchObject({
      DeletedNode: { LedgerEntryType: 'PayChannel' },
    })
    expect(f.balance(alice.address)).toBe(before + 8_000_000n)
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('tfClose by the destination closes at once; the owner renews an expiration away', () => {
    const first = open()
    const renewed = claim(alice, { Channel: first.channel, Flags: TF_CLOSE })
    expect(renewed.engine_result).toBe('tesSUCCESS')
    expect(claim(alice, { Channel: first.channel, Flags: TF_RENEW }).engine_result).toBe(
      'tesSUCCESS',
    )
    f.pass(7200)
    // No expiration any more: a claim still pays.
    expect(claim(bob, signedClaim(first.channel, 1_000_000)).engine_result).toBe('tesSUCCESS')
    const before = f.balance(alice.address)
    const closed = claim(bob, { Channel: first.channel, Flags: TF_CLOSE })
    expect(closed.engine_result).toBe('tesSUCCESS')
    expect(f.balance(alice.address)).toBe(before + 9_000_000n)
    expect(claim(bob, { Channel: first.channel, Flags: TF_CLOSE }).engine_result).toBe(
      'tecNO_TARGET',
    )
  })

  it('Create: no destination, a CancelAfter already past (fixPayChanCancelAfter), more than the balance over the reserve', () => {
    expect(open({ Destination: testKey(59).address }).engine_result).toBe('tecNO_DST')
    expect(open({ CancelAfter: f.now() - 1 }).engine_result).toBe('tecEXPIRED')
    expect(open({ Amount: '999000001' }).engine_result).toBe('tecUNFUNDED')
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('Fund: a new Expiration sooner than SettleDelay from now is temBAD_EXPIRATION; no channel is tecNO_ENTRY', () => {
    const { channel } = open()
    const fund = (fields: Record<string, unknown>) =>
      f.submit(alice, {
        TransactionType: 'PaymentChannelFund',
        Channel: channel,
        Amount: '1',
        ...fields,
      })
    expect(fund({ Expiration: f.now() + 60 }).engine_result).toBe('temBAD_EXPIRATION')
    expect(fund({ Expiration: f.now() + 7200 }).engine_result).toBe('tesSUCCESS')
    expect(fund({ Channel: '00'.repeat(32) }).engine_result).toBe('tecNO_ENTRY')
  })
})

describe("the node's account_channels and channel_verify, ledger side", () => {
  it('lists the channels an account owns, as rippled shapes them, and verifies their claims', () => {
    const first = open({ DestinationTag: 9, CancelAfter: f.now() + 999 })
    open({ Destination: carol.address })
    const objects =
      f.ledger.accountObjects('TESTNET', alice.address, { types: ['PayChannel'], limit: 10 })
        ?.objects ?? []
    const listed = objects.flatMap(
      (object) => accountChannel(object, alice.address, bob.address) ?? [],
    )
    expect(listed).toEqual([
      {
        channel_id: first.channel,
        account: alice.address,
        destination_account: bob.address,
        amount: '10000000',
        balance: '0',
        public_key: encodeAccountPublic(Buffer.from(claimKey.publicKey, 'hex')),
        public_key_hex: claimKey.publicKey,
        settle_delay: 3600,
        cancel_after: f.now() + 999,
        destination_tag: 9,
      },
    ])
    // Bob receives it: it sits in his directory, but is no channel of his.
    const bobs =
      f.ledger.accountObjects('TESTNET', bob.address, { types: ['PayChannel'], limit: 10 })
        ?.objects ?? []
    expect(bobs).toHaveLength(1)
    expect(bobs.flatMap((object) => accountChannel(object, bob.address) ?? [])).toEqual([])
    const signature = signPaymentChannelClaim(first.channel, '1', claimKey.privateKey)
    expect(
      channelVerify({
        public_key: listed[0]?.public_key,
        channel_id: first.channel,
        amount: '1000000',
        signature,
      }),
    ).toEqual({ signature_verified: true })
  })
})
