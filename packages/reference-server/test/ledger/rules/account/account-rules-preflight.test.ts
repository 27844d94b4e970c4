import { describe, expect, it } from 'vitest'
import { amendmentTable } from '../../../../src/ledger/amendments/amendment-table'
import { networkDefinition } from '../../../../src/ledger/networks'
import {
  accountDeletePreclaim,
  accountDeletePreflight,
  accountDeleteRules,
} from '../../../../src/ledger/rules/account/account-delete'
import {
  accountSetFields,
  accountSetFlags,
  accountSetPreflight,
  accountSetRules,
} from '../../../../src/ledger/rules/account/account-set'
import {
  depositPreauthPreclaim,
  depositPreauthPreflight,
  depositPreauthRules,
} from '../../../../src/ledger/rules/account/deposit-preauth'
import {
  setRegularKeyPreflight,
  setRegularKeyRules,
  signerListSetPreflight,
} from '../../../../src/ledger/rules/account/key-settings'
import { ASF } from '../../../../src/ledger/rules/common/account-flags'
import {
  depositAuthorized,
  refillsReserve,
} from '../../../../src/ledger/rules/common/deposit-authorization'
import { LSF as LEDGER_FLAGS } from '../../../../src/ledger/state/ledger-object'
import { resultOf } from '../../../../src/ledger/view/refusal'
import { ledgerFixture } from '../../ledger-fixture'
import { testKey } from '../../test-keys'
import { checkedPreflight, preflightResult } from '../declared-preflight'

const LSF = LEDGER_FLAGS.AccountRoot

const table = amendmentTable(networkDefinition('TESTNET'))
// The XRP networks have XLS-20 on (rules/nft-*.ts); a table without it, for the rules that
// depend on it.
const withNfts = table
const withoutNfts = {
  enabled: (name: string) => name !== 'NonFungibleTokensV1_1' && table.enabled(name),
}
const a = testKey(51).address
const b = testKey(52).address
const c = testKey(53).address
const KEY = `ED${'11'.repeat(32)}`

describe('AccountSet preflight (rippled SetAccount.cpp)', () => {
  it.each([
    ['nothing set', {}, null],
    ['an unknown SetFlag is accepted and ignored', { SetFlag: 99 }, null],
    [
      'setting and clearing one flag',
      { SetFlag: ASF.RequireDest, ClearFlag: ASF.RequireDest },
      'temINVALID_FLAG',
    ],
    [
      'tfRequireDestTag with ClearFlag asfRequireDest',
      { Flags: 0x00010000, ClearFlag: 1 },
      'temINVALID_FLAG',
    ],
    ['tfRequireAuth with tfOptionalAuth', { Flags: 0x000c0000 }, 'temINVALID_FLAG'],
    [
      'tfDisallowXRP with ClearFlag asfDisallowXRP',
      { Flags: 0x00100000, ClearFlag: 3 },
      'temINVALID_FLAG',
    ],
    ['a flag outside tfAccountSetMask', { Flags: 0x00400000 }, 'temINVALID_FLAG'],
    ['tfFullyCanonicalSig', { Flags: 0x80000000 }, null],
    ['TransferRate 0 (removes it)', { TransferRate: 0 }, null],
    ['TransferRate below 1.0', { TransferRate: 999_999_999 }, 'temBAD_TRANSFER_RATE'],
    ['TransferRate 2.0', { TransferRate: 2_000_000_000 }, null],
    ['TransferRate above 2.0 (fix1201)', { TransferRate: 2_000_000_001 }, 'temBAD_TRANSFER_RATE'],
    ['TickSize 0 (removes it)', { TickSize: 0 }, null],
    ['TickSize 2', { TickSize: 2 }, 'temBAD_TICK_SIZE'],
    ['TickSize 16', { TickSize: 16 }, 'temBAD_TICK_SIZE'],
    ['a MessageKey that is a key', { MessageKey: KEY }, null],
    ['an empty MessageKey (removes it)', { MessageKey: '' }, null],
    ['a MessageKey that is no key', { MessageKey: 'AB'.repeat(33) }, 'telBAD_PUBLIC_KEY'],
    ['a Domain of 256 bytes', { Domain: '61'.repeat(256) }, null],
    ['a Domain of 257 bytes', { Domain: '61'.repeat(257) }, 'telBAD_DOMAIN'],
  ])('%s → %s', (_, fields, expected) => {
    const tx = { Account: a, ...fields }
    expect(preflightResult(accountSetRules, tx, (t) => accountSetPreflight(t, table))).toBe(
      expected,
    )
  })

  it.each([
    ['asfAuthorizedNFTokenMinter without NFTokenMinter', { SetFlag: 10 }, 'temMALFORMED'],
    ['clearing it with NFTokenMinter', { ClearFlag: 10, NFTokenMinter: b }, 'temMALFORMED'],
    ['setting it with NFTokenMinter', { SetFlag: 10, NFTokenMinter: b }, null],
  ])('with XLS-20 enabled: %s → %s', (_, fields, expected) => {
    expect(accountSetPreflight({ Account: a, ...fields }, withNfts)).toBe(expected)
    // Without the amendment rippled skips these checks.
    expect(accountSetPreflight({ Account: a, ...fields }, withoutNfts)).toBeNull()
  })
})

