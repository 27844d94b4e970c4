import type { IssuedAmount } from 'pullsign/wire'
import { reserve } from './account-state'
import type { JsonObject, TransactionRules } from './apply-context'
import { parseDrops } from './native-amount'

// Payment flags that make no sense when native units go to native units.
const TF_NO_RIPPLE_DIRECT = 0x00010000
const TF_PARTIAL_PAYMENT = 0x00020000
const TF_LIMIT_QUALITY = 0x00040000

const isIssued = (amount: unknown): amount is IssuedAmount =>
  typeof amount === 'object' && amount !== null && 'currency' in amount && 'issuer' in amount

/**
 * Payment rules. Native Payments move drops with the reserve rule of PROTOCOL §8.1
 * (`balance ≥ amount + max(reserve, fee)`, else `tecUNFUNDED_PAYMENT`) and create the destination
 * when it gets at least the base reserve. A partial payment is never valid native→native (§8.3).
 * Issued-asset Payments (including pay-with-anything, where `SendMax` names the payer's asset)
 * are recorded without trust-line balances: the receiver is reported to get the requested asset.
 *
 * @example
 * ```ts
 * paymentRules.preflight(decode(blob)) // null or 'temBAD_AMOUNT'
 * ```
 */
export const paymentRules: TransactionRules = {
  preflight(tx: JsonObject) {
    if (typeof tx.Destination !== 'string') return 'temDST_NEEDED'
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    if (isIssued(tx.Amount)) {
      if (!(Number(tx.Amount.value) > 0)) return 'temBAD_AMOUNT'
      return null
    }
    const amount = parseDrops(tx.Amount)
    if (amount === null || amount === 0n) return 'temBAD_AMOUNT'
    if (tx.Destination === tx.Account) return 'temREDUNDANT'
    if (tx.SendMax !== undefined && !isIssued(tx.SendMax)) return 'temBAD_SEND_XRP_MAX'
    if (tx.SendMax === undefined) {
      if (flags & TF_PARTIAL_PAYMENT) return 'temBAD_SEND_XRP_PARTIAL'
      if (flags & TF_LIMIT_QUALITY) return 'temBAD_SEND_XRP_LIMIT'
      if (flags & TF_NO_RIPPLE_DIRECT) return 'temBAD_SEND_XRP_NO_DIRECT'
      if (tx.Paths !== undefined) return 'temBAD_SEND_XRP_PATHS'
    }
    return null
  },

  apply({ network, tx, account, fee, lookup, create, credit }) {
    const destination = String(tx.Destination)
    if (isIssued(tx.Amount)) {
      if (!lookup(destination)) return { result: 'tecNO_DST' }
      return { result: 'tesSUCCESS', delivered: tx.Amount }
    }
    if (isIssued(tx.SendMax)) {
      // Issued asset in, native out: there are no order books to convert through yet.
      return { result: 'tecPATH_DRY' }
    }
    const amount = parseDrops(tx.Amount) ?? 0n
    const balanceBeforeFee = account.balance + fee
    const needed = reserve(network, account.ownerCount)
    // balance ≥ amount + max(reserve, fee), PROTOCOL §8.1
    if (balanceBeforeFee < amount + needed || balanceBeforeFee < amount + fee) {
      return { result: 'tecUNFUNDED_PAYMENT' }
    }
    if (!lookup(destination)) {
      if (amount < BigInt(network.reserve_base)) return { result: 'tecNO_DST_INSUF_XRP' }
      create(destination)
    }
    credit(String(tx.Account), -amount)
    credit(destination, amount)
    return { result: 'tesSUCCESS', delivered: String(amount) }
  },
}
