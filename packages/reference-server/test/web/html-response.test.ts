import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { htmlResponse, PAGE_CONTENT_SECURITY_POLICY } from '../../src/http/html-response'
import {
  DASHBOARD_SCRIPT,
  OAUTH_REFUSAL_SCRIPT,
  OAUTH_RETURN_SCRIPT,
  SIGN_PAGE_SCRIPT,
} from '../../src/web/page-scripts.gen'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

describe('htmlResponse', () => {
  it('is UTF-8 HTML, never cached, with the pages’ security policy', async () => {
    const res = htmlResponse('<p>hi</p>', 404)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY)
    expect(await res.text()).toBe('<p>hi</p>')
  })

  it('allows exactly the pages’ own scripts, by hash, and no framing', () => {
    const scripts = /script-src ([^;]+)/.exec(PAGE_CONTENT_SECURITY_POLICY)?.[1]?.split(' ')
    expect(scripts).toEqual([
      `'sha256-${sha256(SIGN_PAGE_SCRIPT.source)}'`,
      `'sha256-${sha256(DASHBOARD_SCRIPT.source)}'`,
      `'sha256-${sha256(OAUTH_RETURN_SCRIPT.source)}'`,
      `'sha256-${sha256(OAUTH_REFUSAL_SCRIPT.source)}'`,
    ])
    expect(PAGE_CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
    expect(PAGE_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(PAGE_CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
  })
})
