import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const errorsSource = readFileSync(
  new URL('../src/core/errors/pull-sign-error.ts', import.meta.url),
  'utf8',
)

// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes.
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-')

describe('the SDK README tells the truth', () => {
  it('its errors table lists every PullSignErrorCode', () => {
    const union = /export type PullSignErrorCode =([^/]*?)\n\n/s.exec(errorsSource)?.[1] ?? ''
    const codes = [...union.matchAll(/'(ERR_\w+)'/g)].map((m) => m[1])
    expect(codes.length).toBeGreaterThan(10)
    const table = readme.slice(
      readme.indexOf('## Errors'),
      readme.indexOf('```ts', readme.indexOf('## Errors')),
    )
    for (const code of codes) expect(table, `${code} in the errors table`).toContain(`\`${code}\``)
  })

  it('its contents list links every section, and nothing says the xApp runtime comes later', () => {
    const headings = [...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1] ?? '')
    expect(headings).toContain('Inside an xApp')
    for (const heading of headings) expect(readme, heading).toContain(`](#${anchor(heading)})`)
    expect(readme).not.toMatch(/comes later/)
    expect(readme).toContain('xapp.ready()')
  })
})
