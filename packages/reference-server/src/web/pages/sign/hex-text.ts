/**
 * Hex fields a person wants as UTF-8 text (memos, domains): the text when the hex decodes as
 * UTF-8, else the value unchanged; null for an empty or missing value.
 *
 * @example
 * ```ts
 * hexText('6578616d706c652e636f6d') // 'example.com'
 * ```
 */
export function hexText(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return null
  if (!/^([0-9a-fA-F]{2})+$/.test(value)) return value
  const bytes = Uint8Array.from(value.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return value
  }
}
