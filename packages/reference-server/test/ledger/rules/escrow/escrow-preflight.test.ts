import { describe, expect, it } from 'vitest'
import { validate } from 'xrpl'
import type { JsonObject } from '../../../../src/ledger/codec/json-object'
import { preimageSha256 } from '../../../../src/ledger/rules/escrow/crypto-condition'
import {
  escrowCancelRules,
  escrowCreatePreflight,
  escrowCreateRules,
  escrowFinishExtraFee,
  escrowFinishPreflight,
  escrowFinishRules,
} from '../../../../src/ledger/rules/escrow/escrow'
import { testKey } from '../../test-keys'
import { preflightResult } from '../declared-preflight'

const alice = testKey(1).address
const bob = testKey(2).address
const { condition, fulfillment } = preimageSha256(Buffer.from('open sesame'))
const create = { TransactionType: 'EscrowCreate', Account: alice, Destination: bob, Amount: '1000' }

// Each row: the transaction, the result, the line of rippled's Escrow.cpp it follows.
const createRows: [string, JsonObject, string | null][] = [
  ['FinishAfter only', { ...create, FinishAfter: 100 }, null],
  ['Condition and CancelAfter', { ...create, Condition: condition, CancelAfter: 100 }, null],
  [
    'issued Amount: `!isXRP(amount)` without TokenEscrow',
    { ...create, Amount: { currency: 'USD', issuer: bob, value: '1' }, FinishAfter: 1 },
    'temBAD_AMOUNT',
  ],
  [
    'zero Amount: `amount <= beast::zero`',
    { ...create, Amount: '0', FinishAfter: 1 },
    'temBAD_AMOUNT',
  ],
  [
    'no time: `!CancelAfter && !FinishAfter`',
    { ...create, Condition: condition },
    'temBAD_EXPIRATION',
  ],
  [
    'CancelAfter <= FinishAfter',
    { ...create, FinishAfter: 100, CancelAfter: 100 },
    'temBAD_EXPIRATION',
  ],
  [
    'CancelAfter alone (fix1571): no FinishAfter, no Condition',
    { ...create, CancelAfter: 100 },
    'temMALFORMED',
  ],
  [
    'Condition that does not parse',
    { ...create, FinishAfter: 1, Condition: 'A0028000' },
    'temMALFORMED',
  ],
  [
    'an unknown flag (fix1543: tfUniversalMask)',
    { ...create, FinishAfter: 1, Flags: 1 },
    'temINVALID_FLAG',
  ],
  ['tfFullyCanonicalSig is universal', { ...create, FinishAfter: 1, Flags: 0x80000000 }, null],
]

const finish = { TransactionType: 'EscrowFinish', Account: bob, Owner: alice, OfferSequence: 5 }
const finishRows: [string, JsonObject, string | null][] = [
  ['by time', finish, null],
  [
    'with Condition and Fulfillment',
    { ...finish, Condition: condition, Fulfillment: fulfillment },
    null,
  ],
  [
    'Fulfillment without Condition: `bool(cb) != bool(fb)`',
    { ...finish, Fulfillment: fulfillment },
    'temMALFORMED',
  ],
  ['Condition without Fulfillment', { ...finish, Condition: condition }, 'temMALFORMED'],
  [
    'an empty CredentialIDs (CredentialHelpers.cpp checkFields)',
    { ...finish, CredentialIDs: [] },
    'temMALFORMED',
  ],
  ['an unknown flag', { ...finish, Flags: 0x00010000 }, 'temINVALID_FLAG'],
  ['no OfferSequence (a required field)', { ...finish, OfferSequence: undefined }, 'temMALFORMED'],
]

const cancel = { TransactionType: 'EscrowCancel', Account: bob, Owner: alice, OfferSequence: 5 }
const cancelRows: [string, JsonObject, string | null][] = [
  ['anyone', cancel, null],
  ['an unknown flag', { ...cancel, Flags: 2 }, 'temINVALID_FLAG'],
  ['no Owner (a required field)', { ...cancel, Owner: undefined }, 'temMALFORMED'],
]

describe('escrow preflight: the transaction alone (rippled Escrow.cpp)', () => {
  it.each(createRows)('EscrowCreate, %s → %s', (_name, tx, result) => {
    expect(preflightResult(escrowCreateRules, tx, escrowCreatePreflight)).toBe(result)
  })
  it.each(finishRows)('EscrowFinish, %s → %s', (_name, tx, result) => {
    expect(preflightResult(escrowFinishRules, tx, escrowFinishPreflight)).toBe(result)
  })
  it.each(cancelRows)('EscrowCancel, %s → %s', (_name, tx, result) => {
    expect(preflightResult(escrowCancelRules, tx)).toBe(result)
  })

  it('what preflight accepts, xrpl.js validate accepts too; what both refuse for a missing time', () => {
    for (const [, tx, result] of [...createRows, ...finishRows, ...cancelRows]) {
      if (result === null) expect(() => validate(tx as never), JSON.stringify(tx)).not.toThrow()
    }
    expect(() => validate({ ...create, Condition: condition } as never)).toThrow()
  })

  it("the fulfillment's fee is base × (32 + bytes / 16), as EscrowFinish::calculateBaseFee", () => {
    expect(escrowFinishExtraFee(undefined, 10n)).toBe(0n)
    // xrpl.org's EscrowFinish page: the empty preimage (4 bytes) costs 330 drops in all.
    expect(10n + escrowFinishExtraFee('A0028000', 10n)).toBe(330n)
    // 32 bytes of preimage make a 36-byte fulfillment: 10 × (32 + 2).
    const long = preimageSha256(new Uint8Array(32).fill(7)).fulfillment
    expect(escrowFinishExtraFee(long, 10n)).toBe(340n)
  })
})
