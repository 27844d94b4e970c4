import type { AmendmentRules } from '../../amendments/amendment-table'
import type { JsonObject } from '../../codec/json-object'
import { addressOf } from '../../signatures/signature-check'
import { readAccount } from '../../state/account-root'
import { ownerDirIndex, signerListIndex } from '../../state/keylets'
import {
  type AccountRoot,
  LSF as LEDGER_FLAGS,
  type LedgerValue,
  ZERO_HASH,
} from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { refuse } from '../../view/refusal'
import { ASF, TF_ACCOUNT_SET } from '../common/account-flags'
import type { TransactionRules } from '../transaction-rules'

const LSF = LEDGER_FLAGS.AccountRoot

const TF = TF_ACCOUNT_SET
const QUALITY_ONE = 1_000_000_000
// rippled `Quality::minTickSize` / `maxTickSize`, `maxDomainLength` (Protocol.h).
const MIN_TICK_SIZE = 3
const MAX_TICK_SIZE = 15
const MAX_DOMAIN_BYTES = 256
// The flags AccountSet defines (TxFlags.h tfAccountSetMask's complement).
const OWN_FLAGS = Object.values(TF).reduce((all, flag) => all | flag, 0)

const setFlagOf = (tx: JsonObject) => Number(tx.SetFlag ?? 0)
const clearFlagOf = (tx: JsonObject) => Number(tx.ClearFlag ?? 0)

// The three settings that both an asf flag and a tf flag switch (SetAccount.cpp).
function legacySwitches(tx: JsonObject) {
  const flags = Number(tx.Flags ?? 0)
  const set = setFlagOf(tx)
  const clear = clearFlagOf(tx)
  const on = (tf: number) => (flags & tf) !== 0
  return {
    setRequireAuth: on(TF.RequireAuth) || set === ASF.RequireAuth,
    clearRequireAuth: on(TF.OptionalAuth) || clear === ASF.RequireAuth,
    setRequireDest: on(TF.RequireDestTag) || set === ASF.RequireDest,
    clearRequireDest: on(TF.OptionalDestTag) || clear === ASF.RequireDest,
    setDisallowXRP: on(TF.DisallowXRP) || set === ASF.DisallowXRP,
    clearDisallowXRP: on(TF.AllowXRP) || clear === ASF.DisallowXRP,
  }
}

// rippled `publicKeyType`: 33 bytes, a secp256k1 compressed key (02/03) or an Ed25519 key (ED).
const isPublicKey = (hex: string) => /^(0[23]|ED)[0-9A-F]{64}$/i.test(hex)

/**
 * AccountSet's preflight (rippled `SetAccount.cpp`): the transaction alone. Unknown `SetFlag` /
 * `ClearFlag` values are accepted and change nothing, as rippled does.
 *
 * @example
 * ```ts
 * accountSetPreflight({ SetFlag: 1, ClearFlag: 1 }, table) // 'temINVALID_FLAG'
 * accountSetPreflight({ TransferRate: 2_000_000_001 }, table) // 'temBAD_TRANSFER_RATE'
 * ```
 */
export function accountSetPreflight(tx: JsonObject, amendments: AmendmentRules): string | null {
  const set = setFlagOf(tx)
  if (set !== 0 && set === clearFlagOf(tx)) return 'temINVALID_FLAG'
  const s = legacySwitches(tx)
  if (
    (s.setRequireAuth && s.clearRequireAuth) ||
    (s.setRequireDest && s.clearRequireDest) ||
    (s.setDisallowXRP && s.clearDisallowXRP)
  ) {
    return 'temINVALID_FLAG'
  }
  if (tx.TransferRate !== undefined) {
    const rate = Number(tx.TransferRate)
    // Between 1.0 and 2.0 (the ceiling is fix1201's), or 0 to remove it.
    if ((rate !== 0 && rate < QUALITY_ONE) || rate > 2 * QUALITY_ONE) return 'temBAD_TRANSFER_RATE'
  }
  if (tx.TickSize !== undefined) {
    const size = Number(tx.TickSize)
    if (size !== 0 && (size < MIN_TICK_SIZE || size > MAX_TICK_SIZE)) return 'temBAD_TICK_SIZE'
  }
  const key = typeof tx.MessageKey === 'string' ? tx.MessageKey : ''
  if (key !== '' && !isPublicKey(key)) return 'telBAD_PUBLIC_KEY'
  if (typeof tx.Domain === 'string' && tx.Domain.length / 2 > MAX_DOMAIN_BYTES) {
    return 'telBAD_DOMAIN'
  }
  // An authorized minter is named with its flag and only then (XLS-20, NonFungibleTokensV1_1).
  if (amendments.enabled('NonFungibleTokensV1_1')) {
    if (set === ASF.AuthorizedNFTokenMinter && tx.NFTokenMinter === undefined) return 'temMALFORMED'
    if (clearFlagOf(tx) === ASF.AuthorizedNFTokenMinter && tx.NFTokenMinter !== undefined) {
      return 'temMALFORMED'
    }
  }
  return null
}

