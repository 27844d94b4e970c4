import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { depositPreauthIndex } from '../../state/keylets'
import type { AccountRoot } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { onlyFlags, TF_UNIVERSAL } from '../common/account-flags'
import type { TransactionRules } from '../transaction-rules'

// rippled's "zero" AccountID, which `Authorize`/`Unauthorize` may not name.
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

/**
 * DepositPreauth's preflight (rippled `DepositPreauth.cpp`): exactly one of `Authorize`,
 * `Unauthorize`, `AuthorizeCredentials`, `UnauthorizeCredentials` (`temMALFORMED`; the
 * credential ones need the Credentials amendment, `temDISABLED` from the amendment table), not
 * the zero account (`temINVALID_ACCOUNT_ID`), never the account itself (`temCANNOT_PREAUTH_SELF`).
 *
 * @example
 * ```ts
 * depositPreauthPreflight({ Account: a, Authorize: a }) // 'temCANNOT_PREAUTH_SELF'
 * ```
 */
export function depositPreauthPreflight(tx: JsonObject): string | null {
  if (!onlyFlags(tx, TF_UNIVERSAL)) return 'temINVALID_FLAG'
  const fields = ['Authorize', 'Unauthorize', 'AuthorizeCredentials', 'UnauthorizeCredentials']
  if (fields.filter((field) => tx[field] !== undefined).length !== 1) return 'temMALFORMED'
  const target = tx.Authorize ?? tx.Unauthorize
  if (target === ACCOUNT_ZERO) return 'temINVALID_ACCOUNT_ID'
  return tx.Authorize !== undefined && tx.Authorize === tx.Account ? 'temCANNOT_PREAUTH_SELF' : null
}

/**
 * DepositPreauth's preclaim (rippled `DepositPreauth::preclaim`): authorizing needs an existing
 * account (`tecNO_TARGET`) not yet authorized (`tecDUPLICATE`); unauthorizing needs the
 * preauthorization (`tecNO_ENTRY`).
 *
 * @example
 * ```ts
 * depositPreauthPreclaim({ Authorize: b }, { targetExists: true, entryExists: true }) // 'tecDUPLICATE'
 * ```
 */
export function depositPreauthPreclaim(
  tx: JsonObject,
  facts: { targetExists: boolean; entryExists: boolean },
): string | null {
  if (tx.Authorize !== undefined) {
    if (!facts.targetExists) return 'tecNO_TARGET'
    return facts.entryExists ? 'tecDUPLICATE' : null
  }
  return facts.entryExists ? null : 'tecNO_ENTRY'
}

/**
 * Removes a DepositPreauth object from its owner's directory and reserve (rippled
 * `DepositPreauth::removeFromLedger`); `owner` is the owner's AccountRoot, peeked by the caller.
 * A directory that does not list it is `tefBAD_LEDGER` (thrown, view/ledger-fault.ts).
 *
 * @example
 * ```ts
 * removeDepositPreauth(view, depositPreauthIndex(owner.Account, b), owner) // 'tesSUCCESS'
 * ```
 */
export function removeDepositPreauth(view: ApplyView, index: string, owner: AccountRoot): string {
  const entry = view.peek(index)
  if (!entry) return 'tecNO_ENTRY'
  removeOwnedObject(view, entry, { owner: owner.Account, keepRoot: false })
  return 'tesSUCCESS'
}

/**
 * DepositPreauth (docs/protocol.md §8.7, rippled `DepositPreauth.cpp`): `Authorize` adds a
 * DepositPreauth object (one owner reserve, checked against the balance before the fee →
 * `tecINSUFFICIENT_RESERVE`), `Unauthorize` removes it.
 *
 * @example
 * ```ts
 * depositPreauthRules.preflight({ Account: a, Authorize: a }, context) // 'temCANNOT_PREAUTH_SELF'
 * ```
 */
export const depositPreauthRules: TransactionRules = {
  preflight: depositPreauthPreflight,
  preclaim(view, tx) {
    const target = String(tx.Authorize ?? tx.Unauthorize)
    return depositPreauthPreclaim(tx, {
      targetExists: readAccount(view, target) !== undefined,
      entryExists: view.read(depositPreauthIndex(String(tx.Account), target)) !== undefined,
    })
  },
  doApply({ view, tx, account, priorBalance }) {
    if (tx.Authorize === undefined) {
      const index = depositPreauthIndex(account.Account, String(tx.Unauthorize))
      return removeDepositPreauth(view, index, account)
    }
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, 'DepositPreauth.cpp')
    if (short) return short
    const authorize = String(tx.Authorize)
    const entry = {
      LedgerEntryType: 'DepositPreauth',
      Flags: 0,
      Account: account.Account,
      Authorize: authorize,
      OwnerNode: '0',
      index: depositPreauthIndex(account.Account, authorize),
    }
    return addOwnedObject(view, entry, { owner: account })
  },
}
