import { expect, test } from 'vitest'

// A server render, a worker, Node: none has a page. Importing the UI kit and making its stores
// (not listening to them) must not even look for one.
const PAGE_GLOBALS = ['window', 'document', 'customElements', 'location', 'HTMLElement']

test('importing pullsign/ui and pullsign/react in Node, making stores and extending an element class, touches no page global', async () => {
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
    // The element classes are there to extend, with no HTMLElement: it is looked up when one is made.
    class Checkout extends ui.PullSignRequestElement {}
    expect(Object.getPrototypeOf(Checkout)).toBe(ui.ELEMENTS['pullsign-request'])
  } finally {
    for (const name of PAGE_GLOBALS) delete (globalThis as Record<string, unknown>)[name]
  }
  expect(touched).toEqual([])
})

test('importing pullsign/ui/define where there are no custom elements (Node, a worker, SSR) throws nothing and registers nothing', async () => {
  expect(globalThis.customElements).toBeUndefined()
  await expect(import('pullsign/ui/define')).resolves.toBeDefined()
  // A registry given later (a page) gets every element, a name already taken left alone.
  const { defineElements, ELEMENTS } = await import('pullsign/ui')
  const defined = new Map<string, unknown>([['pullsign-qr', class Mine {}]])
  const registry = {
    get: (name: string) => defined.get(name),
    define: (name: string, element: unknown) => void defined.set(name, element),
  }
  defineElements(registry as unknown as CustomElementRegistry)
  expect([...defined.keys()].sort()).toEqual(Object.keys(ELEMENTS).sort())
  expect(defined.get('pullsign-qr')).not.toBe(ELEMENTS['pullsign-qr'])
  expect(defined.get('pullsign-request')).toBe(ELEMENTS['pullsign-request'])
})
