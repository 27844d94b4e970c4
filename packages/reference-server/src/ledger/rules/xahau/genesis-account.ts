import { newAccountRoot } from '../../state/account-root'
import { type AccountRoot, LSF } from '../../state/ledger-object'
import { GENESIS_ACCOUNT } from './claim-reward'

// xahaud XahauGenesis.h `GenesisAmount`: 1,000,000 XAH.
const GENESIS_DROPS = 1_000_000_000_000n
// xahaud's `noAccount()` (AccountID 1), the RegularKey that blackholes the account.
const NO_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/**
 * The genesis account of a Xahau network as xahaud leaves it once XahauGenesis is enabled (every
 * Xahau network has it): the masterpassphrase account `rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh`,
 * Sequence 1 from the genesis ledger (xahaud src/ripple/app/ledger/Ledger.cpp), burnt down to
 * `GenesisAmount` and blackholed, `RegularKey` noAccount and `lsfDisableMaster` (Change.cpp
 * `activateXahauGenesis`, steps 1 and 3). Step 4, its governance and reward hooks (a `Hook` entry,
 * two `HookDefinition`s and `OwnerCount` 2), is not seeded: this node has no hook entries and runs
 * no hooks (docs/protocol.md §8.12), so the account owns nothing here and its `OwnerCount` is 0.
 *
 * @example
 * ```ts
 * objects.rawInsert(xahauGenesisAccount()) // 1,000,000 XAH, blackholed
 * ```
 */
export function xahauGenesisAccount(): AccountRoot {
  const root = newAccountRoot(GENESIS_ACCOUNT, 1, GENESIS_DROPS)
  root.Flags = LSF.AccountRoot.DisableMaster
  root.RegularKey = NO_ACCOUNT
  return root
}
