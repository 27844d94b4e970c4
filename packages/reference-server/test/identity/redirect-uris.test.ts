import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isWhitelisted } from '../../src/identity/redirect-uris'

describe('redirect_uri whitelist rules (docs/protocol.md §7.1)', () => {
  it.each([
    ['https://shop.example/cb', 'https://shop.example/cb', true],
    ['https://shop.example/cb', 'https://shop.example/cb/', true],
    ['https://shop.example/cb', 'https://shop.example/cb?x=1#y', true],
    ['https://shop.example/cb/', 'https://shop.example/cb/deeper', true],
    ['https://shop.example', 'https://shop.example/anything', true],
    ['https://SHOP.example/cb', 'https://shop.EXAMPLE/cb', true],
    ['https://shop.example/cb', 'https://shop.example/cbx', false],
    ['https://shop.example/cb', 'https://shop.example/c', false],
    ['https://shop.example/cb', 'http://shop.example/cb', false],
    ['https://shop.example/cb', 'https://shop.example:8443/cb', false],
    ['https://shop.example/cb', 'https://shop.example.evil/cb', false],
    ['https://shop.example/cb', 'https://evil.example/cb?https://shop.example/cb', false],
    ['https://*.shop.example/cb', 'https://eu.shop.example/cb', true],
    ['https://*.shop.example/cb', 'https://a.b.shop.example/cb', true],
    ['https://*.shop.example/cb', 'https://shop.example/cb', false],
    ['https://*.shop.example/cb', 'https://evilshop.example/cb', false],
    ['myapp://signin', 'myapp://signin', true],
    ['myapp://signin', 'myapp://signin/done?x', true],
    ['myapp://signin', 'otherapp://signin', false],
    ['https://shop.example/cb', 'javascript:alert(1)', false],
  ])('%s allows %s: %s', (entry, candidate, allowed) => {
    expect(isWhitelisted([entry], candidate)).toBe(allowed)
  })

  it('never allows another origin or a path outside the entry, whatever the URL', () => {
    // Hosts near the entries (suffixes, prefixes, ports) and paths near theirs, from a small
    // alphabet so that near misses are frequent.
    const label = fc.string({
      unit: fc.constantFrom('a', 'b', 'cb', 'shop', 'apps', 'example', '-', '0'),
      minLength: 1,
      maxLength: 4,
    })
    const host = fc.oneof(
      fc.constantFrom('shop.example', 'eu.apps.example', 'apps.example', 'shop.example.evil'),
      fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')),
      label.map((l) => `${l}.apps.example`),
      label.map((l) => `shop.example${l}`),
    )
    const path = fc.array(label, { maxLength: 3 }).map((parts) => `/${parts.join('/')}`)
    const url = fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'myapp://'),
        host,
        fc.constantFrom('', ':443', ':8443'),
        fc.oneof(fc.constantFrom('/cb', '/cb/', '/cbx', '/c'), path),
        fc.constantFrom('', '?x=1', '#f'),
      )
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(url, (candidate) => {
        if (!isWhitelisted(['https://shop.example/cb', 'https://*.apps.example'], candidate)) return
        const { origin, pathname } = new URL(candidate)
        const exact = origin === 'https://shop.example' && /^\/cb(\/|$)/.test(pathname)
        expect(exact || /^https:\/\/[^/]+\.apps\.example$/.test(origin), candidate).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
