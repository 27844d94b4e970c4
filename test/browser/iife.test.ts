import { expect, test } from 'vitest'
import iifeUrl from '../../packages/sdk/dist/pullsign.iife.js?url'

declare global {
  interface Window {
    PullSign?: typeof import('pullsign').PullSign & typeof import('pullsign')
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`could not load ${src}`))
    document.head.append(script)
  })
}

test('the script-tag build defines window.PullSign, a client class that can be constructed', async () => {
  expect(window.PullSign).toBeUndefined()
  await loadScript(iifeUrl)
  const PullSign = window.PullSign
  if (!PullSign) throw new Error('window.PullSign is not defined after loading the IIFE')
  const client = new PullSign({ apiKey: '00000000-0000-4000-8000-000000000000' })
  expect(client).toBeInstanceOf(PullSign)
  expect(() => new PullSign({ apiKey: 'nope' })).toThrow(PullSign.PullSignError)
})

test('the script-tag build exposes every name of the ESM entry, each under its own name', async () => {
  if (!window.PullSign) await loadScript(iifeUrl)
  const global = window.PullSign as unknown as Record<string, unknown> & { name: string }
  const esm = await import('pullsign')
  for (const name of Object.keys(esm)) {
    expect(typeof global[name], name).toBe(typeof (esm as Record<string, unknown>)[name])
    const value = global[name]
    if (typeof value === 'function') expect(value.name, `${name}.name`).toBe(name)
  }
  // `new PullSign` hands back the plain client its factory makes, and any runtime's client is
  // `instanceof PullSign`
  const PullSign = window.PullSign
  if (!PullSign) throw new Error('window.PullSign is not defined')
  const apiKey = '00000000-0000-4000-8000-000000000000'
  const client = new PullSign({ apiKey })
  expect(Object.getPrototypeOf(client)).toBe(Object.prototype)
  expect(Object.keys(client)).toEqual(Object.keys(PullSign.createBrowserClient({ apiKey })))
  expect(PullSign.createXappClient({ apiKey })).toBeInstanceOf(PullSign)
  expect({ apiKey }).not.toBeInstanceOf(PullSign)
  expect(
    new PullSign.RateLimitError(
      {
        status: 429,
        errorCode: 429,
        reference: null,
        serverMessage: null,
        method: 'GET',
        path: '/',
      },
      1,
    ).name,
  ).toBe('RateLimitError')
})
