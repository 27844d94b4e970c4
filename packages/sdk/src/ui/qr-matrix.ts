/**
 * Reads a QR code's module matrix (`refs.qr_matrix`, docs/protocol.md §3.2): a square JSON array
 * of boolean rows, 21 + 4k modules per side (QR versions 1 to 40). Anything else is `null`, so the
 * caller shows `refs.qr_png` instead.
 *
 * @example
 * ```ts
 * const matrix = readQrMatrix(await (await fetch(refs.qr_matrix)).json())
 * ```
 */
export function readQrMatrix(value: unknown): boolean[][] | null {
  if (!Array.isArray(value)) return null
  const size = value.length
  if (size < 21 || size > 177 || (size - 21) % 4 !== 0) return null
  for (const row of value) {
    if (
      !Array.isArray(row) ||
      row.length !== size ||
      !row.every((cell) => typeof cell === 'boolean')
    )
      return null
  }
  return value as boolean[][]
}
