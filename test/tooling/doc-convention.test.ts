import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { readDocBlocks } from '../consumer/doc-blocks'
import { brokenLinks, headingAnchor } from '../consumer/doc-links'

// The doc-block convention and the link check the consumer tests apply to every README and guide.
const dir = mkdtempSync(join(tmpdir(), 'pullsign-docs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const markdown = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return name
}

describe('code blocks say what happens to them', () => {
  test('each mode is read from the info string, fences inside list items included', () => {
    const file = markdown(
      'modes.md',
      [
        '```ts run',
        'console.log(1)',
        '```',
        '- a list item:',
        '',
        '  ```ts check',
        '  const x = 1',
        '  ```',
        '```js title="jest/a.test.mjs"',
        'test()',
        '```',
        '```sh run',
        'npx x --help',
        '```',
        '```html show',
        '<p>',
        '```',
        '```text',
        'output',
        '```',
        '```tsx check',
        'export const A = () => <p />',
        '```',
      ].join('\n'),
    )
    const { blocks, unmarked } = readDocBlocks(dir, file)
    expect(unmarked).toEqual([])
    expect(blocks.map(({ line, lang, mode, title }) => ({ line, lang, mode, title }))).toEqual([
      { line: 1, lang: 'ts', mode: 'run', title: undefined },
      { line: 6, lang: 'ts', mode: 'check', title: undefined },
      { line: 9, lang: 'js', mode: 'recipe', title: 'jest/a.test.mjs' },
      { line: 12, lang: 'sh', mode: 'run', title: undefined },
      { line: 15, lang: 'html', mode: 'show', title: undefined },
      { line: 18, lang: 'text', mode: 'not-code', title: undefined },
      { line: 21, lang: 'tsx', mode: 'check', title: undefined },
    ])
    // The list item's indentation is not part of the code.
    expect(blocks[1]?.code).toBe('const x = 1\n')
  })

  test.each([
    ['```', /no language/],
    ['```ts', /TypeScript block says `run` or `check`/],
    ['```ts show', /`show` is not a mode for ts/],
    ['```js run', /JavaScript only as a recipe file/],
    ['```sh', /shell block says `run` or `show`/],
    ['```python', /python block says `show`/],
    ['```text run', /text is not code/],
    ['```tsx run', /`run` is not a mode for tsx/],
  ])('%s is refused, saying what to write', (fence, problem) => {
    const file = markdown('bad.md', `# bad\n\n${fence}\ncode\n\`\`\`\n`)
    const { blocks, unmarked } = readDocBlocks(dir, file)
    expect(blocks).toEqual([])
    expect(unmarked).toEqual([
      { file, line: 3, info: fence.slice(3), problem: expect.stringMatching(problem) },
    ])
  })
})

describe('relative links', () => {
  test("anchors are GitHub's: lower case, punctuation dropped, spaces as hyphens", () => {
    expect(headingAnchor('Teardown: `close()`')).toBe('teardown-close')
    expect(headingAnchor('Payments (§9.1)')).toBe('payments-91')
    expect(headingAnchor('Which network: `force_network`')).toBe('which-network-force_network')
  })

  test('a link to a missing file or heading is reported; absolute links and code are not read', () => {
    markdown('target.md', '# Target\n\n## A section\n')
    const file = markdown(
      'links.md',
      [
        '[ok](target.md) [ok](target.md#a-section) [ok](#links) [web](https://example.com/x.md)',
        '[gone](missing.md) [no heading](target.md#nowhere) [outside](../elsewhere.md)',
        '`[in code](missing-too.md)`',
        '```ts check',
        '// [in a block](missing-three.md)',
        '```',
        '# Links',
      ].join('\n'),
    )
    expect(brokenLinks(dir, [file]).map(({ target }) => target)).toEqual([
      'missing.md',
      'target.md#nowhere',
      '../elsewhere.md',
    ])
  })
})
