/** What the control API (docs/protocol.md §10) answered: the status and the JSON body, if any. */
export interface ControlAnswer {
  ok: boolean
  status: number
  json: unknown
}

/**
 * The text of a refusal: the API's own message and code (`… (code 600)`), or the HTTP status
 * when the body carries none.
 */
export function controlErrorText(status: number, json: unknown): string {
  const error = (json as { error?: { message?: unknown; code?: unknown } } | null)?.error
  return typeof error?.message === 'string' && error.message
    ? `${error.message} (code ${String(error.code)})`
    : `HTTP ${status}`
}

/**
 * Sends `body` as JSON to `/__ref/{path}` on this server (POST, or PATCH for a change); an answer
 * that is not JSON reads as null.
 */
export async function postControl(
  path: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<ControlAnswer> {
  const res = await fetch(`/__ref/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json().catch(() => null)
  return { ok: res.ok, status: res.status, json }
}

/** {@link postControl}, resolving to the JSON of a success and rejecting with the refusal's text. */
export async function postControlOrThrow(
  path: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<unknown> {
  const answer = await postControl(path, body, method)
  if (!answer.ok) throw new Error(controlErrorText(answer.status, answer.json))
  return answer.json
}
