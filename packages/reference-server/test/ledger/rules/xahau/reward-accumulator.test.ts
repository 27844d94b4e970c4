import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountRootIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from './xahau-fixture'

// The RewardAccumulator of accounts opted in with ClaimReward, kept by xahaud's
// Transactor::operator() (src/ripple/app/tx/impl/Transactor.cpp, the BalanceRewards block, with
// fix240819 and fix240911 on as on Xahau's mainnet) on every applied transaction.
const alice = testKey(91)
const bob = testKey(92)
const carol = testKey(93)
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice, bob, carol], 100_000_000n)
  f.ledger.fund(GENESIS, 100_000_000n, ['XAHAU'])
})
afterEach(() => f.dispose())

const root = (address: string) => f.entry(accountRootIndex(address))
const openSeq = () => f.ledger.latestClosedIndex('XAHAU') + 1
const optIn = (key: typeof alice) => {
  expect(f.submit(key, { TransactionType: 'ClaimReward', Issuer: GENESIS }).engine_result).toBe(
    'tesSUCCESS',
  )
  return openSeq()
}
const closeLedgers = (count: number) => {
  for (let i = 0; i < count; i += 1) f.ledger.close('XAHAU')
}
const pay = (from: typeof alice, to: string, drops: string) =>
  f.submit(from, { TransactionType: 'Payment', Destination: to, Amount: drops })
const modifiedNode = (txid: string, address: string) =>
  (
    f
      .meta(txid)
      .AffectedNodes.find(
        (node) =>
          (node.ModifiedNode as { LedgerIndex?: string } | undefined)?.LedgerIndex ===
          accountRootIndex(address),
      ) as { ModifiedNode: Record<string, Record<string, unknown>> }
  ).ModifiedNode

describe('RewardAccumulator [xahaud Transactor.cpp BalanceRewards]', () => {
  it('a balance change adds the balance before it, in whole XAH, times the ledgers elapsed since RewardLgrLast [xahaud Transactor.cpp, fix240819]', () => {
    const first = optIn(alice)
    closeLedgers(3)
    const before = f.balance(alice.address)
    const paid = pay(alice, bob.address, '2500000')
    expect(paid.engine_result).toBe('tesSUCCESS')
    const expected = (before / 1_000_000n) * 3n
    expect(root(alice.address)).toMatchObject({
      RewardLgrFirst: first,
      RewardLgrLast: first + 3,
      RewardAccumulator: expected.toString(16),
    })
    // The metadata shows both changes, as the final metadata xahaud writes after the update.
    const node = modifiedNode(paid.txid, alice.address)
    expect(node.PreviousFields).toMatchObject({ RewardAccumulator: '0', RewardLgrLast: first })
    expect(node.FinalFields).toMatchObject({
      RewardAccumulator: expected.toString(16),
      RewardLgrLast: first + 3,
    })
    // bob never opted in: nothing of the kind on his account.
    expect(root(bob.address)).not.toHaveProperty('RewardAccumulator')
  })

  it('no ledger elapsed adds nothing; the next ledger adds the balance after the first change [xahaud Transactor.cpp lgrElapsed == 0]', () => {
    const first = optIn(alice)
    closeLedgers(1)
    const start = f.balance(alice.address)
    expect(pay(alice, bob.address, '7000000').engine_result).toBe('tesSUCCESS')
    const once = start / 1_000_000n
    expect(pay(alice, bob.address, '1000000').engine_result).toBe('tesSUCCESS')
    expect(root(alice.address)).toMatchObject({
      RewardLgrLast: first + 1,
      RewardAccumulator: once.toString(16),
    })
    const afterSecond = f.balance(alice.address)
    closeLedgers(2)
    expect(pay(alice, bob.address, '1000000').engine_result).toBe('tesSUCCESS')
    expect(root(alice.address)).toMatchObject({
      RewardLgrLast: first + 3,
      RewardAccumulator: (once + (afterSecond / 1_000_000n) * 2n).toString(16),
    })
  })

  it('a received payment counts for an opted-in destination, and a tec’s fee alone moves the sender’s [xahaud Transactor.cpp: every applied transaction]', () => {
    const first = optIn(bob)
    optIn(alice)
    closeLedgers(4)
    const bobBefore = f.balance(bob.address)
    expect(pay(carol, bob.address, '5000000').engine_result).toBe('tesSUCCESS')
    expect(root(bob.address)).toMatchObject({
      RewardLgrLast: first + 4,
      RewardAccumulator: ((bobBefore / 1_000_000n) * 4n).toString(16),
    })
    const aliceBefore = f.balance(alice.address)
    // 1 drop cannot create an account: tecNO_DST_INSUF_XRP, the fee charged.
    const refused = pay(alice, 'rsA2LpzuawewSBQXkiju3YQTMzW13pAAdW', '1')
    expect(refused.engine_result).toBe('tecNO_DST_INSUF_XRP')
    expect(root(alice.address)).toMatchObject({
      RewardAccumulator: ((aliceBefore / 1_000_000n) * 4n).toString(16),
    })
  })

  it('an account that opted out keeps nothing, and the opt-in itself adds nothing [xahaud Transactor.cpp, ClaimReward.cpp]', () => {
    optIn(alice)
    expect(root(alice.address)).toMatchObject({ RewardAccumulator: '0' })
    closeLedgers(2)
    expect(f.submit(alice, { TransactionType: 'ClaimReward', Flags: 1 }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(pay(alice, bob.address, '1000000').engine_result).toBe('tesSUCCESS')
    expect(root(alice.address)).not.toHaveProperty('RewardAccumulator')
    expect(root(alice.address)).not.toHaveProperty('RewardLgrLast')
  })
})
