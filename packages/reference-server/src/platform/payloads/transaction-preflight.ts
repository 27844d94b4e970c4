import type { NetworkKey, TransactionJson } from 'pullsign/wire'
import type { PreflightRefusal } from '../../ledger'
import { invalidRequest, type PlatformError } from '../errors'
import type { PayloadRequest } from './payload-request'
import { PSEUDO_TYPES } from './transaction-check'

/**
 * The network the wallet signs a payload on when the payload forces none and the user names none
 * (the control API's `sign` without `network`).
 */
export const WALLET_DEFAULT_NETWORK: NetworkKey = 'MAINNET'

/** Who will sign a payload's transaction, as far as the payload says (its preflight's target). */
export interface PreflightTarget {
  network: NetworkKey
  /**
   * The transaction's `Account` as far as the payload says: a multisigned one's own, else the one
   * account the payload lets sign (`options.signer`, one `signers`), else null.
   */
  account: string | null
  multisign: boolean
}

/**
 * The ledger's preflight of a requested transaction as the wallet will fill it (`Account`,
 * `Sequence`, `Fee`, …), never blaming a field the wallet fills: wired by create-platform.ts
 * (wallet/request-preflight.ts), so the platform calls the ledger's one rule set.
 *
 * @example
 * ```ts
 * const preflight: RequestPreflight = requestPreflight(ledger)
 * preflight({ TransactionType: 'NFTokenMint' }, { network: 'MAINNET', account: null, multisign: false })
 * // { result: 'temMALFORMED', field: 'NFTokenTaxon' }
 * ```
 */
export type RequestPreflight = (
  txjson: TransactionJson,
  target: PreflightTarget,
) => PreflightRefusal | null

/**
 * What the ledger will answer a payload's transaction, said before it is signed
 * (docs/protocol.md §3.1 "Before the ledger says so"): shown by the request log, the dashboard
 * and the sign page, or the 602 of a server with `strictTransactions`.
 *
 * @example
 * ```ts
 * finding.message
 * // "txjson.NFTokenTaxon breaks the ledger's NFTokenMint preflight: temMALFORMED on MAINNET (…)"
 * ```
 */
export interface TransactionFinding {
  /** The engine result a submission would get: `temMALFORMED`, `temDISABLED`, … */
  result: string
  /** The field to blame, as the request names it (`txjson.NFTokenTaxon`), or null. */
  field: string | null
  /** The network checked: the one the payload forces, else {@link WALLET_DEFAULT_NETWORK}. */
  network: NetworkKey
  /** Whether the payload forces that network (`options.force_network`). */
  forced: boolean
  /** One line for people: the field, the result, the rule and the network. ASCII only (a header). */
  message: string
}

/**
 * Runs the ledger's preflight over a payload's transaction on the network it will be signed on
 * (forced, or the wallet's default, which the finding says); null when it passes, or for the
 * pseudo types nothing submits (SignIn, PaymentChannelAuthorize).
 *
 * @example
 * ```ts
 * transactionFinding(request, preflight)?.field // 'txjson.NFTokenTaxon'
 * ```
 */
export function transactionFinding(
  request: PayloadRequest,
  preflight: RequestPreflight,
): TransactionFinding | null {
  const { txjson, options } = request
  if ((PSEUDO_TYPES as readonly string[]).includes(txjson.TransactionType)) return null
  const network = options.force_network ?? WALLET_DEFAULT_NETWORK
  // A multisigned transaction is the requested Account's; else the signer's, when one is forced.
  const account = options.multisign
    ? typeof txjson.Account === 'string'
      ? txjson.Account
      : null
    : options.signers.length === 1
      ? (options.signers[0] ?? null)
      : null
  const refusal = preflight(txjson, { network, account, multisign: options.multisign })
  if (refusal === null) return null
  const forced = options.force_network !== null
  const finding = {
    result: refusal.result,
    field: refusal.field === null ? null : `txjson.${refusal.field}`,
    network,
    forced,
  }
  return { ...finding, message: `${finding.field ?? 'txjson'} ${reason(txjson, finding)}` }
}

// What the field does wrong: the rule, the result and the network (and why that one).
const reason = (
  txjson: TransactionJson,
  { result, network, forced }: Omit<TransactionFinding, 'message' | 'field'>,
) =>
  `breaks the ledger's ${txjson.TransactionType} preflight: ${result} on ${network}${
    forced
      ? ''
      : ' (the network the wallet signs on when the payload forces none; options.force_network picks another)'
  }`

/**
 * The 602 a server with `strictTransactions` answers a create whose transaction the ledger's
 * preflight refuses, naming the field, the rule, the result and the network.
 *
 * @example
 * ```ts
 * throw strictRefusal(request.txjson, finding) // 602: txjson.NFTokenTaxon breaks the ledger's NFTokenMint preflight: …
 * ```
 */
export function strictRefusal(txjson: TransactionJson, finding: TransactionFinding): PlatformError {
  return invalidRequest(finding.field ?? 'txjson', reason(txjson, finding))
}