/** What AccountSet's apply step needs to know of the account besides its flags. */
export interface AccountKeys {
  /** The AccountRoot `Flags` before the transaction. */
  flags: number
  /** The transaction was signed with the account's master key (not a regular key, not multi). */
  signedWithMaster: boolean
  hasRegularKey: boolean
  hasSignerList: boolean
}

// asf flags that switch one AccountRoot flag with no other condition, and the amendment that
// must be enabled for them to do anything (without it rippled ignores them).
const SIMPLE_FLAGS: ReadonlyArray<readonly [asf: number, lsf: number, amendment: string | null]> = [
  [ASF.DefaultRipple, LSF.DefaultRipple, null],
  [ASF.DepositAuth, LSF.DepositAuth, 'DepositAuth'],
  [ASF.DisallowIncomingNFTokenOffer, LSF.DisallowIncomingNFTokenOffer, 'DisallowIncoming'],
  [ASF.DisallowIncomingCheck, LSF.DisallowIncomingCheck, 'DisallowIncoming'],
  [ASF.DisallowIncomingPayChan, LSF.DisallowIncomingPayChan, 'DisallowIncoming'],
  [ASF.DisallowIncomingTrustline, LSF.DisallowIncomingTrustline, 'DisallowIncoming'],
  [ASF.AllowTrustLineLocking, LSF.AllowTrustLineLocking, 'TokenEscrow'],
]

/**
 * The AccountRoot `Flags` an AccountSet leaves (rippled `SetAccount::doApply`), or the `tec` code
 * that stops it: disabling the master key needs the master key's signature
 * (`tecNEED_MASTER_KEY`) and another way to sign (`tecNO_ALTERNATIVE_KEY`); `NoFreeze` needs the
 * master key; `GlobalFreeze` cannot be cleared once `NoFreeze` is set. Flags of a disabled
 * amendment (DisallowIncoming, Clawback, TokenEscrow) change nothing.
 *
 * @example
 * ```ts
 * accountSetFlags({ SetFlag: 1 }, { flags: 0, signedWithMaster: true, hasRegularKey: false, hasSignerList: false }, table)
 * // { flags: 0x00020000 }
 * ```
 */
