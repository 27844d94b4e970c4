import type { JsonObject } from '../codec/json-object'
import { LSF_DEFAULT_RIPPLE } from '../state/account-state'
import type { TransactionRules } from './apply-context'

// AccountSet `SetFlag`/`ClearFlag` values and the AccountRoot flags they switch.
const ASF_FLAGS: Record<number, number> = { 8: LSF_DEFAULT_RIPPLE }

const known = (value: unknown) => value === undefined || (typeof value === 'number' && value < 32)

/**
 * AccountSet: `SetFlag: 8` / `ClearFlag: 8` switch `DefaultRipple`, which lets an issuer's assets
 * ripple between its holders (docs/protocol.md §8.5). Other account flags are accepted and
 * recorded with the fee only.
 *
 * @example
 * ```ts
 * accountSetRules.preflight({ SetFlag: 8, ClearFlag: 8 }) // 'temINVALID_FLAG'
 * ```
 */
export const accountSetRules: TransactionRules = {
  preflight(tx: JsonObject) {
    if (!known(tx.SetFlag) || !known(tx.ClearFlag)) return 'temINVALID_FLAG'
    if (tx.SetFlag !== undefined && tx.SetFlag === tx.ClearFlag) return 'temINVALID_FLAG'
    return null
  },
  apply({ tx, account }) {
    const set = ASF_FLAGS[Number(tx.SetFlag)]
    const clear = ASF_FLAGS[Number(tx.ClearFlag)]
    if (set) account.flags |= set
    if (clear) account.flags &= ~clear
    return { result: 'tesSUCCESS' }
  },
}
