import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashes, signPaymentChannelClaim } from 'xrpl'
import { checkIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

// What a destination refuses, set by real AccountSet and DepositPreauth transactions and asked
// by real escrows, checks and channels (docs/protocol.md §8.7,
// rules/common/deposit-authorization.ts).
const alice = testKey(71)
const bob = testKey(72)
const carol = testKey(73)
const claimKey = testKey(74, 'ecdsa-secp256k1')
// AccountSet SetFlag values (xrpl.org AccountSet, rippled TxFlags.h).
const ASF = { RequireDest: 1, DepositAuth: 9 }

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob, carol])
})
afterEach(() => f.dispose())

const ok = (result: { engine_result: string }) => expect(result.engine_result).toBe('tesSUCCESS')
const setFlag = (key: typeof bob, flag: number) =>
  ok(f.submit(key, { TransactionType: 'AccountSet', SetFlag: flag }))
const preauthorize = (key: typeof bob, who: typeof alice) =>
  ok(f.submit(key, { TransactionType: 'DepositPreauth', Authorize: who.address }))

// Alice's escrow to bob, finishable once a minute has passed; its OfferSequence.
const escrow = (fields: Record<string, unknown> = {}) => {
  const sequence = f.sequence(alice)
  const result = f.submit(alice, {
    TransactionType: 'EscrowCreate',
    Destination: bob.address,
    Amount: '5000000',
    FinishAfter: f.now() + 60,
    ...fields,
  })
  return { ...result, sequence }
}
const finish = (by: typeof bob, sequence: number) =>
  f.submit(by, {
    TransactionType: 'EscrowFinish',
    Owner: alice.address,
    OfferSequence: sequence,
  })
const check = (fields: Record<string, unknown> = {}) => {
  const id = checkIndex(alice.address, f.sequence(alice))
  return {
    ...f.submit(alice, {
      TransactionType: 'CheckCreate',
      Destination: bob.address,
      SendMax: '5000000',
      ...fields,
    }),
    id,
  }
}
const cash = (id: string) =>
  f.submit(bob, { TransactionType: 'CheckCash', CheckID: id, Amount: '5000000' })
const channel = (fields: Record<string, unknown> = {}) => {
  const id = hashes.hashPaymentChannel(alice.address, bob.address, f.sequence(alice))
  return {
    ...f.submit(alice, {
      TransactionType: 'PaymentChannelCreate',
      Destination: bob.address,
      Amount: '10000000',
      SettleDelay: 3600,
      PublicKey: claimKey.publicKey,
      ...fields,
    }),
    id,
  }
}
// A claim of 1 unit: the owner needs no signature, the destination presents the owner's.
const claim = (by: typeof bob, id: string) =>
  f.submit(by, {
    TransactionType: 'PaymentChannelClaim',
    Channel: id,
    Balance: '1000000',
    ...(by === alice
      ? {}
      : {
          Signature: signPaymentChannelClaim(id, '1', claimKey.privateKey),
          PublicKey: claimKey.publicKey,
        }),
  })

