/** What a secret becomes in a log line. */
export const REDACTED = '[REDACTED]'

// Names whose values are credentials wherever they appear: API secrets, user tokens, one-time
// tokens, OAuth codes and verifiers, JWTs, seeds and keys (docs/protocol.md §1, §6, §7).
const SECRET_NAME =
  /secret|token|^ott$|^code$|code_verifier|password|^jwt$|authorization|seed|private|^xAppToken$/i

// A one-time token travels in the path of `xapp/ott/{ott}` (docs/protocol.md §7.3).
const OTT_PATH = /(\/xapp\/ott\/)[^/?#]+/

const isSecretName = (name: string) => SECRET_NAME.test(name)

/**
 * A request path with its query as a log line shows it: the OTT of `xapp/ott/{ott}` and the
 * value of every secret-named query parameter replaced by `[REDACTED]`.
 *
 * @example
 * ```ts
 * redactedPath(new URL('http://h/oauth/token?code=abc&state=1')) // '/oauth/token?code=[REDACTED]&state=1'
 * ```
 */
export function redactedPath(url: URL): string {
  const path = url.pathname.replace(OTT_PATH, `$1${REDACTED}`)
  if (!url.search) return path
  const query = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? ''
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A bad escape is kept as written; it only names the parameter.
      }
      return pair.includes('=') && isSecretName(decoded) ? `${name}=${REDACTED}` : pair
    })
  return `${path}?${query.join('&')}`
}

const redactValue = (value: unknown, name: string): unknown => {
  if (typeof value === 'string') return isSecretName(name) ? REDACTED : value
  if (Array.isArray(value)) return value.map((item) => redactValue(item, name))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, redactValue(inner, key)]),
    )
  }
  return value
}

/**
 * A body as a verbose log line shows it: JSON and form bodies with every secret-named string
 * value replaced by `[REDACTED]` (at any depth), Bearer tokens in any text redacted, anything
 * else named by its type and size.
 *
 * @example
 * ```ts
 * redactedBody('{"apiSecret":"abc","name":"Shop"}', 'application/json') // '{"apiSecret":"[REDACTED]","name":"Shop"}'
 * ```
 */
export function redactedBody(text: string, contentType: string | null): string {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text), ''))
    } catch {
      // Not JSON after all: shown as text below.
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text)
    for (const [name] of form) if (isSecretName(name)) form.set(name, REDACTED)
    return form.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED)
  }
  if (type === '' || type.startsWith('text/plain') || type === 'application/json') {
    return text.replace(/(Bearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`)
  }
  return `<${type}, ${new TextEncoder().encode(text).length} bytes>`
}
