import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
const errorsGuide = read('docs/errors.md')
const errorsSource = read('src/core/errors/pull-sign-error.ts')
const guides = readdirSync(new URL('../docs/', import.meta.url))
  .filter((file) => file.endsWith('.md'))
  .map((file) => `docs/${file}`)

describe('the SDK README and guides tell the truth', () => {
  it('the errors guide lists every PullSignErrorCode in its table', () => {
    const union = /export type PullSignErrorCode =([^/]*?)\n\n/s.exec(errorsSource)?.[1] ?? ''
    const codes = [...union.matchAll(/'(ERR_\w+)'/g)].map((m) => m[1])
    expect(codes.length).toBeGreaterThan(10)
    const table = errorsGuide.slice(0, errorsGuide.indexOf('```ts'))
    for (const code of codes) expect(table, `${code} in the errors table`).toContain(`\`${code}\``)
  })

  it('the xApp runtime is documented as it is, and nothing says it comes later', () => {
    expect(read('README.md')).toContain('xapp.ready()')
    expect(read('docs/xapp.md')).toContain('xapp.ready()')
    for (const file of ['README.md', ...guides]) expect(read(file), file).not.toMatch(/comes later/)
  })
})
