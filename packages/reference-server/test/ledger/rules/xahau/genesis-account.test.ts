import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountRootIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from './xahau-fixture'

// The genesis account a Xahau network starts with: xahaud's genesis ledger (src/ripple/app/ledger/
// Ledger.cpp, the masterpassphrase account at Sequence 1) as XahauGenesis leaves it
// (src/ripple/app/tx/impl/Change.cpp activateXahauGenesis: burnt to XahauGenesis.h GenesisAmount,
// blackholed). Its hooks are not seeded: this node runs none (docs/protocol.md §8.12).
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const alice = testKey(95)

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice], 100_000_000n)
})
afterEach(() => f.dispose())

describe('the Xahau genesis account [xahaud Ledger.cpp, Change.cpp activateXahauGenesis]', () => {
  it('holds 1,000,000 XAH, Sequence 1, a noAccount RegularKey and lsfDisableMaster, in the open and the validated ledger [xahaud Change.cpp, XahauGenesis.h]', () => {
    for (const which of ['current', 'validated'] as const) {
      expect(f.ledger.entry('XAHAU', accountRootIndex(GENESIS), which)).toMatchObject({
        Account: GENESIS,
        Balance: '1000000000000',
        Sequence: 1,
        RegularKey: 'rrrrrrrrrrrrrrrrrrrrBZbvji',
        Flags: 0x00100000,
        OwnerCount: 0,
      })
    }
    expect(f.ledger.entry('XAHAUTESTNET', accountRootIndex(GENESIS))).toMatchObject({
      Balance: '1000000000000',
    })
  })

  it('exists on the Xahau networks only, so an opt-in naming it applies without funding it [xahaud ClaimReward.cpp]', () => {
    expect(f.ledger.entry('TESTNET', accountRootIndex(GENESIS))).toBeNull()
    const claim = f.submit(alice, { TransactionType: 'ClaimReward', Issuer: GENESIS })
    expect(claim.engine_result).toBe('tesSUCCESS')
  })

  it('is back after a reset [xahaud Ledger.cpp]', () => {
    f.ledger.reset()
    expect(f.ledger.entry('XAHAU', accountRootIndex(GENESIS))).toMatchObject({ Sequence: 1 })
  })
})
