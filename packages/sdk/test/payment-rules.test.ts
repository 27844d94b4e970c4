import fc from 'fast-check'
import { type AccountState, canPay } from 'pullsign/verify'
import { describe, expect, test } from 'vitest'
import { compareDecimals } from '../src/verify/amount-compare'

const PAYER = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const USD = (value: string) => ({ currency: 'USD', issuer: ISSUER, value })
/** Holds 12.5 USD on a line with the issuer (its one owned object). */
const HOLDER = {
  balance: '0',
  ownerCount: 1,
  lines: [{ currency: 'USD', counterparty: ISSUER, balance: '12.5' }],
}

describe('exact decimal comparison (delivered amounts, §8.3)', () => {
  test.each([
    ['5', '5.000', 0],
    ['5', '0.5e1', 0],
    ['4.99', '5e0', -1],
    ['1e-15', '0.000000000000001', 0],
    ['-1', '0', -1],
    ['1000000', '999999', 1],
    ['9999999999999999e80', '1e96', -1],
  ])('%s vs %s = %i', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order)
    expect(compareDecimals(b, a)).toBe(order === 0 ? 0 : -order)
  })

  test.each(['', '.', 'abc', '1.2.3', 'NaN', '1e'])('%j is not a number', (value) => {
    expect(compareDecimals(value, '1')).toBeNull()
  })

  test('agrees with integer arithmetic for any two scaled values', () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.integer({ min: 0, max: 20 }),
        fc.bigInt(),
        fc.integer({ min: 0, max: 20 }),
        (a, sa, b, sb) => {
          // a·10^-sa vs b·10^-sb, written as exponents
          const expected = a * 10n ** BigInt(sb) - b * 10n ** BigInt(sa)
          expect(compareDecimals(`${a}e-${sa}`, `${b}e-${sb}`)).toBe(
            expected === 0n ? 0 : expected > 0n ? 1 : -1,
          )
        },
      ),
    )
  })
})

describe('canPay (§9.1 rule 7): balance minus account and owner reserves', () => {
  const lookupOf = (state: AccountState) => ({ getAccount: async () => state })

  test.each<
    [string, AccountState, string | ReturnType<typeof USD>, { ok: boolean; spendable: string }]
  >([
    [
      'exactly the spendable drops',
      { balance: '11400000', ownerCount: 2 },
      '10000000',
      { ok: true, spendable: '10000000' },
    ],
    [
      'one drop more than spendable',
      { balance: '11400000', ownerCount: 2 },
      '10000001',
      { ok: false, spendable: '10000000' },
    ],
    [
      'a balance below the reserve',
      { balance: '900000', ownerCount: 0 },
      '1',
      { ok: false, spendable: '0' },
    ],
    ['an issued amount on a line', HOLDER, USD('12.5'), { ok: true, spendable: '12.5' }],
    ['more than the line holds', HOLDER, USD('12.51'), { ok: false, spendable: '12.5' }],
    [
      'an asset without a line',
      { balance: '50000000', ownerCount: 0 },
      USD('1'),
      { ok: false, spendable: '0' },
    ],
  ])('%s', async (_case, state, amount, answer) => {
    expect(await canPay(PAYER, amount, { lookup: lookupOf(state), network: 'TESTNET' })).toEqual(
      answer,
    )
  })

  test('the fee is kept aside too, and an issuer can always pay its own asset', async () => {
    const lookup = lookupOf({ balance: '11400000', ownerCount: 2 })
    expect(await canPay(PAYER, '10000000', { lookup, fee: '12' })).toEqual({
      ok: false,
      spendable: '9999988',
    })
    expect(await canPay(ISSUER, USD('1000000'), { lookup })).toEqual({
      ok: true,
      spendable: '1000000',
    })
  })

  test.each([
    ['rNope', '1', {}, /^account must be a classic address/],
    [PAYER, '1.5', {}, /^amount must be drops/],
    [PAYER, USD('-1'), {}, /^amount.value must be a positive decimal/],
    [PAYER, '1', { network: 'mainnet' }, /^network must be a rails key/],
    [PAYER, '1', { fee: 'x' }, /^fee must be drops/],
  ])('canPay(%j, %j, %j) names the bad argument', async (account, amount, options, message) => {
    const lookup = lookupOf({ balance: '0', ownerCount: 0 })
    await expect(canPay(account, amount as never, { lookup, ...options } as never)).rejects.toThrow(
      message,
    )
  })
})