describe('AccountSet flags (rippled SetAccount::doApply)', () => {
  const master = { flags: 0, signedWithMaster: true, hasRegularKey: false, hasSignerList: false }

  it.each([
    ['asfRequireDest', { SetFlag: ASF.RequireDest }, LSF.RequireDestTag],
    ['tfRequireDestTag', { Flags: 0x00010000 }, LSF.RequireDestTag],
    ['asfRequireAuth', { SetFlag: ASF.RequireAuth }, LSF.RequireAuth],
    ['asfDisallowXRP', { SetFlag: ASF.DisallowXRP }, LSF.DisallowXRP],
    ['asfDefaultRipple', { SetFlag: ASF.DefaultRipple }, LSF.DefaultRipple],
    ['asfNoFreeze', { SetFlag: ASF.NoFreeze }, LSF.NoFreeze],
    ['asfGlobalFreeze', { SetFlag: ASF.GlobalFreeze }, LSF.GlobalFreeze],
    ['asfDisallowIncomingCheck (DisallowIncoming)', { SetFlag: 13 }, LSF.DisallowIncomingCheck],
    ['asfAllowTrustLineClawback (Clawback)', { SetFlag: 16 }, LSF.AllowTrustLineClawback],
    // Amendments this ledger has not enabled: rippled ignores the flag.
    ['asfAllowTrustLineLocking (TokenEscrow off)', { SetFlag: 17 }, 0],
    ['an unknown flag', { SetFlag: 11 }, 0],
  ])('%s sets %s', (_, fields, flag) => {
    expect(accountSetFlags(fields, master, table)).toEqual({ flags: flag })
  })

  it('clears what it set, with ClearFlag or the tf flag', () => {
    const all = LSF.RequireDestTag | LSF.RequireAuth | LSF.DisallowXRP | LSF.DefaultRipple
    const account = { ...master, flags: all }
    expect(accountSetFlags({ ClearFlag: ASF.RequireDest }, account, table)).toEqual({
      flags: all & ~LSF.RequireDestTag,
    })
    expect(accountSetFlags({ Flags: 0x00200000 }, account, table)).toEqual({
      flags: all & ~LSF.DisallowXRP,
    })
    expect(accountSetFlags({ ClearFlag: ASF.DefaultRipple }, account, table)).toEqual({
      flags: all & ~LSF.DefaultRipple,
    })
  })

  it.each([
    ['without a regular key or signer list', master, 'tecNO_ALTERNATIVE_KEY'],
    [
      'signed with the regular key',
      { ...master, signedWithMaster: false, hasRegularKey: true },
      'tecNEED_MASTER_KEY',
    ],
    ['with a regular key', { ...master, hasRegularKey: true }, LSF.DisableMaster],
    ['with a signer list', { ...master, hasSignerList: true }, LSF.DisableMaster],
  ])('asfDisableMaster %s', (_, account, expected) => {
    const outcome = accountSetFlags({ SetFlag: ASF.DisableMaster }, account, table)
    expect(outcome).toEqual(
      typeof expected === 'string' ? { result: expected } : { flags: expected },
    )
  })

  it('needs the master key for NoFreeze, and keeps GlobalFreeze once NoFreeze is set', () => {
    const regular = { ...master, signedWithMaster: false, hasRegularKey: true }
    expect(accountSetFlags({ SetFlag: ASF.NoFreeze }, regular, table)).toEqual({
      result: 'tecNEED_MASTER_KEY',
    })
    const frozen = { ...master, flags: LSF.NoFreeze | LSF.GlobalFreeze }
    expect(accountSetFlags({ ClearFlag: ASF.GlobalFreeze }, frozen, table)).toEqual({
      flags: LSF.NoFreeze | LSF.GlobalFreeze,
    })
    const plain = { ...master, flags: LSF.GlobalFreeze }
    expect(accountSetFlags({ ClearFlag: ASF.GlobalFreeze }, plain, table)).toEqual({ flags: 0 })
  })

  it('writes and removes the account fields as rippled does', () => {
    expect(
      accountSetFields(
        {
          Domain: '6578616d706c652e636f6d',
          EmailHash: 'ab'.repeat(16),
          WalletLocator: '00'.repeat(32),
          MessageKey: '',
          TransferRate: 1_000_000_000,
          TickSize: 5,
        },
        table,
      ),
    ).toEqual({
      Domain: '6578616D706C652E636F6D',
      EmailHash: 'AB'.repeat(16),
      WalletLocator: null,
      MessageKey: null,
      TransferRate: null,
      TickSize: 5,
    })
    expect(accountSetFields({ TransferRate: 1_002_000_000, TickSize: 15 }, table)).toEqual({
      TransferRate: 1_002_000_000,
      TickSize: null,
    })
    expect(accountSetFields({ SetFlag: 10, NFTokenMinter: b }, withNfts)).toEqual({
      NFTokenMinter: b,
    })
    expect(accountSetFields({ ClearFlag: 10 }, withNfts)).toEqual({ NFTokenMinter: null })
  })
})

