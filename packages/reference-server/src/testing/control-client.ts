import { CONTROL_API_PATH } from '../control-api-types'

/** One JSON call on the control API of a reference server (docs/protocol.md §10). */
export type ControlCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>

const errorText = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => '')
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } }
    if (typeof parsed.error?.message === 'string') return parsed.error.message
  } catch {
    // Not the §1 envelope: say only the status.
  }
  return response.statusText
}

/**
 * Calls the control API under `{api}/__ref` with a timeout per call; a refusal is an Error that
 * says which call and why (`[POST /__ref/users] 400: accounts must be …`).
 */
export function controlClient(
  api: string,
  options: { fetch: typeof fetch; timeoutMs: number },
): ControlCall {
  return async (method, path, body) => {
    const response = await options.fetch(`${api}${CONTROL_API_PATH}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    if (!response.ok) {
      throw new Error(
        `[${method} ${CONTROL_API_PATH}${path}] ${response.status}: ${await errorText(response)}`,
      )
    }
    return response.json()
  }
}