describe('asfRequireDest: tecDST_TAG_NEEDED (rippled Escrow.cpp, CreateCheck.cpp, CashCheck.cpp, PayChan.cpp)', () => {
  beforeEach(() => setFlag(bob, ASF.RequireDest))

  it.each([
    ['EscrowCreate (EscrowCreate::preclaim)', () => escrow()],
    ['CheckCreate (CreateCheck::preclaim)', () => check()],
    ['PaymentChannelCreate (PayChanCreate::preclaim)', () => channel()],
    [
      'Payment (Payment::preclaim)',
      () =>
        f.submit(alice, {
          TransactionType: 'Payment',
          Destination: bob.address,
          Amount: '1000000',
        }),
    ],
  ])('%s without a DestinationTag → tecDST_TAG_NEEDED, nothing held', (_name, send) => {
    const before = f.balance(alice.address)
    expect(send().engine_result).toBe('tecDST_TAG_NEEDED')
    expect(f.ownerCount(alice)).toBe(0)
    expect(f.balance(alice.address)).toBe(before - 12n)
  })

  it.each([
    ['EscrowCreate', () => escrow({ DestinationTag: 7 })],
    ['CheckCreate', () => check({ DestinationTag: 7 })],
    ['PaymentChannelCreate', () => channel({ DestinationTag: 7 })],
  ])('%s with a DestinationTag → tesSUCCESS', (_name, send) => {
    ok(send())
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('CashCheck::preclaim: a check written before the flag, without a tag, cannot be cashed', () => {
    const f2 = objectFixture([alice, bob])
    try {
      const id = checkIndex(alice.address, f2.sequence(alice))
      ok(
        f2.submit(alice, {
          TransactionType: 'CheckCreate',
          Destination: bob.address,
          SendMax: '5000000',
        }),
      )
      ok(f2.submit(bob, { TransactionType: 'AccountSet', SetFlag: ASF.RequireDest }))
      const cashed = f2.submit(bob, {
        TransactionType: 'CheckCash',
        CheckID: id,
        Amount: '5000000',
      })
      expect(cashed.engine_result).toBe('tecDST_TAG_NEEDED')
      expect(f2.ownerCount(alice)).toBe(1)
    } finally {
      f2.dispose()
    }
  })

  it('an escrow or channel made before the flag still finishes and claims (EscrowFinish and PayChanClaim ask no tag)', () => {
    const f2 = objectFixture([alice, bob])
    try {
      const sequence = f2.sequence(alice)
      ok(
        f2.submit(alice, {
          TransactionType: 'EscrowCreate',
          Destination: bob.address,
          Amount: '5000000',
          FinishAfter: f2.now() + 60,
        }),
      )
      ok(f2.submit(bob, { TransactionType: 'AccountSet', SetFlag: ASF.RequireDest }))
      f2.pass(120)
      ok(
        f2.submit(bob, {
          TransactionType: 'EscrowFinish',
          Owner: alice.address,
          OfferSequence: sequence,
        }),
      )
    } finally {
      f2.dispose()
    }
  })
})

describe('asfDepositAuth: tecNO_PERMISSION unless preauthorized (rippled verifyDepositPreauth, Escrow.cpp, PayChan.cpp)', () => {
  it('EscrowCreate is allowed; EscrowFinish by a third party is tecNO_PERMISSION, by the destination tesSUCCESS', () => {
    setFlag(bob, ASF.DepositAuth)
    const first = escrow()
    ok(first)
    const second = escrow()
    ok(second)
    f.pass(120)
    expect(finish(carol, first.sequence).engine_result).toBe('tecNO_PERMISSION')
    expect(f.ownerCount(alice)).toBe(2)
    const before = f.balance(bob.address)
    ok(finish(bob, first.sequence))
    expect(f.balance(bob.address)).toBe(before + 5_000_000n - 12n)
    // A DepositPreauth for carol lets her finish the other one.
    preauthorize(bob, carol)
    ok(finish(carol, second.sequence))
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('EscrowFinish by the escrow owner needs the destination to preauthorize the owner', () => {
    setFlag(bob, ASF.DepositAuth)
    const held = escrow()
    f.pass(120)
    expect(finish(alice, held.sequence).engine_result).toBe('tecNO_PERMISSION')
    preauthorize(bob, alice)
    ok(finish(alice, held.sequence))
  })

  it('CheckCreate and CheckCash pass DepositAuth: only the destination cashes (CashCheck.cpp asks no preauthorization)', () => {
    setFlag(bob, ASF.DepositAuth)
    const written = check()
    ok(written)
    const before = f.balance(bob.address)
    ok(cash(written.id))
    expect(f.balance(bob.address)).toBe(before + 5_000_000n - 12n)
  })

  it('PaymentChannelCreate is allowed; a claim by the owner is tecNO_PERMISSION until preauthorized, one by the destination passes', () => {
    setFlag(bob, ASF.DepositAuth)
    const open = channel()
    ok(open)
    expect(claim(alice, open.id).engine_result).toBe('tecNO_PERMISSION')
    const before = f.balance(bob.address)
    ok(claim(bob, open.id))
    expect(f.balance(bob.address)).toBe(before + 1_000_000n - 12n)
    preauthorize(bob, alice)
    const more = f.submit(alice, {
      TransactionType: 'PaymentChannelClaim',
      Channel: open.id,
      Balance: '2000000',
    })
    ok(more)
  })
})
