import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mptIssuanceId } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type MptFixture, mpt, mptFixture } from './mpt-fixture'

const issuer = testKey(151)
const alice = testKey(152)
const bob = testKey(153)
const carol = testKey(154)
const nobody = testKey(155)

const CAN_LOCK = 0x02
const CAN_TRANSFER = 0x20

let f: MptFixture
let mptId: string
// An issuance (lockable, transferable, 10 % fee, at most 1000 units) that alice and bob hold.
beforeEach(() => {
  f = mptFixture([issuer, alice, bob, carol])
  mptId = f.create(issuer, {
    Flags: CAN_LOCK | CAN_TRANSFER,
    TransferFee: 10_000,
    MaximumAmount: '1000',
  }).mptId
  f.authorize(alice, mptId)
  f.authorize(bob, mptId)
  f.pay(issuer, alice, mptId, '200')
})
afterEach(() => f.dispose())

const outstanding = () => f.issuance(mptId)?.OutstandingAmount

describe('Payments of an MPT: mint, burn, transfer [rippled Payment.cpp mptDirect, View.cpp rippleSendMPT]', () => {
  it('the issuer mints: the holder gains, OutstandingAmount grows; the tx says delivered_amount in the token [rippled View.cpp rippleCreditMPT]', () => {
    const { txid, engine_result } = f.pay(issuer, bob, mptId, '50')
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.held(mptId, bob)).toBe(50n)
    expect(outstanding()).toBe('250')
    expect(f.ledger.transaction(txid)?.transaction.meta).toMatchObject({
      delivered_amount: mpt(mptId, '50'),
    })
  })

  it('minting past MaximumAmount is tecPATH_PARTIAL and changes nothing [rippled View.cpp rippleSendMPT tecPATH_DRY, Payment.cpp]', () => {
    expect(f.pay(issuer, bob, mptId, '801').engine_result).toBe('tecPATH_PARTIAL')
    expect([f.held(mptId, bob), outstanding()]).toEqual([0n, '200'])
    expect(f.pay(issuer, bob, mptId, '800').engine_result).toBe('tesSUCCESS')
    expect(outstanding()).toBe('1000')
  })

  it('a holder pays the issuer back: burned, no fee [rippled View.cpp rippleCreditMPT]', () => {
    expect(f.pay(alice, issuer, mptId, '30').engine_result).toBe('tesSUCCESS')
    expect([f.held(mptId, alice), outstanding()]).toEqual([170n, '170'])
  })

  it('between holders the fee is paid on top and burned: SendMax must cover it [rippled Payment.cpp requiredMaxSourceAmount]', () => {
    const short = f.pay(alice, bob, mptId, '100')
    expect(short.engine_result).toBe('tecPATH_PARTIAL')
    expect((short as { refusal?: unknown }).refusal).toMatchObject({
      rule: 'mpt-fee-not-covered',
      source: 'Payment.cpp',
    })
    expect(f.pay(alice, bob, mptId, '100', { SendMax: mpt(mptId, '110') }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect([f.held(mptId, alice), f.held(mptId, bob), outstanding()]).toEqual([90n, 100n, '190'])
  })

  it('a partial payment delivers what SendMax covers, at least DeliverMin [rippled Payment.cpp partialPaymentAllowed]', () => {
    const partial = { Flags: 0x00020000, SendMax: mpt(mptId, '55') }
    expect(
      f.pay(alice, bob, mptId, '100', { ...partial, DeliverMin: mpt(mptId, '51') }).engine_result,
    ).toBe('tecPATH_PARTIAL')
    expect(f.pay(alice, bob, mptId, '100', partial).engine_result).toBe('tesSUCCESS')
    expect([f.held(mptId, alice), f.held(mptId, bob)]).toEqual([145n, 50n])
  })

  it('a holder short of funds is tecPATH_PARTIAL [rippled Payment.cpp tecINSUFFICIENT_FUNDS mapped]', () => {
    expect(f.pay(alice, issuer, mptId, '201').engine_result).toBe('tecPATH_PARTIAL')
    expect(f.held(mptId, alice)).toBe(200n)
  })

  it('locked, globally or for one holder: holders cannot pay each other, the issuer still can (tecLOCKED) [rippled Payment.cpp isAnyFrozen]', () => {
    const set = (fields: Record<string, unknown>) =>
      f.submit(issuer, {
        TransactionType: 'MPTokenIssuanceSet',
        MPTokenIssuanceID: mptId,
        ...fields,
      })
    const send = { SendMax: mpt(mptId, '11') }
    set({ Flags: 1 })
    expect(f.pay(alice, bob, mptId, '10', send).engine_result).toBe('tecLOCKED')
    expect(f.pay(alice, issuer, mptId, '10').engine_result).toBe('tesSUCCESS')
    expect(f.pay(issuer, bob, mptId, '10').engine_result).toBe('tesSUCCESS')
    set({ Flags: 2 })
    set({ Flags: 1, Holder: bob.address })
    expect(f.pay(alice, bob, mptId, '10', send).engine_result).toBe('tecLOCKED')
    expect(f.pay(bob, alice, mptId, '5', { SendMax: mpt(mptId, '6') }).engine_result).toBe(
      'tecLOCKED',
    )
    set({ Flags: 2, Holder: bob.address })
    expect(f.pay(alice, bob, mptId, '10', send).engine_result).toBe('tesSUCCESS')
  })

  it('without tfMPTCanTransfer holders cannot pay each other: tecNO_AUTH [rippled View.cpp canTransfer]', () => {
    const fixed = f.create(issuer).mptId
    f.authorize(alice, fixed)
    f.authorize(bob, fixed)
    f.pay(issuer, alice, fixed, '10')
    expect(f.pay(alice, bob, fixed, '1').engine_result).toBe('tecNO_AUTH')
    expect(f.pay(alice, issuer, fixed, '1').engine_result).toBe('tesSUCCESS')
  })

  it('a destination without an MPToken is tecNO_AUTH; a destination that does not exist tecNO_DST [rippled View.cpp requireAuth, Payment.cpp preclaim]', () => {
    expect(f.pay(issuer, carol, mptId, '1').engine_result).toBe('tecNO_AUTH')
    expect(f.pay(issuer, nobody, mptId, '1').engine_result).toBe('tecNO_DST')
    expect(f.pay(issuer, bob, mptIssuanceId(999, issuer.address), '1').engine_result).toBe(
      'tecOBJECT_NOT_FOUND',
    )
  })

  it('a destination with DepositAuth takes only from preauthorized senders: tecNO_PERMISSION [rippled Payment.cpp verifyDepositPreauth]', () => {
    f.submit(bob, { TransactionType: 'AccountSet', SetFlag: 9 })
    expect(f.pay(issuer, bob, mptId, '1').engine_result).toBe('tecNO_PERMISSION')
    f.submit(bob, { TransactionType: 'DepositPreauth', Authorize: issuer.address })
    expect(f.pay(issuer, bob, mptId, '1').engine_result).toBe('tesSUCCESS')
  })

  it.each([
    ['Paths', 'temMALFORMED', { Paths: [[{ account: carol.address }]] }],
    ['a SendMax in another asset', 'temMALFORMED', { SendMax: '1000' }],
    ['tfLimitQuality (only tfPartialPayment)', 'temINVALID_FLAG', { Flags: 0x00040000 }],
    ['tfNoRippleDirect', 'temINVALID_FLAG', { Flags: 0x00010000 }],
    ['DeliverMin without tfPartialPayment', 'temBAD_AMOUNT', { DeliverMin: '1' }],
  ])('%s is %s [rippled Payment.cpp preflight]', (_name, result, fields) => {
    const tx: Record<string, unknown> = { ...fields }
    if ('DeliverMin' in tx) tx.DeliverMin = mpt(mptId, '1')
    expect(f.pay(alice, bob, mptId, '10', tx).engine_result).toBe(result)
  })

  it('a payment of an MPT to oneself is temREDUNDANT, of 0 temBAD_AMOUNT [rippled Payment.cpp preflight]', () => {
    expect(f.pay(alice, alice, mptId, '10').engine_result).toBe('temREDUNDANT')
    expect(f.pay(alice, bob, mptId, '0').engine_result).toBe('temBAD_AMOUNT')
  })
})
