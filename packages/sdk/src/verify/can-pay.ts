import { PullSignError } from '../core/errors/pull-sign-error'
import { CLASSIC_ADDRESS, describeValue, requireString } from '../core/input'
import { isNetworkKey, type NetworkKey } from '../wire/networks'
import type { Amount } from '../wire/transaction'
import { compareDecimals, isIssuedAmount } from './amount-compare'

/**
 * An account as the ledger knows it on one network: native balance in drops, owned objects, and
 * trust lines (the shape of the reference server's `GET /__ref/accounts/{address}`, §10).
 *
 * @example
 * ```ts
 * const state: AccountState = { balance: '25000000', ownerCount: 1, lines: [{ currency: 'USD', counterparty: issuer, balance: '12' }] }
 * ```
 */
export interface AccountState {
  balance: string
  ownerCount: number
  lines?: ReadonlyArray<{ currency: string; counterparty: string; balance: string }>
}

/**
 * Where {@link canPay} reads an account.
 *
 * @example
 * ```ts
 * const lookup: AccountLookup = { getAccount: (address, network) => myNode.accountState(address, network) }
 * ```
 */
export interface AccountLookup {
  getAccount(address: string, network: NetworkKey): Promise<AccountState>
}

/**
 * Options of {@link canPay}: the lookup, the network (default `MAINNET`), the reserves of §8.1
 * (base 1 unit, 0.2 unit per owned object) and the fee to keep aside, all in drops.
 *
 * @example
 * ```ts
 * const options: CanPayOptions = { lookup, network: 'TESTNET', fee: '12' }
 * ```
 */
export interface CanPayOptions {
  lookup: AccountLookup
  network?: NetworkKey
  baseReserve?: string
  ownerReserve?: string
  fee?: string
}

/**
 * What {@link canPay} found: whether the amount fits, and how much the account can spend of that
 * asset (drops for the native asset).
 *
 * @example
 * ```ts
 * const answer: CanPayAnswer = { ok: false, spendable: '800000' }
 * ```
 */
export interface CanPayAnswer {
  ok: boolean
  spendable: string
}

const requireDrops = (value: unknown, field: string) =>
  BigInt(requireString(value, field, /^\d+$/, 'drops (an integer string)'))

/**
 * Whether an account can pay an amount (docs/protocol.md §9.1 rule 7): for the native asset, its
 * balance minus the account reserve, the owner reserve of each owned object and the fee; for an
 * issued asset, its balance on the line with that issuer (an issuer can always pay its own asset).
 *
 * @example
 * ```ts
 * import { canPay } from 'pullsign/verify'
 *
 * const { ok, spendable } = await canPay(payer, '5000000', { lookup, network: 'TESTNET' })
 * if (!ok) console.log(`only ${spendable} drops spendable`)
 * ```
 */
export async function canPay(
  account: string,
  amount: Amount,
  options: CanPayOptions,
): Promise<CanPayAnswer> {
  requireString(account, 'account', CLASSIC_ADDRESS, 'a classic address (r…)')
  if (typeof options?.lookup?.getAccount !== 'function') {
    throw new PullSignError('ERR_INPUT', 'options.lookup must have getAccount(address, network)')
  }
  const network = options.network ?? 'MAINNET'
  if (!isNetworkKey(network)) {
    throw new PullSignError(
      'ERR_INPUT',
      `network must be a rails key, got ${describeValue(network)}`,
    )
  }
  const base = requireDrops(options.baseReserve ?? '1000000', 'baseReserve')
  const owner = requireDrops(options.ownerReserve ?? '200000', 'ownerReserve')
  const fee = requireDrops(options.fee ?? '0', 'fee')
  if (isIssuedAmount(amount)) {
    if (compareDecimals(amount.value, '0') !== 1) {
      throw new PullSignError(
        'ERR_INPUT',
        `amount.value must be a positive decimal, got ${describeValue(amount.value)}`,
      )
    }
    if (amount.issuer === account) return { ok: true, spendable: amount.value }
    const state = await options.lookup.getAccount(account, network)
    const line = state.lines?.find(
      (l) => l.currency === amount.currency && l.counterparty === amount.issuer,
    )
    const spendable = line && compareDecimals(line.balance, '0') === 1 ? line.balance : '0'
    return { ok: compareDecimals(spendable, amount.value) !== -1, spendable }
  }
  const drops = requireDrops(amount, 'amount')
  const state = await options.lookup.getAccount(account, network)
  // §8.1: 1 unit + 0.2 unit per owned object stays locked; the fee burns on top.
  const locked = base + owner * BigInt(state.ownerCount) + fee
  const balance = BigInt(state.balance)
  const spendable = balance > locked ? balance - locked : 0n
  return { ok: spendable >= drops, spendable: String(spendable) }
}
