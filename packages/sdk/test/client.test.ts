import { inspect } from 'node:util'
import { createBackendClient, createNativeClient, PullSign, PullSignError } from 'pullsign'
import { PRODUCTION_ENDPOINTS } from 'pullsign/wire'
import { afterEach, describe, expect, test, vi } from 'vitest'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

afterEach(() => {
  vi.unstubAllEnvs()
})

/** Runs `fn` while globalThis looks like a web page (window + document, no Node process). */
function inBrowser<T>(fn: () => T): T {
  const g = globalThis as Record<string, unknown>
  const saved = { process: g.process, window: g.window, document: g.document }
  g.window = {}
  g.document = {}
  g.process = undefined
  try {
    return fn()
  } finally {
    g.process = saved.process
    g.window = saved.window
    g.document = saved.document
    if (saved.window === undefined) delete g.window
    if (saved.document === undefined) delete g.document
  }
}

const configError = (fn: () => unknown): PullSignError => {
  try {
    fn()
  } catch (err) {
    if (err instanceof PullSignError) return err
    throw err
  }
  throw new Error('expected a PullSignError')
}

describe('construction', () => {
  test('options object, positional (key, secret) and env fallbacks give the same client', () => {
    const a = new PullSign({ apiKey, apiSecret })
    const b = new PullSign(apiKey, apiSecret)
    vi.stubEnv('PULLSIGN_API_KEY', apiKey)
    vi.stubEnv('PULLSIGN_API_SECRET', apiSecret)
    const c = new PullSign()
    for (const client of [a, b, c]) {
      expect(client.apiKey).toBe(apiKey)
      expect(client.endpoints).toEqual(PRODUCTION_ENDPOINTS)
    }
  })

  test('new PullSign hands back the plain client its factory makes; instanceof PullSign holds for every runtime', async () => {
    const made = new PullSign(apiKey, apiSecret)
    const fromFactory = createBackendClient({ apiKey, apiSecret })
    // the same members, as own properties of a plain object: a spread or a log shows them all
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype)
    expect(Object.keys(made)).toEqual(Object.keys(fromFactory))
    const native = createNativeClient({ apiKey, redirectUrl: 'myapp://signin', openUrl: () => {} })
    for (const client of [made, fromFactory, native]) expect(client).toBeInstanceOf(PullSign)
    for (const other of [{}, null, undefined, 'backend', { runtime: 'server' }, PullSign]) {
      expect(other instanceof PullSign, String(other)).toBe(false)
    }
    await Promise.all([made, fromFactory, native].map((client) => client.close()))
  })

  test('explicit options win over the environment', () => {
    vi.stubEnv('PULLSIGN_API_KEY', '11111111-1111-4111-8111-111111111111')
    expect(new PullSign({ apiKey, apiSecret }).apiKey).toBe(apiKey)
  })

  test.each([
    [{}, 'apiKey is missing: pass it, or set PULLSIGN_API_KEY'],
    [{ apiKey: 'nope' }, 'apiKey must be a lower-case UUID'],
    [{ apiKey, apiSecret: 'not-a-uuid-but-secret' }, 'apiSecret must be a lower-case UUID'],
    [{ apiKey, endpoints: { api: 'ftp://x' } }, 'endpoints.api must be an http(s) URL'],
    [{ apiKey, timeoutMs: 0 }, 'timeoutMs must be a positive number'],
  ])('%j is refused: %s', (options, message) => {
    vi.stubEnv('PULLSIGN_API_KEY', '')
    vi.stubEnv('PULLSIGN_API_SECRET', '')
    const error = configError(() => new PullSign(options))
    expect(error.code).toBe('ERR_CONFIG')
    expect(error.message).toContain(message)
  })

  test('a bad secret never appears in the error', () => {
    const secret = 'Super-Secret-Value-123456'
    const error = configError(() => new PullSign({ apiKey, apiSecret: secret }))
    expect(`${error.message} ${JSON.stringify(error)} ${inspect(error)}`).not.toContain(secret)
  })

  test('endpoints merge over production and lose a trailing slash', () => {
    const client = new PullSign({ apiKey, endpoints: { api: 'http://127.0.0.1:9/' } })
    expect(client.endpoints).toEqual({ ...PRODUCTION_ENDPOINTS, api: 'http://127.0.0.1:9' })
  })

  test('a secret in a browser is refused with a clear error; a key alone is fine there', async () => {
    const error = inBrowser(() => configError(() => new PullSign({ apiKey, apiSecret })))
    expect(error.code).toBe('ERR_CONFIG')
    expect(error.message).toContain(
      'must not be given to a client in a browser: keep it on a backend',
    )
    expect(error.message).not.toContain(apiSecret)
    const client = inBrowser(() => new PullSign({ apiKey }))
    expect(client.apiKey).toBe(apiKey)
    expect(client.runtime).toBe('browser')
    // Its sign-in starts after the fake page is gone: it says so on `error`, nothing unhandled.
    if (client.runtime === 'browser') {
      // The page it needs is gone, and `error` says why (no `window`), instead of a rejection.
      const error = await new Promise((resolve) => client.on('error', resolve))
      expect(error).toBeInstanceOf(ReferenceError)
      expect((error as Error).message).toBe('window is not defined')
    }
  })

  test('without a secret, backend calls reject with ERR_CONFIG (never resolve null)', async () => {
    vi.stubEnv('PULLSIGN_API_SECRET', '')
    const client = createBackendClient({ apiKey })
    await expect(client.ping()).rejects.toMatchObject({
      code: 'ERR_CONFIG',
      message: expect.stringContaining('needs apiSecret'),
    })
    await expect(client.verifyUserToken(apiSecret)).rejects.not.toHaveProperty(
      'message',
      expect.stringContaining(apiSecret),
    )
  })
})
