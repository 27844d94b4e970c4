import { createHash, randomUUID } from 'node:crypto'

/**
 * The source text of a lower-case UUID pattern, unanchored: what {@link UUID} is built from, and
 * what a pattern that finds a UUID inside a longer text (a path, the page scripts) is built from.
 *
 * @example
 * ```ts
 * const anywhere = new RegExp(UUID_SOURCE, 'gi')
 * ```
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * A lower-case UUID, as the platform issues them (payloads, applications, users, secrets); every
 * input that names one is checked against this one pattern.
 *
 * @example
 * ```ts
 * UUID.test(newUuid()) // true
 * ```
 */
export const UUID = new RegExp(`^${UUID_SOURCE}$`)

/**
 * A new random lower-case UUID v4 (payloads, tokens, OTTs, references), as one flat string.
 *
 * @example
 * ```ts
 * newUuid() // 'c7a3...-....-4...-....-............'
 * ```
 */
export function newUuid(): string {
  const uuid = randomUUID()
  // node builds the text from 20 concatenated pieces, which V8 keeps as a tree of 14 strings
  // (480 bytes) until something reads a character. A stored payload keeps its uuid for life, so
  // it is read here once: V8 flattens it, and the garbage collector drops the tree (56 bytes
  // left). That was two fifths of a stored payload's bytes and half its objects.
  uuid.charCodeAt(0)
  return uuid
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
