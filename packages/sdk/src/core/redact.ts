/**
 * What a redacted value becomes in messages, logs and `toJSON`.
 *
 * @example
 * ```ts
 * message.includes(REDACTED)
 * ```
 */
export const REDACTED = '[REDACTED]'

/**
 * Replaces every occurrence of each secret (API secret, tokens, OTTs) and every Bearer token in a
 * text by `[REDACTED]`, so errors and logs never leak credentials.
 *
 * @example
 * ```ts
 * redact('bad secret 1234-abcd', ['1234-abcd']) // 'bad secret [REDACTED]'
 * ```
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(/(Bearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`)
  for (const secret of secrets) {
    // Short values would redact ordinary words; every credential we hold is far longer.
    if (secret && secret.length >= 8) out = out.split(secret).join(REDACTED)
  }
  return out
}
