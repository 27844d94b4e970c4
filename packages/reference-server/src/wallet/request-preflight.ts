import type { JsonObject } from '../ledger/codec/json-object'
import type { Ledger } from '../ledger/ledger-types'
import { networkDefinition } from '../ledger/networks'
import type { PreflightRefusal } from '../ledger/unsigned-preflight'
import type { RequestPreflight } from '../platform/payloads/transaction-preflight'
import { fillTransaction } from './fill-transaction'

// Who signs when the payload does not say: rippled's ACCOUNT_ONE (`rrrrrrrrrrrrrrrrrrrrBZbvji`,
// AccountID 1), an account nobody holds, so no field equals it by chance (a Destination that is
// the signer's own is only known once someone signs).
const NOBODY = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/**
 * The ledger's preflight of a requested transaction as this wallet will fill it
 * (fill-transaction.ts: `Account`, a `Sequence` and `Fee` left out, a `LastLedgerSequence`
 * offset, `NetworkID`, a buy offer's `Owner`), for the platform's check at creation
 * (docs/protocol.md §3.1 "Before the ledger says so"): a field the fill added or changed is never
 * the one to blame. An answer is kept per requested object (the platform shares one frozen object
 * among the requests of one text) and target, unless it read the ledger's state (a buy offer's
 * `Owner`, looked up where the token is held): the checks themselves need no state.
 *
 * @example
 * ```ts
 * const preflight = requestPreflight(ledger)
 * preflight({ TransactionType: 'NFTokenMint' }, { network: 'MAINNET', account: null, multisign: false })
 * // { result: 'temMALFORMED', field: 'NFTokenTaxon' }
 * ```
 */
export function requestPreflight(ledger: Ledger): RequestPreflight {
  const known = new WeakMap<object, Map<string, PreflightRefusal | null>>()
  return (txjson, target) => {
    const { network, account, multisign } = target
    const key = `${network} ${account} ${multisign}`
    const kept = known.get(txjson)?.get(key)
    if (kept !== undefined) return kept
    const filled = fillTransaction(
      // A Sequence the wallet reads at signing: any will do for checks that need no ledger.
      { ...txjson, Sequence: txjson.Sequence ?? 0 },
      { ledger, network: networkDefinition(network), account: account ?? NOBODY, multisign },
    )
    const answer = ledger.preflight(network, filled as JsonObject, {
      blame: (field) => filled[field] === txjson[field],
    })
    if (filled.Owner === txjson.Owner) {
      const answers = known.get(txjson) ?? new Map<string, PreflightRefusal | null>()
      known.set(txjson, answers.set(key, answer))
    }
    return answer
  }
}
