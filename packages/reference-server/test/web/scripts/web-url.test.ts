import { describe, expect, it } from 'vitest'
import { isWebUrl } from '../../../src/web/scripts/web-url'

describe('links a page follows', () => {
  it.each(['https://shop.test/done', 'http://127.0.0.1:8080/x', 'HTTPS://SHOP.TEST/'])(
    '%s is followed',
    (url) => expect(isWebUrl(url)).toBe(true),
  )
  it.each(['javascript:alert(1)', 'data:text/html,x', '//shop.test', 'shop.test', '', null, 42])(
    '%j is not',
    (url) => expect(isWebUrl(url)).toBe(false),
  )
})
