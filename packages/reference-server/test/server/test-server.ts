import { API_PATHS } from 'pullsign/wire'
import { CONTROL_API_PATH } from '../../src/control-api-types'
import { createReferenceServer, type ReferenceServerOptions } from '../../src/index'
import { createClock } from '../../src/platform/clock'

/** What a test needs from a reference server started on port 0. */
export type TestServer = Awaited<ReturnType<typeof startTestServer>>

/**
 * Starts a reference server on a free port with the demo fixtures and manual ledger closes, and
 * returns raw-HTTP helpers (no SDK): `api` for key+secret routes, `control` for §10.
 */
export async function startTestServer(options: ReferenceServerOptions = {}) {
  const server = createReferenceServer({
    ledgerCloseMs: false,
    clock: createClock({ manual: true }),
    ...options,
  })
  const endpoints = await server.listen(0)
  const app = server.platform.applications.list()[0]
  const [alice, bob] = server.platform.users.list()
  if (!app || !alice || !bob)
    throw new Error('the demo fixtures should hold an application and two users')
  const auth = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }

  /** A key+secret call to `{api}/api/v1/platform/{path}` with the demo application. */
  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, headers, ...rest } = init
    return fetch(`${endpoints.api}${API_PATHS.platform}/${path}`, {
      ...rest,
      ...(json === undefined ? {} : { body: JSON.stringify(json), method: rest.method ?? 'POST' }),
      headers: { ...auth, 'content-type': 'application/json', ...headers },
    })
  }

  /** A control API call to `{api}/__ref/{path}`; a body makes it a POST. */
  const control = (path: string, json?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${endpoints.api}${CONTROL_API_PATH}/${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    })

  /** Creates a payload through the API and returns the §3.2 body. */
  const createPayload = async (body: unknown = { txjson: { TransactionType: 'SignIn' } }) => {
    const res = await api('payload', { json: body })
    const created = (await res.json()) as {
      uuid: string
      next: { always: string; no_push_msg_received?: string }
      refs: { qr_png: string; qr_matrix: string; websocket_status: string }
      pushed: boolean
    }
    if (res.status !== 200)
      throw new Error(`payload create answered ${res.status}: ${JSON.stringify(created)}`)
    return created
  }

  return {
    server,
    endpoints,
    app,
    alice,
    bob,
    auth,
    api,
    control,
    createPayload,
    close: () => server.close(),
  }
}

/** Reads a 200 JSON answer, failing with the status and body otherwise. */
export async function okJson(res: Response) {
  const text = await res.text()
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${text.slice(0, 400)}`)
  // biome-ignore lint/suspicious/noExplicitAny: a test reads deep wire fields; a wrong one fails the assertion
  return JSON.parse(text) as Record<string, any>
}

/** Reads a §1 error answer and returns its parts, failing with the whole body when it is not one. */
export async function errorOf(
  res: Response,
): Promise<{ status: number; code: number; message: string; reference: string }> {
  const text = await res.text()
  let body: { error?: { code?: unknown; message?: unknown; reference?: unknown } }
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`expected a JSON error body, got ${res.status}: ${text.slice(0, 300)}`)
  }
  const { error } = body
  if (
    typeof error?.code !== 'number' ||
    typeof error.message !== 'string' ||
    typeof error.reference !== 'string'
  ) {
    throw new Error(
      `expected {error: {reference, code, message}}, got ${res.status}: ${text.slice(0, 300)}`,
    )
  }
  return {
    status: res.status,
    code: error.code,
    message: error.message,
    reference: error.reference,
  }
}
