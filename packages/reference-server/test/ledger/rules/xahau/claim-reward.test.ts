import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accountRootIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from './xahau-fixture'

// ClaimReward on XAHAU (xahaud src/ripple/app/tx/impl/ClaimReward.cpp; the reward is the genesis
// hook's, hook/genesis/reward.c, which this node does not run).
const alice = testKey(81)
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const REWARD_FIELDS = ['RewardLgrFirst', 'RewardLgrLast', 'RewardAccumulator', 'RewardTime']

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice], 100_000_000n)
  f.ledger.fund(GENESIS, 100_000_000n, ['XAHAU'])
})
afterEach(() => {
  vi.restoreAllMocks()
  f.dispose()
})

const claim = (fields: Record<string, unknown>) =>
  f.submit(alice, { TransactionType: 'ClaimReward', ...fields })
const root = () => f.entry(accountRootIndex(alice.address))

describe('ClaimReward [xahaud ClaimReward.cpp]', () => {
  it('opting in sets the reward counters to the current ledger; opting out removes them [xahaud ClaimReward.cpp]', () => {
    f.ledger.close('XAHAU')
    const seq = f.ledger.latestClosedIndex('XAHAU') + 1
    expect(claim({ Issuer: GENESIS }).engine_result).toBe('tesSUCCESS')
    expect(root()).toMatchObject({
      RewardLgrFirst: seq,
      RewardLgrLast: seq,
      RewardAccumulator: '0',
    })
    expect(root()?.RewardTime).toBeTypeOf('number')
    f.ledger.close('XAHAU')
    expect(f.ledger.entry('XAHAU', accountRootIndex(alice.address), 'validated')).toMatchObject({
      RewardAccumulator: '0',
    })
    expect(claim({ Flags: 1 }).engine_result).toBe('tesSUCCESS')
    for (const field of REWARD_FIELDS) expect(root()).not.toHaveProperty(field)
  })

  it('a claim the genesis reward hook would pay is refused temDISABLED, counters kept, and the node logs why [xahaud ClaimReward.cpp, reward.c]', () => {
    expect(claim({ Issuer: GENESIS }).engine_result).toBe('tesSUCCESS')
    const before = { ...root() }
    const balance = f.balance(alice.address)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const answer = claim({ Issuer: GENESIS })
    expect(answer.engine_result).toBe('temDISABLED')
    expect(answer.refusal).toMatchObject({ rule: 'not-modelled-reward', source: 'ClaimReward.cpp' })
    expect(root()).toEqual(before)
    expect(f.balance(alice.address)).toBe(balance)
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^\[pullsign-server\] XAHAU: transaction [0-9A-F]{64} refused temDISABLED by this node, not the network: .*runs no hooks/,
    )
  })

  it.each([
    ['a flag above tfOptOut', 'temINVALID_FLAG', { Flags: 2, Issuer: GENESIS }],
    ['itself as Issuer', 'temMALFORMED', { Issuer: alice.address }],
    ['no Issuer and no opt-out', 'temMALFORMED', {}],
    ['an opt-out with an Issuer', 'temMALFORMED', { Flags: 1, Issuer: GENESIS }],
  ])('%s is %s, nothing applied [xahaud ClaimReward.cpp]', (_, result, fields) => {
    const balance = f.balance(alice.address)
    expect(claim(fields).engine_result).toBe(result)
    expect(f.balance(alice.address)).toBe(balance)
  })

  it('an Issuer that does not exist is tecNO_ISSUER, the fee charged [xahaud ClaimReward.cpp]', () => {
    const balance = f.balance(alice.address)
    expect(claim({ Issuer: testKey(82).address }).engine_result).toBe('tecNO_ISSUER')
    expect(balance - f.balance(alice.address)).toBe(10n)
    expect(root()).not.toHaveProperty('RewardLgrFirst')
  })
})
