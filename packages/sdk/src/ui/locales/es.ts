import type { UiStrings } from './en'

/**
 * Spanish texts of the elements: loaded by an element whose locale is `es` (its `locale`
 * attribute, else the nearest `lang`, else the browser's), never part of the base bundle.
 *
 * @example
 * ```ts
 * import { es } from 'pullsign/ui/locales/es'
 * ```
 */
export const es: UiStrings = {
  heading: 'Firma con tu monedero',
  creating: 'Preparando la solicitud…',
  waiting: 'Escanea el código con la app de tu monedero o abre la solicitud en este dispositivo.',
  pushed: 'Enviada a tu monedero: revisa tu teléfono.',
  xapp: 'Revisa la solicitud en tu monedero.',
  opened: 'Abierta en tu monedero: revísala y fírmala allí.',
  signing: 'Firmando…',
  submitting: 'Enviando al XRP Ledger…',
  signed: 'Firmada.',
  rejected: 'Has rechazado la solicitud.',
  expired: 'La solicitud ha caducado.',
  cancelled: 'La solicitud se ha cancelado.',
  error: 'No se puede mostrar la solicitud.',
  ERR_UNKNOWN_PAYLOAD: 'Esta solicitud no existe.',
  ERR_NETWORK: 'No se puede conectar con el servicio del monedero.',
  ERR_CREATE: 'No se ha podido crear la solicitud.',
  open: 'Abrir en el monedero',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado.',
  copyFailed: 'No se ha podido copiar el enlace.',
  showQr: 'Mostrar el código QR',
  qr: 'Código QR de la solicitud de firma',
  expires: 'Caduca en {0}',
  soon: 'Queda menos de un minuto.',
  last: 'Quedan menos de 10 segundos.',
  reconnecting: 'Reconectando…',
  retry: 'Reintentar',
  renew: 'Nueva solicitud',
  cancel: 'Cancelar',
  close: 'Cerrar',
  signIn: 'Iniciar sesión',
  signingIn: 'Iniciando sesión…',
  signOut: 'Cerrar sesión',
  signInFailed: 'No se ha podido iniciar sesión.',
}
export default es
