import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountIdOf } from '../../../../src/ledger/codec/account-ids'
import {
  mptIssuanceId,
  mptIssuanceIndex,
  mptokenIndex,
  ownerDirIndex,
} from '../../../../src/ledger/state/keylets'
import { sha512HalfHex, testKey } from '../../test-keys'
import { type MptFixture, mpt, mptFixture } from './mpt-fixture'

const issuer = testKey(141)
const alice = testKey(142)
const bob = testKey(143)
const poor = testKey(144)

let f: MptFixture
beforeEach(() => {
  f = mptFixture([issuer, alice, bob])
})
afterEach(() => f.dispose())

// tfMPTCanLock | tfMPTRequireAuth | tfMPTCanTransfer | tfMPTCanClawback
const ALL = 0x02 | 0x04 | 0x20 | 0x40

describe('MPT ids and keylets [rippled Indexes.cpp makeMptID, keylet::mptIssuance, keylet::mptoken]', () => {
  it('the id is the Sequence then the AccountID; the MPToken key hashes the 32-byte issuance key [rippled Indexes.cpp]', () => {
    const id = mptIssuanceId(0x01020304, issuer.address)
    expect(id).toBe(`01020304${accountIdOf(issuer.address)}`)
    expect(mptIssuanceIndex(id)).toBe(sha512HalfHex(`007E${id}`))
    expect(mptokenIndex(id, alice.address)).toBe(
      sha512HalfHex(`0074${mptIssuanceIndex(id)}${accountIdOf(alice.address)}`),
    )
    // Not the 24-byte id, as xrpl.org's text implies.
    expect(mptokenIndex(id, alice.address)).not.toBe(
      sha512HalfHex(`0074${id}${accountIdOf(alice.address)}`),
    )
  })
})

