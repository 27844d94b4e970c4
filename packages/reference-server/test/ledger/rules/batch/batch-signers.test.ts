import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Batch, type BatchSigner, signMultiBatch, Wallet } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { byAccountId, signTx, type TestKey, testKey } from '../../test-keys'

// Who may sign a BatchSigners entry, checked against the ledger before anything applies (rippled
// Batch.cpp `Batch::checkSign` → `checkBatchSign` → `Transactor::checkSign` with
// `permitUncreatedAccount`, BatchV1_1). In February 2026 rippled's loop returned success at the
// first signer whose account did not exist yet and whose key derived to it, and never looked at
// the signers after it, so a Batch could carry a victim's inner transaction under a forged
// signature (xrpl.org blog/2026/vulnerabilitydisclosurereport-bug-feb2026.md; Batch was retired in
// rippled 3.1.1 and replaced by BatchV1_1, whose check goes on to every signer).
const UNIT = 1_000_000n
const ALLORNOTHING = 0x00010000
const INNER = 0x40000000
const DISABLE_MASTER = 4

const attacker = testKey(61)
// The not-yet-existing account must sort before the victim: BatchSigners go in AccountID order,
// and the flaw skipped the entries after it.
const [fresh, victim] = byAccountId([
  { account: testKey(62).address, key: testKey(62) },
  { account: testKey(63).address, key: testKey(63) },
]).map(({ key }) => key) as [TestKey, TestKey]
const victimRegular = testKey(64)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [attacker, victim], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

const sequence = (address: string) => f.ledger.account('TESTNET', address)?.sequence ?? 0
const wallet = (key: TestKey) => new Wallet(key.publicKey, key.privateKey)

// The attacker's Batch: it creates `fresh` (inner 1), which pays back 1 unit (inner 2), and takes
// 20 units from the victim (inner 3). `fresh` and the victim must each sign a BatchSigners entry.
function attackBatch(): Batch {
  const outer = sequence(attacker.address)
  // A new account's Sequence is the index of the ledger that creates it (rippled Payment.cpp).
  const created = f.ledger.latestClosedIndex('TESTNET') + 1
  const payment = { TransactionType: 'Payment', Fee: '0', SigningPubKey: '', Flags: INNER }
  const inner = [
    {
      ...payment,
      Account: attacker.address,
      Destination: fresh.address,
      Amount: String(30n * UNIT),
      Sequence: outer + 1,
    },
    {
      ...payment,
      Account: fresh.address,
      Destination: attacker.address,
      Amount: String(UNIT),
      Sequence: created,
    },
    {
      ...payment,
      Account: victim.address,
      Destination: attacker.address,
      Amount: String(20n * UNIT),
      Sequence: sequence(victim.address),
    },
  ]
  return {
    TransactionType: 'Batch',
    Account: attacker.address,
    Flags: ALLORNOTHING,
    Sequence: outer,
    // 2 × base + base per BatchSigner (two of them).
    Fee: '48',
    RawTransactions: inner.map((RawTransaction) => ({ RawTransaction })),
  } as unknown as Batch
}

// One BatchSigners entry for `account`, signed (validly, by xrpl.js) with `key`.
function entry(batch: Batch, account: string, key: TestKey): BatchSigner {
  const copy = structuredClone(batch)
  signMultiBatch(wallet(key), copy, { batchAccount: account })
  return (copy.BatchSigners as BatchSigner[])[0] as BatchSigner
}

// Submits the attacker's Batch with the entries of `fresh` and of the victim, in that (AccountID)
// order, signed with the keys given.
function submitSignedBy(freshKey: TestKey, victimKey: TestKey) {
  const batch = attackBatch()
  const BatchSigners = [
    entry(batch, fresh.address, freshKey),
    entry(batch, victim.address, victimKey),
  ]
  return f.ledger.submit('TESTNET', signTx({ ...batch, BatchSigners }, attacker)).engine_result
}

const balances = () => ({
  attacker: f.balance(attacker.address),
  attackerSequence: sequence(attacker.address),
  victim: f.balance(victim.address),
  victimSequence: sequence(victim.address),
  fresh: f.ledger.account('TESTNET', fresh.address),
})

describe('BatchSigners authorization [rippled Batch.cpp checkBatchSign, Transactor.cpp checkSign]', () => {
  it.each([
    // A valid signature, by the attacker's key, in the victim's name, behind a not-yet-existing
    // account signing for itself: rippled's flawed loop never reached it.
    [
      'a not-yet-existing signer with its own key, then a forged one (the February 2026 flaw)',
      fresh,
      attacker,
    ],
    ['a not-yet-existing signer whose key is not its own', attacker, victim],
  ])('refuses %s: tefBAD_AUTH, nothing applied', (_, freshKey, victimKey) => {
    const before = balances()
    expect(submitSignedBy(freshKey, victimKey)).toBe('tefBAD_AUTH')
    expect(balances()).toEqual({ ...before, fresh: null })
  })

  it('applies the same Batch when each account signs with its own key: an account an earlier inner transaction creates may sign with its master key', () => {
    const before = balances()
    expect(submitSignedBy(fresh, victim)).toBe('tesSUCCESS')
    expect(f.balance(fresh.address)).toBe(29n * UNIT)
    expect(f.balance(victim.address)).toBe(before.victim - 20n * UNIT)
  })

  it('refuses a signer whose master key is disabled (tefMASTER_DISABLED) and takes its regular key', () => {
    expect(
      f.submit(victim, { TransactionType: 'SetRegularKey', RegularKey: victimRegular.address }),
    ).toMatchObject({ engine_result: 'tesSUCCESS' })
    expect(
      f.submit(victim, { TransactionType: 'AccountSet', SetFlag: DISABLE_MASTER }),
    ).toMatchObject({ engine_result: 'tesSUCCESS' })
    const before = balances()
    expect(submitSignedBy(fresh, victim)).toBe('tefMASTER_DISABLED')
    expect(balances()).toEqual({ ...before, fresh: null })
    expect(submitSignedBy(fresh, victimRegular)).toBe('tesSUCCESS')
    expect(f.balance(victim.address)).toBe(before.victim - 20n * UNIT)
  })
})
