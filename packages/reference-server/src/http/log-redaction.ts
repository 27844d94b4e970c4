import { inspect } from 'node:util'
import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec'

/** What a secret becomes in a log line. */
export const REDACTED = '[REDACTED]'

// Names whose values are credentials wherever they appear: API secrets, user tokens, one-time
// tokens, OAuth codes, verifiers and sign-in sessions, JWTs, seeds and keys (docs/protocol.md
// §1, §6, §7, §7.3).
const SECRET_NAME =
  /secret|token|^ott$|^code$|code_verifier|^session$|password|^jwt$|authorization|seed|private|^xAppToken$/i

// Path positions that hold a credential (docs/protocol.md §7.3): the OTT of `xapp/ott/{ott}` and
// of the host simulator page, a user token in `user-token/{token}` and in the control API's
// `tokens/{token}/revoke`.
const SECRET_SEGMENT = /(\/(?:xapp\/ott|xapp-host|user-token|tokens)\/)[^/?#]+/g

// Anything JWT-shaped (a JWS header always starts `{"`, base64url `eyJ`), wherever it stands.
const JWT_SHAPED = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g

// `name=value` pairs of secret-named parameters in free text (a URL inside an error message).
const SECRET_PAIR =
  /([\w-]*(?:secret|token|ott|code|verifier|session|password|seed|jwt)[\w-]*=)[^&\s"'#]+/gi

// Deeper than this, a JSON body is shown as `[…]`: the log line is short, and no recursion runs out.
const MAX_DEPTH = 32

// A field of the XRP Ledger's binary format names public ledger data wherever it appears
// (`NFTokenSellOffer`, `NFTokenID`, `MPTokenIssuanceID`, `LPTokenOut`: ids and amounts that only
// share the word "token" with a credential); no credential is a ledger field.
const isLedgerField = (name: string) => DEFAULT_DEFINITIONS.field.fromString(name) !== undefined

const isSecretName = (name: string) => SECRET_NAME.test(name) && !isLedgerField(name)

/**
 * Free text as a log line or stderr may show it: JWT-shaped strings, credentials in their known
 * path positions, and the values of secret-named `name=value` pairs replaced by `[REDACTED]`.
 *
 * @example
 * ```ts
 * redactedText('Invalid URL: http://h/oauth/token?client_secret=abc') // 'Invalid URL: http://h/oauth/token?client_secret=[REDACTED]'
 * ```
 */
export function redactedText(text: string): string {
  return text
    .replace(JWT_SHAPED, REDACTED)
    .replace(SECRET_SEGMENT, `$1${REDACTED}`)
    .replace(SECRET_PAIR, (pair, name: string) =>
      isLedgerField(name.slice(0, -1)) ? pair : `${name}${REDACTED}`,
    )
}

/**
 * An error as stderr shows it: its inspected text (stack and fields) through {@link redactedText},
 * so a URL with `client_secret` in an error never reaches the terminal (docs/protocol.md §7.3).
 *
 * @example
 * ```ts
 * console.error('[pullsign-server] internal error:', redactedError(error))
 * ```
 */
export function redactedError(error: unknown): string {
  return redactedText(inspect(error))
}

/**
 * A request path with its query as a log line shows it: credentials in their known path
 * positions, anything JWT-shaped, and the value of every secret-named query parameter replaced
 * by `[REDACTED]`.
 *
 * @example
 * ```ts
 * redactedPath(new URL('http://h/oauth/token?code=abc&state=1')) // '/oauth/token?code=[REDACTED]&state=1'
 * ```
 */
export function redactedPath(url: URL): string {
  const path = url.pathname.replace(JWT_SHAPED, REDACTED).replace(SECRET_SEGMENT, `$1${REDACTED}`)
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
      return pair.includes('=') && isSecretName(decoded)
        ? `${name}=${REDACTED}`
        : pair.replace(JWT_SHAPED, REDACTED)
    })
  return `${path}?${query.join('&')}`
}

const redactValue = (value: unknown, name: string, depth: number): unknown => {
  if (typeof value === 'string') return isSecretName(name) ? REDACTED : redactedText(value)
  if (depth >= MAX_DEPTH && value !== null && typeof value === 'object') return '[…]'
  if (Array.isArray(value)) return value.map((item) => redactValue(item, name, depth + 1))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, redactValue(inner, key, depth + 1)]),
    )
  }
  return value
}

// JSON.parse itself recurses: a body nested deeper than this is not parsed for the log at all.
const tooDeep = (text: string) => {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 91 || c === 123) depth++
    else if (c === 93 || c === 125) depth--
    if (depth > 1000) return true
  }
  return false
}

const asJson = (text: string): unknown => {
  const start = text.trimStart()[0]
  if ((start !== '{' && start !== '[') || tooDeep(text)) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A body as a verbose log line shows it, whatever its content type says (a JSON body sent by
 * `curl -d` is a form): JSON with every secret-named string value and anything JWT-shaped
 * replaced by `[REDACTED]` (nested deeper than 32 levels shown as `[…]`), forms with secret-named
 * values redacted, other text through {@link redactedText}, and anything else named by its type
 * and size.
 *
 * @example
 * ```ts
 * redactedBody('{"apiSecret":"abc","name":"Shop"}', 'application/json') // '{"apiSecret":"[REDACTED]","name":"Shop"}'
 * ```
 */
export function redactedBody(text: string, contentType: string | null): string {
  const type = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  const json = asJson(text)
  if (json !== undefined) return JSON.stringify(redactValue(json, '', 0))
  if (tooDeep(text)) return `<${type || 'body'} nested too deep, ${text.length} characters>`
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text)
    for (const [name, value] of form) {
      form.set(name, isSecretName(name) ? REDACTED : redactedText(value))
    }
    return form.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED)
  }
  if (
    type === '' ||
    type.startsWith('text/plain') ||
    type === 'application/json' ||
    type.endsWith('+json')
  ) {
    return redactedText(text).replace(/(Bearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`)
  }
  return `<${type}, ${new TextEncoder().encode(text).length} bytes>`
}
