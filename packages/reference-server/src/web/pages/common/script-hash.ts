import { createHash } from 'node:crypto'

/**
 * The CSP source that lets one inline script run: its SHA-256 hash.
 *
 * @example
 * ```ts
 * const policy = `script-src ${scriptHash(MY_PAGE_SCRIPT)}`
 * ```
 */
export const scriptHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
