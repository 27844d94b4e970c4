// What a person reads for the fields of AMM transactions (xrpl.org "AMMCreate" … "AMMClawback";
// rippled AMMCreate.cpp … AMMClawback.cpp; docs/protocol.md §8.13): the pool's assets, the
// trading fee in percent, each deposit and withdrawal mode in words, LP-token amounts.
// Server-rendered rows.

/**
 * Labels of the AMM fields, e.g. `LPTokenOut` → `LP tokens to receive`.
 *
 * @example
 * ```ts
 * AMM_FIELD_LABELS.TradingFee // 'Trading fee'
 * ```
 */
export const AMM_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  Asset: 'Pool asset',
  Asset2: 'Other pool asset',
  TradingFee: 'Trading fee',
  LPTokenOut: 'LP tokens to receive',
  LPTokenIn: 'LP tokens to return',
  EPrice: 'Effective price limit',
  BidMin: 'Bid at least',
  BidMax: 'Bid at most',
  AuthAccounts: 'Discount also for',
  Holder: 'Holder',
})

/**
 * What `Amount` and `Amount2` mean in each AMM type.
 *
 * @example
 * ```ts
 * AMM_LABELS_BY_TYPE.AMMCreate?.Amount // 'Put into the new pool'
 * ```
 */
export const AMM_LABELS_BY_TYPE: Readonly<Record<string, Record<string, string>>> = Object.freeze({
  AMMCreate: { Amount: 'Put into the new pool', Amount2: 'And put in' },
  AMMDeposit: { Amount: 'Deposit', Amount2: 'And deposit' },
  AMMWithdraw: { Amount: 'Withdraw', Amount2: 'And withdraw' },
  AMMClawback: { Amount: 'Claw back at most' },
})

/**
 * The AMM fields that hold an amount (LP tokens are issued amounts).
 *
 * @example
 * ```ts
 * AMM_AMOUNT_FIELDS.has('LPTokenOut') // true
 * ```
 */
export const AMM_AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'LPTokenOut',
  'LPTokenIn',
  'EPrice',
  'BidMin',
  'BidMax',
])

const DEPOSIT_MODES: readonly [number, string][] = [
  [0x00010000, 'both assets in proportion, for exactly the LP tokens asked (tfLPToken)'],
  [0x00080000, 'exactly this amount of one asset (tfSingleAsset)'],
  [0x00100000, 'both assets in proportion, up to each amount (tfTwoAsset)'],
  [
    0x00200000,
    'one asset, at most this amount, for exactly the LP tokens asked (tfOneAssetLPToken)',
  ],
  [0x00400000, 'one asset, paying at most the effective price per LP token (tfLimitLPToken)'],
  [0x00800000, 'both amounts into an empty pool, setting its fee (tfTwoAssetIfEmpty)'],
]

const WITHDRAW_MODES: readonly [number, string][] = [
  [0x00010000, 'both assets in proportion, for the LP tokens returned (tfLPToken)'],
  [0x00020000, 'both assets in proportion, returning all your LP tokens (tfWithdrawAll)'],
  [0x00040000, 'one asset, returning all your LP tokens (tfOneAssetWithdrawAll)'],
  [0x00080000, 'exactly this amount of one asset (tfSingleAsset)'],
  [0x00100000, 'both assets in proportion, up to each amount (tfTwoAsset)'],
  [0x00200000, 'one asset, at least this amount, for the LP tokens returned (tfOneAssetLPToken)'],
  [
    0x00400000,
    'one asset, returning at most the effective price in LP tokens per unit (tfLimitLPToken)',
  ],
]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// An asset of the pool: the native asset, or a currency and its issuer.
function assetText(value: unknown): string | null {
  if (!isRecord(value) || typeof value.currency !== 'string') return null
  if (value.issuer === undefined) return value.currency
  return `${value.currency} issued by ${String(value.issuer)}`
}

// TradingFee is in 1/100,000 (0 to 1000 = 1 %).
const percent = (fee: number) =>
  `${(fee / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`

function modeText(modes: readonly [number, string][], flags: number, verb: string): string {
  const named = modes.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name)
  return named.length > 0 ? `${verb} ${named.join('; ')}` : `${verb}: no mode chosen (refused)`
}

/**
 * The readable text of an AMM field of `tx`, or null when the field is none of them (its row
 * shows the raw value). Deposit, withdrawal and clawback `Flags` read as their mode.
 *
 * @example
 * ```ts
 * ammFieldText('TradingFee', 500, { TransactionType: 'AMMCreate' }) // '0.5 %'
 * ```
 */
export function ammFieldText(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): string | null {
  if (field === 'Asset' || field === 'Asset2') return assetText(value)
  if (field === 'TradingFee' && typeof value === 'number') return percent(value)
  if (field === 'AuthAccounts' && Array.isArray(value)) {
    return value
      .map((entry) =>
        isRecord(entry) && isRecord(entry.AuthAccount) ? entry.AuthAccount.Account : entry,
      )
      .map(String)
      .join(', ')
  }
  if (field !== 'Flags' || typeof value !== 'number') return null
  if (tx.TransactionType === 'AMMDeposit') return modeText(DEPOSIT_MODES, value, 'Deposit')
  if (tx.TransactionType === 'AMMWithdraw') return modeText(WITHDRAW_MODES, value, 'Withdraw')
  if (tx.TransactionType === 'AMMClawback') {
    return (value & 1) !== 0
      ? 'claw back both assets, both issued by you (tfClawTwoAssets)'
      : 'claw back your asset; the other goes to the holder'
  }
  return null
}
