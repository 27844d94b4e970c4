import type { JsonObject } from '../codec/json-object'
import { onlyFlags, TF_UNIVERSAL } from './account-flags'

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
