/**
 * HTML that is already safe to put in a page: built by {@link html} (every interpolated value
 * escaped) or produced by a render function. Plain strings are never trusted.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Escapes a value for HTML text and for quoted attribute values. `null` and `undefined` become
 * the empty string; anything else goes through `String()`. User data on the pages (instructions,
 * names, custom_meta, transaction fields) can contain markup, so every value goes through this.
 */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return ''
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}

/** What {@link html} accepts between `${}`: arrays are joined, `false`/null/undefined vanish. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | HtmlValue[]

function interpolate(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(interpolate).join('')
  if (value === false || value === null || value === undefined) return ''
  return escapeHtml(value)
}

/**
 * Tagged template that escapes every interpolated value unless it is {@link SafeHtml}, so a page
 * cannot forget to escape: `html\`<td>${name}</td>\``.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? ''
  for (let i = 0; i < values.length; i++) {
    out += interpolate(values[i] as HtmlValue) + (strings[i + 1] ?? '')
  }
  return new SafeHtml(out)
}

/**
 * JSON for an inline `<script type="application/json">` block: `<`, `>`, `&` and the JavaScript
 * line separators are written as `\u` escapes, so no string value can close the script element
 * (`</script>`) or open a comment, and `JSON.parse` still reads the same data.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value) ?? 'null'
  return new SafeHtml(
    json.replace(
      /[<>&\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ),
  )
}