const entry = (Account: string, SignerWeight: number, extra: Record<string, unknown> = {}) => ({
  SignerEntry: { Account, SignerWeight, ...extra },
})

describe('SetRegularKey and SignerListSet preflight (rippled SetRegularKey.cpp, SetSignerList.cpp)', () => {
  it.each([
    ['a regular key', { RegularKey: b }, null],
    ['no key (removes it)', {}, null],
    ['the master key as regular key', { RegularKey: a }, 'temBAD_REGKEY'],
    ['a flag of another type', { Flags: 0x00010000 }, 'temINVALID_FLAG'],
  ])('SetRegularKey with %s → %s', (_, fields, expected) => {
    const verdict = checkedPreflight(
      setRegularKeyRules,
      { Account: a, ...fields },
      setRegularKeyPreflight,
    )
    expect(verdict && resultOf(verdict)).toBe(expected)
    if (verdict) expect(verdict).toMatchObject({ source: 'SetRegularKey.cpp' })
  })

  it.each([
    ['quorum 0 without entries (deletes)', { SignerQuorum: 0 }, null],
    ['quorum 0 with entries', { SignerQuorum: 0, SignerEntries: [entry(b, 1)] }, 'temMALFORMED'],
    ['a quorum without entries', { SignerQuorum: 1 }, 'temMALFORMED'],
    ['an empty list', { SignerQuorum: 1, SignerEntries: [] }, 'temMALFORMED'],
    ['a reachable quorum', { SignerQuorum: 3, SignerEntries: [entry(b, 1), entry(c, 2)] }, null],
    [
      'an unreachable quorum',
      { SignerQuorum: 4, SignerEntries: [entry(b, 1), entry(c, 2)] },
      'temBAD_QUORUM',
    ],
    [
      'a zero weight',
      { SignerQuorum: 1, SignerEntries: [entry(b, 0), entry(c, 1)] },
      'temBAD_WEIGHT',
    ],
    ['the account itself', { SignerQuorum: 1, SignerEntries: [entry(a, 1)] }, 'temBAD_SIGNER'],
    [
      'a duplicate',
      { SignerQuorum: 1, SignerEntries: [entry(b, 1), entry(b, 1)] },
      'temBAD_SIGNER',
    ],
    [
      'a WalletLocator (ExpandedSignerList)',
      { SignerQuorum: 1, SignerEntries: [entry(b, 1, { WalletLocator: 'AB'.repeat(32) })] },
      null,
    ],
  ])('SignerListSet with %s → %s', (_, fields, expected) => {
    const verdict = signerListSetPreflight({ Account: a, ...fields }, table)
    expect(verdict && resultOf(verdict)).toBe(expected)
    if (verdict) expect(verdict).toMatchObject({ source: 'SetSignerList.cpp' })
  })

  it('takes up to 32 entries with ExpandedSignerList, 8 without', () => {
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => entry(testKey(100 + i).address, 1))
    expect(
      signerListSetPreflight({ Account: a, SignerQuorum: 1, SignerEntries: entries(32) }, table),
    ).toBeNull()
    expect(
      signerListSetPreflight({ Account: a, SignerQuorum: 1, SignerEntries: entries(33) }, table),
    ).toMatchObject({
      result: 'temMALFORMED',
      detail: 'SignerEntries holds 33 entries, not 1 to 32',
    })
    const old = { enabled: (name: string) => name !== 'ExpandedSignerList' }
    expect(
      signerListSetPreflight({ Account: a, SignerQuorum: 1, SignerEntries: entries(9) }, old),
    ).toMatchObject({ result: 'temMALFORMED', detail: 'SignerEntries holds 9 entries, not 1 to 8' })
  })
})

