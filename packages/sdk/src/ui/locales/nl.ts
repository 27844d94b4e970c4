import type { UiStrings } from './en'

/**
 * Dutch texts of the elements: loaded by an element whose locale is `nl` (its `locale`
 * attribute, else the nearest `lang`, else the browser's), never part of the base bundle.
 *
 * @example
 * ```ts
 * import { nl } from 'pullsign/ui/locales/nl'
 * ```
 */
export const nl: UiStrings = {
  heading: 'Onderteken met je wallet',
  creating: 'Het verzoek wordt klaargezet…',
  waiting: 'Scan de code met je wallet-app, of open het verzoek op dit apparaat.',
  pushed: 'Naar je wallet gestuurd: kijk op je telefoon.',
  xapp: 'Bekijk het verzoek in je wallet.',
  opened: 'Geopend in je wallet: bekijk en onderteken het daar.',
  signing: 'Bezig met ondertekenen…',
  submitting: 'Bezig met verzenden naar de XRP Ledger…',
  signed: 'Ondertekend.',
  rejected: 'Je hebt het verzoek geweigerd.',
  expired: 'Het verzoek is verlopen.',
  cancelled: 'Het verzoek is geannuleerd.',
  error: 'Het verzoek kan niet worden getoond.',
  ERR_UNKNOWN_PAYLOAD: 'Dit verzoek bestaat niet.',
  ERR_NETWORK: 'De walletdienst is niet bereikbaar.',
  ERR_CREATE: 'Het verzoek kon niet worden gemaakt.',
  open: 'Openen in wallet',
  copy: 'Link kopiëren',
  copied: 'Link gekopieerd.',
  copyFailed: 'De link kon niet worden gekopieerd.',
  showQr: 'Toon de QR-code',
  qr: 'QR-code van het ondertekenverzoek',
  expires: 'Verloopt over {0}',
  soon: 'Nog minder dan een minuut.',
  last: 'Nog minder dan 10 seconden.',
  reconnecting: 'Opnieuw verbinden…',
  retry: 'Opnieuw proberen',
  renew: 'Nieuw verzoek',
  cancel: 'Annuleren',
  close: 'Sluiten',
  signIn: 'Inloggen',
  signingIn: 'Bezig met inloggen…',
  signOut: 'Uitloggen',
  signInFailed: 'Inloggen is niet gelukt.',
}
export default nl
