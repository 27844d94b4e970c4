import { createHash, randomUUID } from 'node:crypto'

/**
 * A new random lower-case UUID v4 (payloads, tokens, OTTs, references).
 *
 * @example
 * ```ts
 * newUuid() // 'c7a3...-....-4...-....-............'
 * ```
 */
export function newUuid(): string {
  return randomUUID()
}

/**
 * A lower-case UUID v4 derived from `text`, so fixtures get the same ids on every start.
 *
 * @example
 * ```ts
 * stableUuid('application:Demo shop') === stableUuid('application:Demo shop') // true
 * ```
 */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(`pullsign-reference:${text}`).digest('hex')
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-')
}