describe('AccountDelete (rippled DeleteAccount.cpp)', () => {
  it('refuses a deletion into itself and foreign flags (preflight)', () => {
    expect(accountDeletePreflight({ Account: a, Destination: b })).toBeNull()
    expect(accountDeletePreflight({ Account: a, Destination: a })).toBe('temDST_IS_SRC')
    const flagged = { Account: a, Destination: b, Flags: 1 }
    expect(preflightResult(accountDeleteRules, flagged, accountDeletePreflight)).toBe(
      'temINVALID_FLAG',
    )
  })

  it('costs one owner reserve, signers or not (calculateBaseFee, on the ledger: minimumFee)', () => {
    const f = ledgerFixture()
    const tx = { TransactionType: 'AccountDelete' }
    expect(f.ledger.minimumFee('TESTNET', tx)).toBe('200000')
    expect(f.ledger.minimumFee('TESTNET', tx, { signers: 3 })).toBe('200000')
    f.dispose()
  })

  const facts = {
    destinationFlags: 0,
    preauthorized: false,
    sequence: 1000,
    currentIndex: 1255,
    ownedTypes: [] as string[],
    holdsNFTs: false,
  }
  it.each([
    ['a deletable account', {}, {}, null],
    ['no destination', { destinationFlags: null }, {}, 'tecNO_DST'],
    [
      'a destination that requires a tag',
      { destinationFlags: LSF.RequireDestTag },
      {},
      'tecDST_TAG_NEEDED',
    ],
    ['… given one', { destinationFlags: LSF.RequireDestTag }, { DestinationTag: 7 }, null],
    [
      'deposit authorization without preauth',
      { destinationFlags: LSF.DepositAuth },
      {},
      'tecNO_PERMISSION',
    ],
    [
      'deposit authorization with preauth',
      { destinationFlags: LSF.DepositAuth, preauthorized: true },
      {},
      null,
    ],
    ['NFTs held', { holdsNFTs: true }, {}, 'tecHAS_OBLIGATIONS'],
    ['Sequence + 255 > current index', { currentIndex: 1254 }, {}, 'tecTOO_SOON'],
    ['a trust line', { ownedTypes: ['RippleState'] }, {}, 'tecHAS_OBLIGATIONS'],
    ['an escrow', { ownedTypes: ['Ticket', 'Escrow'] }, {}, 'tecHAS_OBLIGATIONS'],
    [
      'tickets, a signer list, preauths',
      { ownedTypes: ['Ticket', 'SignerList', 'DepositPreauth'] },
      {},
      null,
    ],
    [
      'more than 1000 deletable objects',
      { ownedTypes: Array(1001).fill('Ticket') },
      {},
      'tefTOO_BIG',
    ],
  ])('%s → %s', (_, changed, fields, expected) => {
    const tx = { Account: a, Destination: b, ...fields }
    expect(accountDeletePreclaim(tx, { ...facts, ...changed })).toBe(expected)
  })
})

