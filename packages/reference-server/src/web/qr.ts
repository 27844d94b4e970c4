import { create, toBuffer } from 'qrcode'

/** The quality letters of `refs.qr_uri_quality_opts` (docs/protocol.md §3.2). */
export type QrQuality = 'm' | 'q' | 'h'

const LEVEL = { m: 'M', q: 'Q', h: 'H' } as const

/**
 * A QR code of `text` as PNG bytes, at the error-correction level named by `quality`
 * (`refs.qr_png`, docs/protocol.md §3.2).
 */
export async function qrPng(text: string, quality: QrQuality): Promise<Uint8Array<ArrayBuffer>> {
  const png = await toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: LEVEL[quality],
    margin: 4,
    scale: 8,
  })
  return new Uint8Array(png)
}

/**
 * The same QR code as rows of booleans, `true` for a dark module, without the quiet zone
 * (`refs.qr_matrix`, docs/protocol.md §3.2).
 */
export function qrMatrix(text: string, quality: QrQuality): boolean[][] {
  const { modules } = create(text, { errorCorrectionLevel: LEVEL[quality] })
  const rows: boolean[][] = []
  for (let row = 0; row < modules.size; row++) {
    const cells: boolean[] = []
    for (let col = 0; col < modules.size; col++) cells.push(modules.get(row, col) === 1)
    rows.push(cells)
  }
  return rows
}
