import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multisign } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { multisignTx, signTx, type TestKey, testKey } from '../../test-keys'

let f: LedgerFixture
const alice = testKey(61)
const bob = testKey(62, 'ecdsa-secp256k1')
const carol = testKey(63)
const dave = testKey(64, 'ecdsa-secp256k1')
const phantom = testKey(65)

beforeEach(() => {
  f = ledgerFixture()
  for (const key of [alice, bob, carol, dave]) f.ledger.fund(key.address, 100_000_000n)
})
afterEach(() => f.dispose())

const sequence = (key: TestKey) => f.ledger.account('TESTNET', key.address)?.sequence
/** Signs a transaction for `account` with `key` (its master or regular key) and submits it. */
const submitAs = (account: TestKey, key: TestKey, fields: Record<string, unknown>) =>
  f.ledger.submit(
    'TESTNET',
    signTx({ Account: account.address, Fee: '12', Sequence: sequence(account), ...fields }, key),
  ).engine_result
const noop = { TransactionType: 'AccountSet' }

describe('regular keys and the master key (rippled SetRegularKey.cpp, SetAccount.cpp, Transactor::checkSingleSign)', () => {
  it('signs with the regular key once set, and with no other key', () => {
    expect(submitAs(alice, carol, noop)).toBe('tefBAD_AUTH')
    expect(
      submitAs(alice, alice, { TransactionType: 'SetRegularKey', RegularKey: carol.address }),
    ).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', alice.address)?.regularKey).toBe(carol.address)
    expect(submitAs(alice, carol, noop)).toBe('tesSUCCESS')
    expect(submitAs(alice, dave, noop)).toBe('tefBAD_AUTH')
  })

  it('disables the master key only with the master key and another way to sign', () => {
    const disable = { TransactionType: 'AccountSet', SetFlag: 4 }
    expect(submitAs(alice, alice, disable)).toBe('tecNO_ALTERNATIVE_KEY')
    expect(
      submitAs(alice, alice, { TransactionType: 'SetRegularKey', RegularKey: carol.address }),
    ).toBe('tesSUCCESS')
    expect(submitAs(alice, carol, disable)).toBe('tecNEED_MASTER_KEY')
    expect(submitAs(alice, alice, disable)).toBe('tesSUCCESS')
    // rippled checkSingleSign: "Signed with disabled master key."
    expect(submitAs(alice, alice, noop)).toBe('tefMASTER_DISABLED')
    expect(submitAs(alice, carol, noop)).toBe('tesSUCCESS')
    // SetRegularKey::doApply: no regular key, master disabled, no signer list.
    expect(submitAs(alice, carol, { TransactionType: 'SetRegularKey' })).toBe(
      'tecNO_ALTERNATIVE_KEY',
    )
    expect(submitAs(alice, carol, { TransactionType: 'AccountSet', ClearFlag: 4 })).toBe(
      'tesSUCCESS',
    )
    expect(submitAs(alice, alice, noop)).toBe('tesSUCCESS')
  })

  it('refuses the master key as its own regular key (temBAD_REGKEY), changing nothing', () => {
    const before = f.ledger.account('TESTNET', alice.address)
    expect(
      submitAs(alice, alice, { TransactionType: 'SetRegularKey', RegularKey: alice.address }),
    ).toBe('temBAD_REGKEY')
    expect(f.ledger.account('TESTNET', alice.address)).toEqual(before)
  })
})

