import { describe, expect, it } from 'vitest'
import {
  escapeHtml,
  html,
  jsonForScript,
  SafeHtml,
} from '../../../../src/web/pages/common/safe-html'

const HOSTILE = [
  '<script>alert(1)</script>',
  '</script><script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  '<!-- comment',
  '&lt;already escaped&gt;',
]

describe('escapeHtml', () => {
  it.each([
    ['<b>', '&lt;b&gt;'],
    ['a & b', 'a &amp; b'],
    ['"quoted"', '&quot;quoted&quot;'],
    ["it's", 'it&#39;s'],
    ['&lt;', '&amp;lt;'],
    [42, '42'],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected)
  })

  it.each(HOSTILE)('leaves no markup character of %j', (input) => {
    expect(escapeHtml(input)).not.toMatch(/[<>"']/)
  })
})

describe('html template', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = '<script>alert(1)</script>'
    const attr = '" onclick="alert(1)'
    const out = html`<p title="${attr}">${name}</p>`.value
    expect(out).toBe(
      '<p title="&quot; onclick=&quot;alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    )
  })

  it('keeps SafeHtml, joins arrays and drops false, null and undefined', () => {
    const items = ['<a>', '<b>'].map((v) => html`<li>${v}</li>`)
    expect(html`<ul>${items}</ul>${false}${null}${undefined}${0}`.value).toBe(
      '<ul><li>&lt;a&gt;</li><li>&lt;b&gt;</li></ul>0',
    )
    expect(html`${new SafeHtml('<br>')}`.value).toBe('<br>')
  })
})

describe('jsonForScript', () => {
  it.each(HOSTILE)('cannot close the script element with %j, and parses back', (input) => {
    const out = jsonForScript({ value: input }).value
    expect(out).not.toMatch(/[<>]/)
    expect(out.toLowerCase()).not.toContain('</script')
    expect(JSON.parse(out)).toEqual({ value: input })
  })

  it('escapes the JavaScript line separators', () => {
    const out = jsonForScript('a\u2028b\u2029c').value
    expect(out).toBe('"a\\u2028b\\u2029c"')
    expect(JSON.parse(out)).toBe('a\u2028b\u2029c')
  })
})
