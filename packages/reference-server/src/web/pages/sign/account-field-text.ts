import { hexText } from './hex-text'

// What a person reads for the fields of account settings, keys and signer lists (xrpl.org
// "AccountSet", "SignerListSet", "DepositPreauth"; docs/protocol.md §8.7). The page is bundled
// for no browser: these are server-rendered rows.

const ASF_NAMES: Record<number, string> = {
  1: 'require a destination tag (asfRequireDest)',
  2: 'require authorization of trust lines (asfRequireAuth)',
  3: 'ask not to be sent the native asset (asfDisallowXRP)',
  4: 'disable the master key (asfDisableMaster)',
  5: 'track the latest transaction id (asfAccountTxnID)',
  6: 'give up freezing trust lines for good (asfNoFreeze)',
  7: 'freeze every trust line (asfGlobalFreeze)',
  8: 'let issued assets ripple (asfDefaultRipple)',
  9: 'accept deposits only from preauthorized accounts (asfDepositAuth)',
  10: 'authorize an NFT minter (asfAuthorizedNFTokenMinter)',
  12: 'refuse incoming NFT offers (asfDisallowIncomingNFTokenOffer)',
  13: 'refuse incoming checks (asfDisallowIncomingCheck)',
  14: 'refuse incoming payment channels (asfDisallowIncomingPayChan)',
  15: 'refuse incoming trust lines (asfDisallowIncomingTrustline)',
  16: 'allow clawback of issued assets (asfAllowTrustLineClawback)',
  17: 'allow issued assets in escrow (asfAllowTrustLineLocking)',
}

/**
 * Labels of the account fields, e.g. `SignerQuorum` → `Quorum`.
 *
 * @example
 * ```ts
 * ACCOUNT_FIELD_LABELS.RegularKey // 'Regular key'
 * ```
 */
export const ACCOUNT_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  SetFlag: 'Turns on',
  ClearFlag: 'Turns off',
  TransferRate: 'Transfer fee',
  TickSize: 'Tick size',
  Domain: 'Domain',
  EmailHash: 'Email hash',
  MessageKey: 'Message key',
  WalletLocator: 'Wallet locator',
  NFTokenMinter: 'Authorized minter',
  RegularKey: 'Regular key',
  SignerQuorum: 'Quorum',
  SignerEntries: 'Signers',
  Authorize: 'Preauthorize',
  Unauthorize: 'Remove preauthorization of',
})

function signerList(entries: unknown): string | null {
  if (!Array.isArray(entries)) return null
  return entries
    .map((item) => {
      const entry = (item as { SignerEntry?: { Account?: unknown; SignerWeight?: unknown } })
        ?.SignerEntry
      return `${String(entry?.Account)} (weight ${String(entry?.SignerWeight)})`
    })
    .join(', ')
}

/**
 * The readable text of an account-settings field, or null when the field is not one (the caller
 * then shows the raw value).
 *
 * @example
 * ```ts
 * accountFieldText('SetFlag', 1) // 'require a destination tag (asfRequireDest)'
 * accountFieldText('TransferRate', 1_005_000_000) // '0.5 % on transfers of its issued assets'
 * ```
 */
export function accountFieldText(field: string, value: unknown): string | null {
  switch (field) {
    case 'SetFlag':
    case 'ClearFlag':
      return ASF_NAMES[Number(value)] ?? `flag ${String(value)}`
    case 'TransferRate': {
      const rate = Number(value)
      if (rate === 0 || rate === 1_000_000_000) return 'none (removes the transfer fee)'
      const percent = Number(((rate - 1_000_000_000) / 10_000_000).toFixed(7))
      return `${percent} % on transfers of its issued assets`
    }
    case 'TickSize':
      return Number(value) === 0 ? 'none (removes the tick size)' : `${String(value)} digits`
    case 'Domain':
      return value === '' ? 'none (removes it)' : hexText(value)
    case 'SignerQuorum':
      return Number(value) === 0
        ? '0 (removes the signer list)'
        : `${String(value)} (the sum of the signers’ weights needed)`
    case 'SignerEntries':
      return signerList(value)
    default:
      return null
  }
}
