import { describe, expect, it } from 'vitest'
import { networkDefinition } from '../../../src/ledger/networks'
import { depositRefusal, incomingRefusal } from '../../../src/ledger/rules/destination-refusal'
import { preflightContext } from '../../../src/ledger/rules/transactor'
import { newAccountRoot } from '../../../src/ledger/state/account-root'
import { depositPreauthIndex } from '../../../src/ledger/state/keylets'
import { LSF } from '../../../src/ledger/state/ledger-object'
import { createObjectStore } from '../../../src/ledger/state/object-store'
import { testKey } from '../test-keys'

// The destination's flags are set by AccountSet (rules/account-set.ts, the account-settings
// rules); here the AccountRoot is written as the ledger would hold it.
const alice = testKey(71).address
const bob = testKey(72).address
const network = networkDefinition('TESTNET')
const fees = { base: 10n, reserve: 1_000_000n, increment: 200_000n }
const rootWith = (flags: number) => ({ ...newAccountRoot(bob, 1, 50_000_000n), Flags: flags })
const withDisallow = preflightContext(network, new Set(['DisallowIncoming']))
const without = preflightContext(network, new Set())

describe("a destination's own rules for incoming escrows, checks and channels (§8.7)", () => {
  // Each row: the destination's flags, the transaction, the DisallowIncoming flag of the type,
  // whether DisallowIncoming is enabled, the result, and rippled's line.
  it.each([
    [
      'RequireDest without a tag (`lsfRequireDestTag && !DestinationTag`)',
      LSF.AccountRoot.RequireDestTag,
      {},
      0,
      true,
      'tecDST_TAG_NEEDED',
    ],
    [
      'RequireDest with a tag',
      LSF.AccountRoot.RequireDestTag,
      { DestinationTag: 1 },
      0,
      true,
      null,
    ],
    [
      'DisallowIncomingCheck on a check (CreateCheck::preclaim)',
      LSF.AccountRoot.DisallowIncomingCheck,
      {},
      LSF.AccountRoot.DisallowIncomingCheck,
      true,
      'tecNO_PERMISSION',
    ],
    [
      'DisallowIncomingPayChan where DisallowIncoming is disabled',
      LSF.AccountRoot.DisallowIncomingPayChan,
      {},
      LSF.AccountRoot.DisallowIncomingPayChan,
      false,
      null,
    ],
    [
      'DisallowIncomingCheck on an escrow (no such flag for escrows)',
      LSF.AccountRoot.DisallowIncomingCheck,
      {},
      0,
      true,
      null,
    ],
  ] as const)('%s → %s', (_name, flags, tx, disallow, enabled, result) => {
    const context = enabled ? withDisallow : without
    expect(incomingRefusal(rootWith(flags), tx, context, disallow)).toBe(result)
  })

  it('DepositAuth: only the destination itself, or an account it preauthorized, delivers (verifyDepositPreauth)', () => {
    const view = createObjectStore(() => ({ seq: 10, parentCloseTime: 0 }), fees)
    const guarded = rootWith(LSF.AccountRoot.DepositAuth)
    expect(depositRefusal(view, alice, guarded)).toBe('tecNO_PERMISSION')
    expect(depositRefusal(view, bob, guarded)).toBeNull()
    expect(depositRefusal(view, alice, rootWith(0))).toBeNull()
    view.rawInsert({
      LedgerEntryType: 'DepositPreauth',
      Flags: 0,
      Account: bob,
      Authorize: alice,
      OwnerNode: '0',
      index: depositPreauthIndex(bob, alice),
    })
    expect(depositRefusal(view, alice, guarded)).toBeNull()
  })
})
