import { expect, it, vi } from 'vitest'

it('importing pullsign under SSR (Node, no window) neither throws nor touches page globals', async () => {
  expect('window' in globalThis).toBe(false)
  // A fresh copy, evaluated now: the worker may have loaded the SDK for an earlier file.
  vi.resetModules()
  const sdk = await import('pullsign')
  expect('window' in globalThis || 'localStorage' in globalThis).toBe(false)
  // Without a secret or openUrl, a Node client is a backend without its secret: no sign-in.
  const client = new sdk.PullSign({ apiKey: '00000000-0000-4000-8000-0000000000aa' })
  expect(client.runtime).toBe('backend')
  expect('authorize' in client).toBe(false)
  await expect(client.ping()).rejects.toMatchObject({ code: 'ERR_CONFIG' })
})
