import { expect, test } from 'vitest'

// A server render, a worker, Node: none has a page. Importing the UI kit and making its stores
// (not listening to them) must not even look for one.
const PAGE_GLOBALS = ['window', 'document', 'customElements', 'location', 'HTMLElement']

test('importing pullsign/ui and pullsign/react in Node, and making stores, touches no page global', async () => {
  const touched: string[] = []
  for (const name of PAGE_GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name)
        return undefined
      },
    })
  }
  try {
    const ui = await import('pullsign/ui')
    const react = await import('pullsign/react')
    expect(Object.keys(react).sort()).toEqual([
      'usePayload',
      'useSession',
      'useSignRequest',
      'useXapp',
    ])
    const request = ui.createSignRequest({ payload: crypto.randomUUID() })
    ui.createCountdown(request).getSnapshot()
    ui.createSession(null).getSnapshot()
    ui.createXapp(null).getSnapshot()
    expect(request.getSnapshot().status).toBe('waiting')
  } finally {
    for (const name of PAGE_GLOBALS) delete (globalThis as Record<string, unknown>)[name]
  }
  expect(touched).toEqual([])
})
