/**
 * The dotted field name of a schema issue path (`options.signers.2`), so errors name the field.
 *
 * @example
 * ```ts
 * issuePath(['options', 'signers', 2]) // 'options.signers.2'
 * issuePath([]) // 'body'
 * ```
 */
export function issuePath(path: readonly PropertyKey[], root = 'body'): string {
  if (path.length === 0) return root
  return path.map((part) => String(part)).join('.')
}
