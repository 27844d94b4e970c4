import { createBrowserClient, PullSign, PullSignError } from 'pullsign'
import { expect, test } from 'vitest'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

test('in a real browser a secret is refused with a clear error that does not contain it', () => {
  let error: unknown
  try {
    new PullSign({ apiKey, apiSecret })
  } catch (err) {
    error = err
  }
  expect(error).toBeInstanceOf(PullSignError)
  expect(error).toMatchObject({ code: 'ERR_CONFIG' })
  expect(String((error as Error).message)).toContain(
    'must not be given to a client in a browser: keep it on a backend',
  )
  expect(JSON.stringify(error)).not.toContain(apiSecret)
})

test('in a real browser a key-only client signs people in, and calls before sign-in reject instead of sending', async () => {
  const client = new PullSign({ apiKey })
  expect(client.apiKey).toBe(apiKey)
  await expect(client.ping()).rejects.toMatchObject({
    code: 'ERR_SIGN_IN',
    reason: 'not-signed-in',
  })
})

test('in a real browser createBrowserClient refuses an apiSecret naming the field, and makes a browser client', () => {
  let error: unknown
  try {
    createBrowserClient({ apiKey, apiSecret } as never)
  } catch (err) {
    error = err
  }
  expect(error).toBeInstanceOf(PullSignError)
  expect(error).toMatchObject({
    code: 'ERR_CONFIG',
    message: expect.stringContaining('apiSecret must not be given to createBrowserClient'),
  })
  expect(JSON.stringify(error)).not.toContain(apiSecret)
  const client = createBrowserClient({ apiKey })
  expect(client.runtime).toBe('browser')
  expect(new PullSign({ apiKey }).runtime).toBe('browser')
})
