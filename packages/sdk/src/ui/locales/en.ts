/**
 * The English texts of the elements, built in: every string an element shows or announces is
 * one of these keys. Another locale (`pullsign/ui/locales/<code>`) or an element's `strings`
 * property replaces any of them; `{0}` is filled in (a time, an address).
 *
 * @example
 * ```ts
 * import { en, type UiStrings } from 'pullsign/ui'
 *
 * const strings: Partial<UiStrings> = { heading: 'Pay with your wallet', open: `${en.open} (Xaman)` }
 * ```
 */
export const en = {
  heading: 'Sign with your wallet',
  creating: 'Preparing the request…',
  waiting: 'Scan the code with your wallet app, or open the request on this device.',
  pushed: 'Sent to your wallet: check your phone.',
  xapp: 'Review the request in your wallet.',
  opened: 'Opened in your wallet: review and sign it there.',
  signing: 'Signing…',
  submitting: 'Sending to the XRP Ledger…',
  signed: 'Signed.',
  rejected: 'You declined the request.',
  expired: 'The request expired.',
  cancelled: 'The request was cancelled.',
  error: 'The request cannot be shown.',
  ERR_UNKNOWN_PAYLOAD: 'This request does not exist.',
  ERR_NETWORK: 'The wallet service cannot be reached.',
  ERR_CREATE: 'The request could not be made.',
  open: 'Open in wallet',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'The link could not be copied.',
  showQr: 'Show QR code instead',
  qr: 'QR code of the sign request',
  expires: 'Expires in {0}',
  soon: 'Less than a minute left.',
  last: 'Less than 10 seconds left.',
  reconnecting: 'Reconnecting…',
  retry: 'Try again',
  renew: 'New request',
  cancel: 'Cancel',
  close: 'Close',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  signInFailed: 'Sign-in did not complete.',
}

/**
 * The keys of every text the elements show, and their values.
 *
 * @example
 * ```ts
 * const key: keyof UiStrings = 'open'
 * ```
 */
export type UiStrings = { [key in keyof typeof en]: string }
