import { requireUuid } from '../../core/input'
import { XAPP_STYLES, type XappStyle } from '../../wire/xapp'

/**
 * What the wallet put in the xApp's URL (docs/protocol.md §7.2): the one-time token
 * `xAppToken` (null when absent or not a UUID, so the page is no xApp) and `xAppStyle` (light when
 * missing or unknown).
 *
 * @example
 * ```ts
 * const { ott, style } = readXappLaunch(location.href)
 * if (ott) console.log('opened in the wallet, style', style)
 * ```
 */
export function readXappLaunch(href: string): { ott: string | null; style: XappStyle } {
  let ott: string | null = null
  let style: string | undefined
  try {
    const params = new URL(href).searchParams
    style = params.get('xAppStyle')?.toUpperCase()
    ott = requireUuid(params.get('xAppToken'), 'xAppToken')
  } catch {}
  return { ott, style: XAPP_STYLES.includes(style as XappStyle) ? (style as XappStyle) : 'LIGHT' }
}
