import { QUALITY_ONE } from '../amounts/transfer-rate'
import { readAccount } from '../state/account-root'
import type { ReadView } from '../state/read-view'

/**
 * The transfer rate an issuer charges when its asset moves between two holders, in parts per
 * billion (rippled View.cpp `transferRate`, AccountRoot `TransferRate`; xrpl.org "Transfer
 * Fees"): `QUALITY_ONE` when it set none. An integer, never a float.
 *
 * @example
 * ```ts
 * transferRate(view, issuer) // 1_005_000_000 after an AccountSet with TransferRate 1005000000
 * ```
 */
export function transferRate(view: ReadView, issuer: string): number {
  const rate = readAccount(view, issuer)?.TransferRate
  return typeof rate === 'number' && rate !== 0 ? rate : QUALITY_ONE
}
