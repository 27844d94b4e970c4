import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { networkDefinition } from '../../../src/ledger'
import { networkCodec, XRPL_CODEC } from '../../../src/ledger/codec/network-codec'
import { invariantFailure } from '../../../src/ledger/rules/invariant-checks'
import { createLedgerNode } from '../../../src/ledger-api/ledger-node'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { testKey } from '../test-keys'

const issuer = testKey(11)
const holder = testKey(12)
const other = testKey(13)
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, holder, other], drops: 100_000_000n })
})
afterEach(() => f.dispose())

const submitted = (key: typeof holder, fields: Record<string, unknown>) =>
  expect(f.submit(key, fields).engine_result).toBe('tesSUCCESS')
const node = () => createLedgerNode({ ledger: f.ledger })
const call = (command: string, params: Record<string, unknown>) =>
  node().call(networkDefinition('TESTNET'), command, params, 2) as {
    result: Record<string, unknown>
  }

describe('amounts as rippled keeps them: 16 digits, rounded when written [rippled STAmount.cpp, IOUAmount.cpp]', () => {
  it('1e15 USD and then 0.5 more is 1000000000000000 on the line (rounded to 16 digits), and every close after succeeds', () => {
    submitted(holder, { TransactionType: 'TrustSet', LimitAmount: usd('1e20') })
    submitted(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('1000000000000000'),
    })
    submitted(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('0.5'),
    })
    expect(f.ledger.account('TESTNET', holder.address)?.lines[0]?.balance).toBe('1000000000000000')
    submitted(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('1.5'),
    })
    expect(f.ledger.account('TESTNET', holder.address)?.lines[0]?.balance).toBe('1000000000000002')
    for (let i = 0; i < 3; i += 1) expect(() => f.ledger.close()).not.toThrow()
    expect(f.ledger.latestClosedIndex('TESTNET')).toBeGreaterThan(5_000_002)
  })

  it('the largest limit is written "9999999999999999e80" (account_lines, as rippled\'s getText)', () => {
    submitted(holder, { TransactionType: 'TrustSet', LimitAmount: usd('9999999999999999e80') })
    const lines = call('account_lines', { account: holder.address }).result.lines as {
      limit: string
    }[]
    expect(lines[0]?.limit).toBe('9999999999999999e80')
    submitted(other, { TransactionType: 'TrustSet', LimitAmount: usd('1e20') })
    const others = call('account_lines', { account: other.address }).result.lines as {
      limit: string
    }[]
    expect(others[0]?.limit).toBe('1000000000000000e5')
  })

  it('gateway_balances sums obligations as the ledger does: 0.1 + 0.2 is 0.3', () => {
    submitted(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100') })
    submitted(other, { TransactionType: 'TrustSet', LimitAmount: usd('100') })
    submitted(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('0.1'),
    })
    submitted(issuer, {
      TransactionType: 'Payment',
      Destination: other.address,
      Amount: usd('0.2'),
    })
    expect(call('gateway_balances', { account: issuer.address }).result.obligations).toEqual({
      USD: '0.3',
    })
  })

  it('funding past 10^17 drops is refused before anything changes', () => {
    expect(() => f.ledger.fund(holder.address, 10n ** 17n)).toThrow(RangeError)
    expect(f.ledger.account('TESTNET', holder.address)?.balance).toBe('100000000')
  })
})

describe('the invariants a transaction must keep, or it fails at apply time [rippled InvariantCheck.cpp]', () => {
  const base = {
    info: { seq: 1, parentCloseTime: 0 },
    fees: { base: 10n, reserve: 1_000_000n, increment: 200_000n },
    read: (index: string) =>
      index === 'A'.repeat(64)
        ? { LedgerEntryType: 'AccountRoot', Flags: 0, Balance: '1000', index }
        : undefined,
    succ: () => undefined,
  }
  const account = (balance: string) => ({
    index: 'A'.repeat(64),
    action: 'modify' as const,
    object: { LedgerEntryType: 'AccountRoot', Flags: 0, Balance: balance, index: 'A'.repeat(64) },
  })
  const line = (value: string) => ({
    index: 'B'.repeat(64),
    action: 'insert' as const,
    object: {
      LedgerEntryType: 'RippleState',
      Flags: 0,
      Balance: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value },
      index: 'B'.repeat(64),
    },
  })

  it.each([
    ['the fee burnt and a 16-digit balance', [account('988'), line('1000000000000000')], null],
    [
      'a balance of 17 digits, which the codec cannot write',
      [account('988'), line('1000000000000000.5')],
      /cannot be written/,
    ],
    ['drops created', [account('2000')], /positive: 1000 drops created/],
    ['drops burnt beyond the fee', [account('900')], /-100 drops does not match the fee 12/],
  ])('%s', (_what, changes, expected) => {
    const found = invariantFailure(changes, base, 12n, XRPL_CODEC.definitions)
    if (expected === null) expect(found).toBeNull()
    else expect(found).toMatch(expected)
  })

  it("judges the amount fields of the network's own definitions: xahaud's LockedBalance on Xahau", () => {
    const locked = line('1')
    const object = {
      ...locked.object,
      LockedBalance: { ...locked.object.Balance, value: '1000000000000000.5' },
    }
    const changes = [account('988'), { ...locked, object }]
    const xahau = networkCodec(networkDefinition('XAHAU')).definitions
    expect(invariantFailure(changes, base, 12n, xahau)).toMatch(/LockedBalance.*cannot be written/)
    // Not an amount of the XRP Ledger's definitions: not judged there.
    expect(invariantFailure(changes, base, 12n, XRPL_CODEC.definitions)).toBeNull()
  })
})