export function accountSetFlags(
  tx: JsonObject,
  account: AccountKeys,
  amendments: AmendmentRules,
): { flags: number } | { result: string } {
  const set = setFlagOf(tx)
  const clear = clearFlagOf(tx)
  const s = legacySwitches(tx)
  let flags = account.flags
  const switchFlag = (on: boolean, off: boolean, lsf: number) => {
    if (on) flags |= lsf
    if (off) flags &= ~lsf
  }
  switchFlag(s.setRequireAuth, s.clearRequireAuth, LSF.RequireAuth)
  switchFlag(s.setRequireDest, s.clearRequireDest, LSF.RequireDestTag)
  switchFlag(s.setDisallowXRP, s.clearDisallowXRP, LSF.DisallowXRP)
  if (set === ASF.DisableMaster && (account.flags & LSF.DisableMaster) === 0) {
    if (!account.signedWithMaster) return { result: 'tecNEED_MASTER_KEY' }
    if (!account.hasRegularKey && !account.hasSignerList) return { result: 'tecNO_ALTERNATIVE_KEY' }
    flags |= LSF.DisableMaster
  }
  if (clear === ASF.DisableMaster) flags &= ~LSF.DisableMaster
  for (const [asf, lsf, amendment] of SIMPLE_FLAGS) {
    if (amendment !== null && !amendments.enabled(amendment)) continue
    switchFlag(set === asf, set !== asf && clear === asf, lsf)
  }
  if (set === ASF.NoFreeze) {
    if (!account.signedWithMaster && (account.flags & LSF.DisableMaster) === 0) {
      return { result: 'tecNEED_MASTER_KEY' }
    }
    flags |= LSF.NoFreeze
  }
  if (set === ASF.GlobalFreeze) flags |= LSF.GlobalFreeze
  // Once NoFreeze is set, GlobalFreeze stays: an issuer cannot use it strategically.
  if (set !== ASF.GlobalFreeze && clear === ASF.GlobalFreeze && (flags & LSF.NoFreeze) === 0) {
    flags &= ~LSF.GlobalFreeze
  }
  if (set === ASF.AllowTrustLineClawback && amendments.enabled('Clawback')) {
    flags |= LSF.AllowTrustLineClawback
  }
  return { flags: flags >>> 0 }
}

/**
 * The AccountRoot fields an AccountSet writes (value) or removes (null), rippled
 * `SetAccount::doApply`: an all-zero `EmailHash` or `WalletLocator`, an empty `MessageKey` or
 * `Domain`, a `TransferRate` of 0 or 1.0 and a `TickSize` of 0 or 15 remove the field;
 * `NFTokenMinter` follows `asfAuthorizedNFTokenMinter` when NFTs are enabled; `AccountTxnID` is
 * switched by `asfAccountTxnID` (the ledger then keeps the id of the account's latest
 * transaction in it).
 *
 * @example
 * ```ts
 * accountSetFields({ Domain: '', TransferRate: 1_005_000_000 }, table)
 * // { Domain: null, TransferRate: 1005000000 }
 * ```
 */
export function accountSetFields(
  tx: JsonObject,
  amendments: AmendmentRules,
): Record<string, string | number | null> {
  const fields: Record<string, string | number | null> = {}
  const zero = (hex: string) => /^0*$/.test(hex)
  for (const name of ['EmailHash', 'WalletLocator'] as const) {
    const value = tx[name]
    if (typeof value === 'string') fields[name] = zero(value) ? null : value.toUpperCase()
  }
  for (const name of ['MessageKey', 'Domain'] as const) {
    const value = tx[name]
    if (typeof value === 'string') fields[name] = value === '' ? null : value.toUpperCase()
  }
  if (tx.TransferRate !== undefined) {
    const rate = Number(tx.TransferRate)
    fields.TransferRate = rate === 0 || rate === QUALITY_ONE ? null : rate
  }
  if (tx.TickSize !== undefined) {
    const size = Number(tx.TickSize)
    fields.TickSize = size === 0 || size === MAX_TICK_SIZE ? null : size
  }
  if (amendments.enabled('NonFungibleTokensV1_1')) {
    if (setFlagOf(tx) === ASF.AuthorizedNFTokenMinter)
      fields.NFTokenMinter = String(tx.NFTokenMinter)
    if (clearFlagOf(tx) === ASF.AuthorizedNFTokenMinter) fields.NFTokenMinter = null
  }
  return fields
}

/**
 * Whether an AccountSet that sets `RequireAuth` must wait for an empty owner directory (rippled
 * `SetAccount::preclaim` → `tecOWNERS`): an issuer may require authorization only before it holds
 * trust lines or other objects.
 *
 * @example
 * ```ts
 * if (setsRequireAuth(tx, root.Flags) && ownerCount > 0) return 'tecOWNERS'
 * ```
 */
export function setsRequireAuth(tx: JsonObject, flags: number): boolean {
  return legacySwitches(tx).setRequireAuth && (flags & LSF.RequireAuth) === 0
}