describe('MPTokenIssuanceCreate [rippled MPTokenIssuanceCreate.cpp]', () => {
  it('makes the issuance in the issuer’s directory: flags, scale, fee, cap, metadata, one owner count [rippled MPTokenIssuanceCreate.cpp]', () => {
    const sequence = f.sequence(issuer)
    const { engine_result, mptId, txid } = f.create(issuer, {
      Flags: ALL,
      AssetScale: 2,
      TransferFee: 500,
      MaximumAmount: '1000000',
      MPTokenMetadata: '7B7D',
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.issuance(mptId)).toMatchObject({
      LedgerEntryType: 'MPTokenIssuance',
      Flags: ALL,
      Issuer: issuer.address,
      Sequence: sequence,
      OutstandingAmount: '0',
      AssetScale: 2,
      TransferFee: 500,
      MaximumAmount: '1000000',
      MPTokenMetadata: '7B7D',
    })
    expect(f.ownerCount(issuer)).toBe(1)
    expect(f.node(txid, ownerDirIndex(issuer.address))).toMatchObject({ CreatedNode: {} })
    // The tx answer's meta names the new id (rippled RPC::insertMPTokenIssuanceID).
    expect(f.ledger.transaction(txid)?.transaction.meta).toMatchObject({ mpt_issuance_id: mptId })
  })

  it('leaves a zero AssetScale and TransferFee out (soeDEFAULT) [rippled MPTokenIssuanceCreate.cpp]', () => {
    const { mptId } = f.create(issuer, { AssetScale: 0, TransferFee: 0 })
    const issuance = f.issuance(mptId) ?? {}
    expect('AssetScale' in issuance || 'TransferFee' in issuance).toBe(false)
  })

  it.each([
    ['a TransferFee above 50000', { Flags: 0x20, TransferFee: 50_001 }, 'temBAD_TRANSFER_FEE'],
    ['a TransferFee without tfMPTCanTransfer', { TransferFee: 1 }, 'temMALFORMED'],
    ['metadata above 1024 bytes', { MPTokenMetadata: 'AB'.repeat(1025) }, 'temMALFORMED'],
    ['a MaximumAmount of 0', { MaximumAmount: '0' }, 'temMALFORMED'],
    ['a MaximumAmount above 2^63 - 1', { MaximumAmount: '9223372036854775808' }, 'temMALFORMED'],
    ['a flag it does not define', { Flags: 0x01 }, 'temINVALID_FLAG'],
  ])('%s is %s [rippled MPTokenIssuanceCreate.cpp preflight]', (_name, fields, result) => {
    const before = f.balance(issuer.address)
    expect(f.create(issuer, fields).engine_result).toBe(result)
    expect(f.balance(issuer.address)).toBe(before)
  })

  it('an issuer short of the reserve for one more object is tecINSUFFICIENT_RESERVE [rippled MPTokenIssuanceCreate.cpp doApply]', () => {
    f.ledger.fund(poor.address, 1_000_010n, ['TESTNET'])
    const { engine_result, mptId } = f.create(poor)
    expect(engine_result).toBe('tecINSUFFICIENT_RESERVE')
    expect(f.issuance(mptId)).toBeUndefined()
  })

  it('a ticket names the issuance by its TicketSequence [rippled MPTokenIssuanceCreate.cpp tx.getSeqProxy]', () => {
    const first = f.sequence(issuer) + 1
    expect(
      f.submit(issuer, { TransactionType: 'TicketCreate', TicketCount: 1 }).engine_result,
    ).toBe('tesSUCCESS')
    const result = f.submit(issuer, {
      TransactionType: 'MPTokenIssuanceCreate',
      Sequence: 0,
      TicketSequence: first,
    })
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(f.issuance(mptIssuanceId(first, issuer.address))).toMatchObject({ Sequence: first })
  })
})

describe('MPTokenAuthorize [rippled MPTokenAuthorize.cpp]', () => {
  it('a holder opts in (an empty MPToken, one owner count) and out again [rippled MPTokenAuthorize.cpp]', () => {
    const { mptId } = f.create(issuer)
    const { engine_result } = f.authorize(alice, mptId)
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.token(mptId, alice)).toMatchObject({
      LedgerEntryType: 'MPToken',
      Flags: 0,
      Account: alice.address,
      MPTokenIssuanceID: mptId,
    })
    expect(f.token(mptId, alice)?.MPTAmount).toBeUndefined()
    expect(f.ownerCount(alice)).toBe(1)
    expect(f.authorize(alice, mptId).engine_result).toBe('tecDUPLICATE')
    expect(f.authorize(alice, mptId, { Flags: 1 }).engine_result).toBe('tesSUCCESS')
    expect(f.token(mptId, alice)).toBeUndefined()
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('the MPToken reserve is enforced only from two owned objects on [rippled MPTokenAuthorize.cpp reserveCreate]', () => {
    const ids = [f.create(issuer).mptId, f.create(issuer).mptId, f.create(issuer).mptId]
    // Just above the base reserve: the first two opt-ins need none of the owner reserve.
    f.ledger.fund(poor.address, 1_000_100n, ['TESTNET'])
    expect(f.authorize(poor, ids[0] as string).engine_result).toBe('tesSUCCESS')
    expect(f.authorize(poor, ids[1] as string).engine_result).toBe('tesSUCCESS')
    expect(f.authorize(poor, ids[2] as string).engine_result).toBe('tecINSUFFICIENT_RESERVE')
    expect(f.ownerCount(poor)).toBe(2)
  })

  it.each([
    ['the issuer opting in to its own token', 'issuer-self', 'tecNO_PERMISSION'],
    ['an unknown issuance', 'unknown', 'tecOBJECT_NOT_FOUND'],
    ['opting out without an MPToken', 'out-without', 'tecOBJECT_NOT_FOUND'],
    ['opting out holding tokens', 'out-holding', 'tecHAS_OBLIGATIONS'],
    ['the issuer authorizing without tfMPTRequireAuth', 'no-require-auth', 'tecNO_AUTH'],
    ['the issuer authorizing a holder who has not opted in', 'not-opted-in', 'tecOBJECT_NOT_FOUND'],
    ['another account than the issuer authorizing', 'not-issuer', 'tecNO_PERMISSION'],
    ['naming a Holder that does not exist', 'no-holder', 'tecNO_DST'],
    ['naming oneself as Holder', 'self-holder', 'temMALFORMED'],
    ['a flag it does not define', 'bad-flag', 'temINVALID_FLAG'],
  ])('%s is %s [rippled MPTokenAuthorize.cpp]', (_name, which, result) => {
    const open = f.create(issuer).mptId
    const guarded = f.create(issuer, { Flags: 0x04 }).mptId
    f.authorize(bob, open)
    f.pay(issuer, bob, open, '5')
    const cases: Record<string, () => { engine_result: string }> = {
      'issuer-self': () => f.authorize(issuer, open),
      unknown: () => f.authorize(alice, mptIssuanceId(999, issuer.address)),
      'out-without': () => f.authorize(alice, open, { Flags: 1 }),
      'out-holding': () => f.authorize(bob, open, { Flags: 1 }),
      'no-require-auth': () => f.authorize(issuer, open, { Holder: bob.address }),
      'not-opted-in': () => f.authorize(issuer, guarded, { Holder: alice.address }),
      'not-issuer': () => f.authorize(alice, guarded, { Holder: bob.address }),
      'no-holder': () => f.authorize(issuer, guarded, { Holder: poor.address }),
      'self-holder': () => f.authorize(issuer, guarded, { Holder: issuer.address }),
      'bad-flag': () => f.authorize(alice, open, { Flags: 2 }),
    }
    expect((cases[which] as () => { engine_result: string })().engine_result).toBe(result)
  })

  it('under tfMPTRequireAuth the issuer authorizes a holder and takes it back [rippled MPTokenAuthorize.cpp, View.cpp requireAuth]', () => {
    const { mptId } = f.create(issuer, { Flags: 0x04 })
    f.authorize(alice, mptId)
    expect(f.pay(issuer, alice, mptId, '10').engine_result).toBe('tecNO_AUTH')
    expect(f.authorize(issuer, mptId, { Holder: alice.address }).engine_result).toBe('tesSUCCESS')
    expect(f.token(mptId, alice)?.Flags).toBe(0x02)
    expect(f.pay(issuer, alice, mptId, '10').engine_result).toBe('tesSUCCESS')
    expect(f.authorize(issuer, mptId, { Holder: alice.address, Flags: 1 }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(f.token(mptId, alice)?.Flags).toBe(0)
    expect(f.pay(alice, issuer, mptId, '1').engine_result).toBe('tecNO_AUTH')
  })
})

describe('MPTokenIssuanceSet [rippled MPTokenIssuanceSet.cpp]', () => {
  it('locks and unlocks the issuance, and one holder with Holder [rippled MPTokenIssuanceSet.cpp doApply]', () => {
    const { mptId } = f.create(issuer, { Flags: 0x02 | 0x20 })
    const set = (fields: Record<string, unknown>) =>
      f.submit(issuer, {
        TransactionType: 'MPTokenIssuanceSet',
        MPTokenIssuanceID: mptId,
        ...fields,
      })
    expect(set({ Flags: 1 }).engine_result).toBe('tesSUCCESS')
    expect(f.issuance(mptId)?.Flags).toBe(0x02 | 0x20 | 0x01)
    expect(set({ Flags: 2 }).engine_result).toBe('tesSUCCESS')
    expect(f.issuance(mptId)?.Flags).toBe(0x02 | 0x20)
    f.authorize(alice, mptId)
    expect(set({ Flags: 1, Holder: alice.address }).engine_result).toBe('tesSUCCESS')
    expect(f.token(mptId, alice)?.Flags).toBe(0x01)
  })

  it.each([
    ['tfMPTLock with tfMPTUnlock', 'both', 'temINVALID_FLAG'],
    ['the issuer as Holder', 'self', 'temMALFORMED'],
    ['a new TransferFee (DynamicMPT is not modelled)', 'dynamic', 'temDISABLED'],
    ['an unknown issuance', 'unknown', 'tecOBJECT_NOT_FOUND'],
    ['an issuance without tfMPTCanLock', 'not-lockable', 'tecNO_PERMISSION'],
    ['another account than the issuer', 'not-issuer', 'tecNO_PERMISSION'],
    ['a Holder that does not exist', 'no-account', 'tecNO_DST'],
    ['a Holder without an MPToken', 'no-token', 'tecOBJECT_NOT_FOUND'],
  ])('%s is %s [rippled MPTokenIssuanceSet.cpp]', (_name, which, result) => {
    const lockable = f.create(issuer, { Flags: 0x02 }).mptId
    const fixed = f.create(issuer).mptId
    const set = (by: typeof issuer, mptId: string, fields: Record<string, unknown>) =>
      f.submit(by, { TransactionType: 'MPTokenIssuanceSet', MPTokenIssuanceID: mptId, ...fields })
    const cases: Record<string, () => { engine_result: string }> = {
      both: () => set(issuer, lockable, { Flags: 3 }),
      self: () => set(issuer, lockable, { Flags: 1, Holder: issuer.address }),
      dynamic: () => set(issuer, lockable, { TransferFee: 10 }),
      unknown: () => set(issuer, mptIssuanceId(999, issuer.address), { Flags: 1 }),
      'not-lockable': () => set(issuer, fixed, { Flags: 1 }),
      'not-issuer': () => set(alice, lockable, { Flags: 1 }),
      'no-account': () => set(issuer, lockable, { Flags: 1, Holder: poor.address }),
      'no-token': () => set(issuer, lockable, { Flags: 1, Holder: bob.address }),
    }
    expect((cases[which] as () => { engine_result: string })().engine_result).toBe(result)
  })
})

describe('MPTokenIssuanceDestroy [rippled MPTokenIssuanceDestroy.cpp]', () => {
  it('only with nothing outstanding; empty MPTokens do not block it, and may be removed after [rippled MPTokenIssuanceDestroy.cpp, MPTokenAuthorize.cpp]', () => {
    const { mptId } = f.create(issuer)
    const destroy = (by = issuer) =>
      f.submit(by, { TransactionType: 'MPTokenIssuanceDestroy', MPTokenIssuanceID: mptId })
    f.authorize(alice, mptId)
    f.pay(issuer, alice, mptId, '3')
    expect(destroy(alice).engine_result).toBe('tecNO_PERMISSION')
    expect(destroy().engine_result).toBe('tecHAS_OBLIGATIONS')
    f.pay(alice, issuer, mptId, '3')
    expect(destroy().engine_result).toBe('tesSUCCESS')
    expect(f.issuance(mptId)).toBeUndefined()
    expect(f.ownerCount(issuer)).toBe(0)
    expect(destroy().engine_result).toBe('tecOBJECT_NOT_FOUND')
    // The holder's empty MPToken outlives the issuance and is removed without it.
    expect(f.authorize(alice, mptId, { Flags: 1 }).engine_result).toBe('tesSUCCESS')
    expect(f.ownerCount(alice)).toBe(0)
  })
})

describe('Clawback of an MPT [rippled Clawback.cpp preflightHelper<MPTIssue>, preclaimHelper<MPTIssue>]', () => {
  const claw = (by: typeof issuer, fields: Record<string, unknown>) =>
    f.submit(by, { TransactionType: 'Clawback', ...fields })

  it('takes back at most the holder’s balance, burned from OutstandingAmount, even when locked [rippled Clawback.cpp applyHelper<MPTIssue>]', () => {
    const { mptId } = f.create(issuer, { Flags: 0x40 | 0x02 })
    f.authorize(alice, mptId)
    f.pay(issuer, alice, mptId, '100')
    f.submit(issuer, {
      TransactionType: 'MPTokenIssuanceSet',
      MPTokenIssuanceID: mptId,
      Flags: 1,
    })
    expect(claw(issuer, { Amount: mpt(mptId, '30'), Holder: alice.address }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(f.held(mptId, alice)).toBe(70n)
    expect(claw(issuer, { Amount: mpt(mptId, '500'), Holder: alice.address }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(f.held(mptId, alice)).toBe(0n)
    expect(f.issuance(mptId)?.OutstandingAmount).toBe('0')
    expect(claw(issuer, { Amount: mpt(mptId, '1'), Holder: alice.address }).engine_result).toBe(
      'tecINSUFFICIENT_FUNDS',
    )
  })

  it.each([
    ['no Holder', 'no-holder', 'temMALFORMED'],
    ['the issuer as Holder', 'self', 'temMALFORMED'],
    ['an amount of 0', 'zero', 'temBAD_AMOUNT'],
    ['a Holder that does not exist', 'no-account', 'terNO_ACCOUNT'],
    ['an unknown issuance', 'unknown', 'tecOBJECT_NOT_FOUND'],
    ['an issuance without tfMPTCanClawback', 'no-clawback', 'tecNO_PERMISSION'],
    ['another account than the issuer', 'not-issuer', 'tecNO_PERMISSION'],
    ['a holder without an MPToken', 'no-token', 'tecOBJECT_NOT_FOUND'],
  ])('%s is %s [rippled Clawback.cpp]', (_name, which, result) => {
    const clawable = f.create(issuer, { Flags: 0x40 }).mptId
    const plain = f.create(issuer).mptId
    f.authorize(alice, clawable)
    f.authorize(alice, plain)
    f.pay(issuer, alice, clawable, '10')
    f.pay(issuer, alice, plain, '10')
    const cases: Record<string, () => { engine_result: string }> = {
      'no-holder': () => claw(issuer, { Amount: mpt(clawable, '1') }),
      self: () => claw(issuer, { Amount: mpt(clawable, '1'), Holder: issuer.address }),
      zero: () => claw(issuer, { Amount: mpt(clawable, '0'), Holder: alice.address }),
      'no-account': () => claw(issuer, { Amount: mpt(clawable, '1'), Holder: poor.address }),
      unknown: () =>
        claw(issuer, {
          Amount: mpt(mptIssuanceId(999, issuer.address), '1'),
          Holder: alice.address,
        }),
      'no-clawback': () => claw(issuer, { Amount: mpt(plain, '1'), Holder: alice.address }),
      'not-issuer': () => claw(bob, { Amount: mpt(clawable, '1'), Holder: alice.address }),
      'no-token': () => claw(issuer, { Amount: mpt(clawable, '1'), Holder: bob.address }),
    }
    expect((cases[which] as () => { engine_result: string })().engine_result).toBe(result)
  })
})

describe('AccountDelete with MPT objects [rippled DeleteAccount.cpp nonObligationDeleter]', () => {
  it('an issuance or an MPToken blocks the deletion: tecHAS_OBLIGATIONS [rippled DeleteAccount.cpp]', () => {
    const { mptId } = f.create(issuer)
    f.authorize(alice, mptId)
    f.pass(60 * 60)
    for (let i = 0; i < 256; i += 1) f.ledger.close('TESTNET')
    const remove = (key: typeof issuer) =>
      f.submit(key, { TransactionType: 'AccountDelete', Destination: bob.address, Fee: '2000000' })
    expect(remove(issuer).engine_result).toBe('tecHAS_OBLIGATIONS')
    expect(remove(alice).engine_result).toBe('tecHAS_OBLIGATIONS')
  })
})
