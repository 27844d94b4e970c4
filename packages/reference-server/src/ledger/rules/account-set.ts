import type { JsonObject } from '../codec/json-object'
import { LSF } from '../state/ledger-object'
import type { TransactionRules } from './transaction-rules'

// AccountSet `SetFlag`/`ClearFlag` values and the AccountRoot flags they switch.
const ASF_FLAGS: Record<number, number> = { 8: LSF.AccountRoot.DefaultRipple }

const known = (value: unknown) => value === undefined || (typeof value === 'number' && value < 32)

/**
 * AccountSet: `SetFlag: 8` / `ClearFlag: 8` switch `DefaultRipple` on the AccountRoot, which lets
 * an issuer's assets ripple between its holders (docs/protocol.md §8.5). Other account flags are
 * accepted and recorded with the fee only.
 *
 * @example
 * ```ts
 * accountSetRules.preflight({ SetFlag: 8, ClearFlag: 8 }, context) // 'temINVALID_FLAG'
 * ```
 */
export const accountSetRules: TransactionRules = {
  preflight(tx: JsonObject) {
    if (!known(tx.SetFlag) || !known(tx.ClearFlag)) return 'temINVALID_FLAG'
    if (tx.SetFlag !== undefined && tx.SetFlag === tx.ClearFlag) return 'temINVALID_FLAG'
    return null
  },
  doApply({ view, tx, account }) {
    const set = ASF_FLAGS[Number(tx.SetFlag)]
    const clear = ASF_FLAGS[Number(tx.ClearFlag)]
    if (set) account.Flags |= set
    if (clear) account.Flags &= ~clear
    view.update(account)
    return 'tesSUCCESS'
  },
}