describe('signer lists and multi-signed transactions (rippled SetSignerList.cpp, Transactor::checkMultiSign)', () => {
  const list = (quorum: number, entries: Array<[TestKey, number]>) => ({
    TransactionType: 'SignerListSet',
    SignerQuorum: quorum,
    SignerEntries: entries.map(([key, SignerWeight]) => ({
      SignerEntry: { Account: key.address, SignerWeight },
    })),
  })
  const multisigned = (signers: TestKey[], fee: string) => {
    const tx = {
      TransactionType: 'AccountSet',
      Account: alice.address,
      Fee: fee,
      Sequence: sequence(alice),
    }
    // xrpl.js `multisign` combines one blob per signer (each signed with the signer's own key).
    return multisign(signers.map((key) => multisignTx(tx, [{ account: key.address, key }])))
  }

  it('applies a quorum of weights, counts one owner object, and refuses less', () => {
    expect(
      submitAs(
        alice,
        alice,
        list(3, [
          [bob, 1],
          [carol, 2],
          [phantom, 1],
        ]),
      ),
    ).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(1)
    expect(f.ledger.submit('TESTNET', multisigned([bob, phantom], '36')).engine_result).toBe(
      'tefBAD_QUORUM',
    )
    // A phantom signer (no account on the ledger) signs with its master key.
    expect(f.ledger.submit('TESTNET', multisigned([carol, phantom], '36')).engine_result).toBe(
      'tesSUCCESS',
    )
  })

  it('charges the base fee per signature plus one (Transactor::calculateBaseFee)', () => {
    expect(
      submitAs(
        alice,
        alice,
        list(2, [
          [bob, 1],
          [carol, 1],
        ]),
      ),
    ).toBe('tesSUCCESS')
    expect(f.ledger.submit('TESTNET', multisigned([bob, carol], '35')).engine_result).toBe(
      'telINSUF_FEE_P',
    )
    const before = f.balance(alice.address)
    expect(f.ledger.submit('TESTNET', multisigned([bob, carol], '36')).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(before - f.balance(alice.address)).toBe(36n)
  })

  it('refuses a signer whose master key is disabled (tefMASTER_DISABLED) and a key that is not the signer’s (tefBAD_SIGNATURE)', () => {
    expect(
      submitAs(
        alice,
        alice,
        list(1, [
          [bob, 1],
          [carol, 1],
        ]),
      ),
    ).toBe('tesSUCCESS')
    expect(
      submitAs(carol, carol, { TransactionType: 'SetRegularKey', RegularKey: dave.address }),
    ).toBe('tesSUCCESS')
    expect(submitAs(carol, carol, { TransactionType: 'AccountSet', SetFlag: 4 })).toBe('tesSUCCESS')
    expect(f.ledger.submit('TESTNET', multisigned([carol], '24')).engine_result).toBe(
      'tefMASTER_DISABLED',
    )
    // carol signs with her regular key: accepted.
    const tx = {
      TransactionType: 'AccountSet',
      Account: alice.address,
      Fee: '24',
      Sequence: sequence(alice),
    }
    const byRegular = multisignTx(tx, [{ account: carol.address, key: dave }])
    expect(f.ledger.submit('TESTNET', byRegular).engine_result).toBe('tesSUCCESS')
    // bob's entry signed with a key that is neither bob's master nor regular key.
    const next = { ...tx, Sequence: sequence(alice) }
    const forged = multisignTx(next, [{ account: bob.address, key: phantom }])
    expect(f.ledger.submit('TESTNET', forged).engine_result).toBe('tefBAD_SIGNATURE')
  })

  it('deletes the list only while another way to sign remains (tecNO_ALTERNATIVE_KEY)', () => {
    expect(submitAs(alice, alice, list(1, [[bob, 1]]))).toBe('tesSUCCESS')
    expect(submitAs(alice, alice, { TransactionType: 'AccountSet', SetFlag: 4 })).toBe('tesSUCCESS')
    const tx = {
      TransactionType: 'SignerListSet',
      Account: alice.address,
      Fee: '24',
      SignerQuorum: 0,
    }
    const remove = () =>
      multisignTx({ ...tx, Sequence: sequence(alice) }, [{ account: bob.address, key: bob }])
    expect(f.ledger.submit('TESTNET', remove()).engine_result).toBe('tecNO_ALTERNATIVE_KEY')
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(1)
  })

  it('checks the reserve against the balance before the fee (tecINSUFFICIENT_RESERVE)', () => {
    const poor = testKey(66)
    f.ledger.fund(poor.address, 1_200_000n)
    // 1.2 units before the fee reach the reserve of one object (1 + 0.2) exactly.
    expect(submitAs(poor, poor, list(1, [[bob, 1]]))).toBe('tesSUCCESS')
    const poorer = testKey(67)
    f.ledger.fund(poorer.address, 1_199_999n)
    expect(submitAs(poorer, poorer, list(1, [[bob, 1]]))).toBe('tecINSUFFICIENT_RESERVE')
  })
})

describe('asfAccountTxnID (rippled SetAccount.cpp, Transactor::checkPriorTxAndLastLedger)', () => {
  it('keeps the id of the account’s latest transaction, which AccountTxnID must name', () => {
    expect(submitAs(alice, alice, { TransactionType: 'AccountSet', SetFlag: 5 })).toBe('tesSUCCESS')
    const blob = (fields: Record<string, unknown>) =>
      signTx({ Account: alice.address, Fee: '12', Sequence: sequence(alice), ...fields }, alice)
    const latest = f.ledger.submit('TESTNET', blob(noop)).txid
    expect(submitAs(alice, alice, { ...noop, AccountTxnID: 'AB'.repeat(32) })).toBe(
      'tefWRONG_PRIOR',
    )
    expect(submitAs(alice, alice, { ...noop, AccountTxnID: latest })).toBe('tesSUCCESS')
    expect(submitAs(alice, alice, { TransactionType: 'AccountSet', ClearFlag: 5 })).toBe(
      'tesSUCCESS',
    )
    expect(submitAs(alice, alice, { ...noop, AccountTxnID: latest })).toBe('tefWRONG_PRIOR')
  })
})

describe('the free key change (rippled SetRegularKey::calculateBaseFee)', () => {
  it('lets the master key set a regular key for no fee once, again after native funds arrive', () => {
    const free = (RegularKey: string) =>
      f.ledger.submit(
        'TESTNET',
        signTx(
          {
            TransactionType: 'SetRegularKey',
            Account: alice.address,
            Fee: '0',
            Sequence: sequence(alice),
            RegularKey,
          },
          alice,
        ),
      ).engine_result
    const before = f.balance(alice.address)
    expect(free(carol.address)).toBe('tesSUCCESS')
    expect(f.balance(alice.address)).toBe(before)
    expect(free(dave.address)).toBe('telINSUF_FEE_P')
    expect(
      submitAs(bob, bob, { TransactionType: 'Payment', Destination: alice.address, Amount: '1' }),
    ).toBe('tesSUCCESS')
    expect(free(dave.address)).toBe('tesSUCCESS')
  })
})
