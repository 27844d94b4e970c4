// qrcode loads on the first QR asked for: a server that never serves one never pays its import.
const qrcode = () => import('qrcode')

/** The quality letters of `refs.qr_uri_quality_opts` (docs/protocol.md §3.2). */
export type QrQuality = 'm' | 'q' | 'h'

const LEVEL = { m: 'M', q: 'Q', h: 'H' } as const

/**
 * A QR code of `text` as PNG bytes, at the error-correction level named by `quality`
 * (`refs.qr_png`, docs/protocol.md §3.2).
 */
export async function qrPng(text: string, quality: QrQuality): Promise<Uint8Array<ArrayBuffer>> {
  const { toBuffer } = await qrcode()
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
export async function qrMatrix(text: string, quality: QrQuality): Promise<boolean[][]> {
  const { create } = await qrcode()
  const { modules } = create(text, { errorCorrectionLevel: LEVEL[quality] })
  const rows: boolean[][] = []
  for (let row = 0; row < modules.size; row++) {
    const cells: boolean[] = []
    for (let col = 0; col < modules.size; col++) cells.push(modules.get(row, col) === 1)
    rows.push(cells)
  }
  return rows
}
