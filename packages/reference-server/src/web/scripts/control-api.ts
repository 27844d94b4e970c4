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

/** How the pages call the control API: POST with a JSON body, PATCH for a change, or DELETE. */
export type ControlMethod = 'POST' | 'PATCH' | 'DELETE'

/** Sends `body` as JSON to `/__ref/{path}` on this server; a body that is not JSON reads as null. */
async function requestControl(
  method: ControlMethod,
  path: string,
  body: unknown,
): Promise<ControlAnswer> {
  const res = await fetch(`/__ref/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'DELETE' ? {} : { body: JSON.stringify(body) }),
  })
  const json: unknown = await res.json().catch(() => null)
  return { ok: res.ok, status: res.status, json }
}

/** POSTs (or PATCHes) `body` as JSON to `/__ref/{path}`; a body that is not JSON reads as null. */
export const postControl = (
  path: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<ControlAnswer> => requestControl(method, path, body)

/** A control API call resolving to the JSON of a success and rejecting with the refusal's text. */
export async function controlOrThrow(
  path: string,
  body: unknown,
  method: ControlMethod = 'POST',
): Promise<unknown> {
  const answer = await requestControl(method, path, body)
  if (!answer.ok) throw new Error(controlErrorText(answer.status, answer.json))
  return answer.json
}

/** {@link postControl}, resolving to the JSON of a success and rejecting with the refusal's text. */
export const postControlOrThrow = (path: string, body: unknown): Promise<unknown> =>
  controlOrThrow(path, body)