// rippled `dirIsEmpty(view, keylet::ownerDir(id))`: no owner directory, or an empty root page.
const ownsNothing = (view: ReadView, address: string) => {
  const root = view.read(ownerDirIndex(address))
  return !root || (root.Indexes as readonly string[] | undefined)?.length === 0
}

// SetAccount::preclaim's Clawback checks: `asfAllowTrustLineClawback` only without NoFreeze
// (`tecNO_PERMISSION`) and with an empty owner directory (`tecOWNERS`); `asfNoFreeze` never once
// clawback is allowed (`tecNO_PERMISSION`). The flag cannot be cleared: accountSetFlags has no
// way off for it.
function clawbackSettingRefusal(view: ReadView, tx: JsonObject, root: Readonly<AccountRoot>) {
  const set = setFlagOf(tx)
  const source = 'SetAccount.cpp'
  if (set === ASF.AllowTrustLineClawback) {
    if (root.Flags & LSF.NoFreeze) {
      const detail = `${root.Account} set NoFreeze, so it cannot allow trust-line clawback`
      return refuse('tecNO_PERMISSION', 'clawback-with-no-freeze', detail, source)
    }
    if (!ownsNothing(view, root.Account)) {
      const detail = `${root.Account} owns ${root.OwnerCount} objects: clawback can be allowed only with an empty owner directory`
      return refuse('tecOWNERS', 'clawback-owner-directory', detail, source)
    }
  } else if (set === ASF.NoFreeze && root.Flags & LSF.AllowTrustLineClawback) {
    const detail = `${root.Account} allowed trust-line clawback, so it cannot set NoFreeze`
    return refuse('tecNO_PERMISSION', 'no-freeze-with-clawback', detail, source)
  }
  return null
}

/**
 * AccountSet (docs/protocol.md §8.7, rippled `SetAccount.cpp`): the preflight above; preclaim
 * refuses `RequireAuth` while the account owns anything (`tecOWNERS`), and with Clawback
 * `asfAllowTrustLineClawback` with NoFreeze or while the account owns anything, and NoFreeze
 * once clawback is allowed; doApply switches the
 * AccountRoot flags (`accountSetFlags`) and writes or removes its fields (`accountSetFields`).
 *
 * @example
 * ```ts
 * accountSetRules.preflight({ SetFlag: 8, ClearFlag: 8 }, context) // 'temINVALID_FLAG'
 * ```
 */
export const accountSetRules: TransactionRules = {
  source: 'SetAccount.cpp',
  amendment: null,
  flags: OWN_FLAGS,
  preflight: accountSetPreflight,
  preclaim(view, tx, context) {
    const root = readAccount(view, String(tx.Account))
    if (!root) return 'terNO_ACCOUNT'
    if (setsRequireAuth(tx, root.Flags) && !ownsNothing(view, root.Account)) return 'tecOWNERS'
    return context.enabled('Clawback') ? clawbackSettingRefusal(view, tx, root) : null
  },
  doApply(context) {
    const { view, tx, account } = context
    const keys: AccountKeys = {
      flags: account.Flags,
      signedWithMaster:
        tx.SigningPubKey !== '' && addressOf(String(tx.SigningPubKey)) === account.Account,
      hasRegularKey: account.RegularKey !== undefined,
      hasSignerList: view.read(signerListIndex(account.Account)) !== undefined,
    }
    const outcome = accountSetFlags(tx, keys, context)
    if ('result' in outcome) return outcome.result
    account.Flags = outcome.flags
    // asfAccountTxnID: present from now on (the transactor writes each later id into it).
    if (setFlagOf(tx) === ASF.AccountTxnID && account.AccountTxnID === undefined) {
      account.AccountTxnID = ZERO_HASH
    }
    if (clearFlagOf(tx) === ASF.AccountTxnID) delete account.AccountTxnID
    for (const [field, value] of Object.entries(accountSetFields(tx, context))) {
      if (value === null) delete account[field]
      else account[field] = value as LedgerValue
    }
    view.update(account)
    return 'tesSUCCESS'
  },
}
