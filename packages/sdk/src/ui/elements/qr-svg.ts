import { h, svg } from './dom'

/**
 * A QR code as an inline SVG: one `<path>` of each row's runs of dark modules (crisp at any
 * size), a quiet zone of 4 modules around, and a label so it is an image with a name. Black on
 * white whatever the theme (`part="qr"`).
 */
export function qrSvg(rows: readonly (readonly boolean[])[], label: string): SVGElement {
  let path = ''
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue
      let end = x
      while (row[end]) end++
      path += `M${x + 4} ${y + 4}h${end - x}v1h${x - end}z`
      x = end
    }
  })
  const size = rows.length + 8
  return svg(
    'svg',
    {
      part: 'qr',
      role: 'img',
      'aria-label': label,
      viewBox: `0 0 ${size} ${size}`,
      'shape-rendering': 'crispEdges',
    },
    svg('path', { d: path, fill: 'currentColor' }),
  )
}

/**
 * The QR code the panel and `<pullsign-qr>` show: the SVG drawn from its modules, else the
 * image at `png` (already checked by the link rule), else nothing.
 */
export const qrCode = (
  rows: readonly (readonly boolean[])[] | null,
  png: string | null,
  label: string,
): Node | string =>
  rows ? qrSvg(rows, label) : png ? h('img', { part: 'qr', src: png, alt: label }) : ''
