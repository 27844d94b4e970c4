import type { IssuedValue } from '../amounts/issued-value'
import type { AccountState } from './account-state'
import type { TrustLine } from './trust-line'

/**
 * A native balance one transaction changed, in drops.
 *
 * @example
 * ```ts
 * const change: NativeChange = { address, before: 100n, after: 88n, created: false }
 * ```
 */
export interface NativeChange {
  address: string
  before: bigint
  after: bigint
  created: boolean
}

/**
 * A trust line balance one transaction changed (`low`'s holding, as in RippleState).
 *
 * @example
 * ```ts
 * record.lines[0]?.after.minus(record.lines[0].before).toString() // '25'
 * ```
 */
export interface LineChange {
  low: string
  high: string
  currency: string
  before: IssuedValue
  after: IssuedValue
  lowLimit: IssuedValue
  highLimit: IssuedValue
}

/**
 * Every balance a transaction changed: what its metadata and `balanceChanges` report (§8.5).
 *
 * @example
 * ```ts
 * balanceChanges(stored.balances, network)
 * ```
 */
export interface BalanceRecord {
  native: NativeChange[]
  lines: LineChange[]
}

/**
 * Notes the first value of each balance a transaction touches, and reads the last at the end.
 *
 * @example
 * ```ts
 * const recorder: BalanceRecorder = balanceRecorder()
 * ```
 */
export interface BalanceRecorder {
  account(address: string, account: AccountState, created: boolean): void
  line(line: TrustLine): void
  finish(): BalanceRecord
}

/**
 * A recorder for one transaction: call `account`/`line` before each change, `finish` after.
 *
 * @example
 * ```ts
 * const recorder = balanceRecorder()
 * recorder.account(address, state, false)
 * state.balance -= 12n
 * recorder.finish().native // [{ address, before: 100n, after: 88n, created: false }]
 * ```
 */
export function balanceRecorder(): BalanceRecorder {
  const accounts = new Map<string, { state: AccountState; before: bigint; created: boolean }>()
  const lines = new Map<TrustLine, IssuedValue>()
  return {
    account(address, state, created) {
      if (!accounts.has(address)) accounts.set(address, { state, before: state.balance, created })
    },
    line(line) {
      if (!lines.has(line)) lines.set(line, line.balance)
    },
    finish() {
      const native: NativeChange[] = []
      for (const [address, { state, before, created }] of accounts) {
        if (state.balance !== before)
          native.push({ address, before, after: state.balance, created })
      }
      const changed: LineChange[] = []
      for (const [line, before] of lines) {
        if (line.balance.eq(before)) continue
        const { low, high, currency, balance, lowLimit, highLimit } = line
        changed.push({ low, high, currency, before, after: balance, lowLimit, highLimit })
      }
      return { native, lines: changed }
    },
  }
}
