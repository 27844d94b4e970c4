import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  accountRootIndex,
  rippleStateIndex,
  uriTokenIndex,
} from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from './xahau-fixture'

// SetRemarks on XAHAU (xahaud src/ripple/app/tx/impl/SetRemarks.cpp).
const alice = testKey(86)
const bob = testKey(87)
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
const remark = (name: string, value?: string, Flags?: number) => ({
  Remark: {
    RemarkName: hex(name),
    ...(value === undefined ? {} : { RemarkValue: hex(value) }),
    ...(Flags === undefined ? {} : { Flags }),
  },
})

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice, bob], 100_000_000n)
})
afterEach(() => f.dispose())

const setRemarks = (ObjectID: string, Remarks: unknown[], key = alice) =>
  f.submit(key, { TransactionType: 'SetRemarks', ObjectID, Remarks }).engine_result
const own = accountRootIndex(alice.address)

describe('SetRemarks [xahaud SetRemarks.cpp]', () => {
  it('sets remarks sorted by name, keeps an immutable one, removes one without a value [xahaud SetRemarks.cpp]', () => {
    expect(setRemarks(own, [remark('zeta', '1'), remark('alpha', 'a', 1)])).toBe('tesSUCCESS')
    expect(f.entry(own)?.Remarks).toEqual([remark('alpha', 'a', 1), remark('zeta', '1')])
    expect(setRemarks(own, [remark('alpha', 'b')])).toBe('tecIMMUTABLE')
    expect(setRemarks(own, [remark('alpha', 'a'), remark('zeta')])).toBe('tesSUCCESS')
    expect(f.entry(own)?.Remarks).toEqual([remark('alpha', 'a', 1)])
    // The remarked AccountRoot hashes into the closed ledger with xahaud's definitions.
    f.ledger.close('XAHAU')
    expect(f.ledger.entry('XAHAU', own, 'validated')?.Remarks).toEqual([remark('alpha', 'a', 1)])
  })

  it('the fee grows by a drop per byte of names and values [xahaud SetRemarks.cpp calculateBaseFee]', () => {
    const tx = {
      TransactionType: 'SetRemarks',
      Account: alice.address,
      ObjectID: own,
      Remarks: [remark('name', 'value')],
      Sequence: 1,
      Fee: '0',
    }
    expect(f.ledger.minimumFee('XAHAU', tx)).toBe(String(10 + 4 + 5))
  })

  it('on a URIToken only its issuer, on a trust line only its issuer [xahaud SetRemarks.cpp getRemarksIssuer]', () => {
    const uri = hex('ipfs://remarked')
    f.submit(alice, {
      TransactionType: 'URITokenMint',
      URI: uri,
      Amount: '1',
      Destination: bob.address,
    })
    f.submit(bob, {
      TransactionType: 'URITokenBuy',
      URITokenID: uriTokenIndex(alice.address, uri),
      Amount: '1',
    })
    const token = uriTokenIndex(alice.address, uri)
    expect(setRemarks(token, [remark('k', 'v')], bob)).toBe('tecNO_PERMISSION')
    expect(setRemarks(token, [remark('k', 'v')])).toBe('tesSUCCESS')
    f.submit(bob, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: alice.address, value: '10' },
    })
    const line = rippleStateIndex(alice.address, bob.address, 'USD')
    expect(setRemarks(line, [remark('k', 'v')], bob)).toBe('tecNO_PERMISSION')
    expect(setRemarks(line, [remark('k', 'v')])).toBe('tesSUCCESS')
  })

  it.each([
    ['no remarks', 'temMALFORMED', []],
    ['33 remarks', 'temMALFORMED', Array.from({ length: 33 }, (_, i) => remark(`n${i}`, 'v'))],
    ['a name twice', 'temMALFORMED', [remark('a', '1'), remark('a', '2')]],
    ['an immutable deletion', 'temMALFORMED', [remark('a', undefined, 1)]],
    ['a flag beside tfImmutable', 'temMALFORMED', [remark('a', '1', 2)]],
    ['a 257-byte value', 'temMALFORMED', [remark('a', 'x'.repeat(257))]],
  ])('%s is %s, nothing applied [xahaud SetRemarks.cpp validateRemarks]', (_, result, remarks) => {
    const balance = f.balance(alice.address)
    expect(setRemarks(own, remarks)).toBe(result)
    expect(f.balance(alice.address)).toBe(balance)
  })

  it('an object that does not exist is tecNO_TARGET; the 33rd remark on an object tecTOO_MANY_REMARKS [xahaud SetRemarks.cpp]', () => {
    expect(setRemarks('D'.repeat(64), [remark('a', '1')])).toBe('tecNO_TARGET')
    const many = Array.from({ length: 32 }, (_, i) => remark(`n${String(i).padStart(2, '0')}`, 'v'))
    expect(setRemarks(own, many)).toBe('tesSUCCESS')
    expect(setRemarks(own, [remark('one-more', 'v')])).toBe('tecTOO_MANY_REMARKS')
  })
})
