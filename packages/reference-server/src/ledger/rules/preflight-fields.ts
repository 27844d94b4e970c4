import { isIssued } from '../amounts/ledger-asset'
import { parseDrops } from '../amounts/native-amount'
import type { JsonObject } from '../codec/json-object'
import { isXahau, type NetworkDefinition } from '../networks'
import { LedgerNumber } from '../number/ledger-number'
import { type Refusal, refuse } from '../view/refusal'
import type { TransactionRules } from './transaction-rules'

// tfFullyCanonicalSig and tfInnerBatchTxn: the flags every type accepts (rippled TxFlags.h
// `tfUniversal`); anything else a type does not define is `temINVALID_FLAG` (Transactor.cpp
// preflight1, fix1543). xahaud has no Batch: its tfUniversal is tfFullyCanonicalSig alone.
const TF_UNIVERSAL = 0xc0000000
const XAHAU_TF_UNIVERSAL = 0x80000000

const flagsOf = (tx: JsonObject): number => (typeof tx.Flags === 'number' ? tx.Flags : 0)

/**
 * Whether a transaction sets a flag outside the universal ones and those its type defines.
 *
 * @example
 * ```ts
 * hasUnknownFlags({ Flags: 0x00010000 }, 0) // true: 'temINVALID_FLAG'
 * ```
 */
export function hasUnknownFlags(tx: JsonObject, allowed = 0, universal = TF_UNIVERSAL): boolean {
  return (flagsOf(tx) & ~(universal | allowed)) >>> 0 !== 0
}

/**
 * Whether a required field is absent. rippled refuses such a blob before any rule runs (its
 * template check); the simulated ledger answers `temMALFORMED` (docs/protocol.md §8.7).
 *
 * @example
 * ```ts
 * lacks({ Owner: 'r…' }, 'Owner', 'OfferSequence') // true
 * ```
 */
export const lacks = (tx: JsonObject, ...fields: string[]): boolean =>
  fields.some((field) => tx[field] === undefined)

/**
 * The checks every type's rules declare rather than write, once for all of them before their
 * `preflight` (rippled `invokePreflight`: preflight1 against the transactor's `getFlagsMask`,
 * then the template's required fields): a flag neither universal on the network nor one of the
 * type's `flags` → `temINVALID_FLAG`; a `required` field absent → `temMALFORMED`.
 *
 * @example
 * ```ts
 * declaredRefusal({ TransactionType: 'EscrowCancel', Flags: 1 }, escrowCancelRules, testnet)?.result // 'temINVALID_FLAG'
 * ```
 */
export function declaredRefusal(
  tx: JsonObject,
  rules: Pick<TransactionRules, 'flags' | 'required' | 'source'>,
  network: NetworkDefinition,
): Refusal | null {
  const type = String(tx.TransactionType)
  const universal = isXahau(network) ? XAHAU_TF_UNIVERSAL : TF_UNIVERSAL
  if (rules.flags !== null && hasUnknownFlags(tx, rules.flags, universal)) {
    const detail = `Flags ${flagsOf(tx)} sets a flag ${type} does not define`
    return refuse('temINVALID_FLAG', 'flags-invalid', detail, rules.source)
  }
  const missing = rules.required?.find((field) => tx[field] === undefined)
  if (missing === undefined) return null
  return refuse('temMALFORMED', 'field-missing', `${type} requires ${missing}`, rules.source)
}

/**
 * Whether a decoded amount is native drops above zero (rippled `isXRP(a) && a > zero`).
 *
 * @example
 * ```ts
 * isPositiveNative('1') // true
 * isPositiveNative({ currency: 'USD', issuer, value: '1' }) // false
 * ```
 */
export function isPositiveNative(amount: unknown): boolean {
  const drops = parseDrops(amount)
  return drops !== null && drops > 0n
}

/**
 * Whether a decoded amount, native or issued, is above zero (rippled `signum() > 0`).
 *
 * @example
 * ```ts
 * isPositive({ currency: 'USD', issuer, value: '-1' }) // false
 * ```
 */
export function isPositive(amount: unknown): boolean {
  if (isIssued(amount)) {
    try {
      return LedgerNumber.from(amount.value).signum() > 0
    } catch {
      return false
    }
  }
  return isPositiveNative(amount)
}

/**
 * Whether an issued amount names the reserved currency code "XRP" (rippled `badCurrency()`).
 *
 * @example
 * ```ts
 * isBadCurrency({ currency: 'XRP', issuer, value: '1' }) // true
 * ```
 */
export const isBadCurrency = (amount: unknown): boolean =>
  isIssued(amount) && amount.currency === 'XRP'

const SECP256K1_KEY = /^0[23][0-9A-F]{64}$/i
const ED25519_KEY = /^ED[0-9A-F]{64}$/i

/**
 * Whether hex is a public key of a type the ledger knows: 33 bytes, 02/03 (secp256k1) or ED
 * (Ed25519) first (rippled PublicKey.cpp `publicKeyType`).
 *
 * @example
 * ```ts
 * isPublicKey('ED' + '00'.repeat(32)) // true
 * ```
 */
export const isPublicKey = (hex: unknown): boolean =>
  typeof hex === 'string' && (SECP256K1_KEY.test(hex) || ED25519_KEY.test(hex))