describe('DepositPreauth and deposit authorization (rippled DepositPreauth.cpp, Payment.cpp)', () => {
  it.each([
    ['Authorize', { Authorize: b }, null],
    ['Unauthorize', { Unauthorize: b }, null],
    ['neither', {}, 'temMALFORMED'],
    ['both', { Authorize: b, Unauthorize: c }, 'temMALFORMED'],
    ['itself', { Authorize: a }, 'temCANNOT_PREAUTH_SELF'],
    ['the zero account', { Authorize: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' }, 'temINVALID_ACCOUNT_ID'],
    ['a flag', { Authorize: b, Flags: 1 }, 'temINVALID_FLAG'],
  ])('preflight with %s → %s', (_, fields, expected) => {
    const tx = { Account: a, ...fields }
    expect(preflightResult(depositPreauthRules, tx, depositPreauthPreflight)).toBe(expected)
  })

  it.each([
    [{ Authorize: b }, { targetExists: false, entryExists: false }, 'tecNO_TARGET'],
    [{ Authorize: b }, { targetExists: true, entryExists: true }, 'tecDUPLICATE'],
    [{ Authorize: b }, { targetExists: true, entryExists: false }, null],
    [{ Unauthorize: b }, { targetExists: true, entryExists: false }, 'tecNO_ENTRY'],
    [{ Unauthorize: b }, { targetExists: false, entryExists: true }, null],
  ])('preclaim %j with %j → %s', (tx, facts, expected) => {
    expect(depositPreauthPreclaim(tx, facts)).toBe(expected)
  })

  it('lets only preauthorized senders deposit, except small native amounts to a drained account', () => {
    const guarded = { destinationFlags: LSF.DepositAuth, preauthorized: false, sameAccount: false }
    expect(depositAuthorized({ ...guarded, destinationFlags: 0 })).toBe(true)
    expect(depositAuthorized(guarded)).toBe(false)
    expect(depositAuthorized({ ...guarded, preauthorized: true })).toBe(true)
    expect(depositAuthorized({ ...guarded, sameAccount: true })).toBe(true)
    const reserve = { baseReserve: 1_000_000n }
    expect(refillsReserve({ ...reserve, amount: 1_000_000n, destinationBalance: 999_000n })).toBe(
      true,
    )
    expect(refillsReserve({ ...reserve, amount: 1_000_001n, destinationBalance: 0n })).toBe(false)
    expect(refillsReserve({ ...reserve, amount: 1n, destinationBalance: 1_000_001n })).toBe(false)
  })
})
