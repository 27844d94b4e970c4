import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { installedProject, root } from './consumer-project'
import { brokenLinks, relativeLinks } from './doc-links'

/**
 * The READMEs and guides as npm users get them: inside the packed tarballs (installed in the
 * consumer project), where a link to a file the tarball lacks would be dead.
 */
const project = await installedProject()

/** A README that fits a first read; the rest lives in the guides. */
const README_BUDGET = 12 * 1024

describe.each([
  ['pullsign', 'sdk'],
  ['@pullsign/reference-server', 'reference-server'],
])('%s', (name, dir) => {
  const installed = join(project, 'node_modules', name)
  const guides = readdirSync(join(root, 'packages', dir, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`)

  test('the README and every guide are in the tarball, and each relative link resolves inside it', () => {
    expect(guides.length).toBeGreaterThan(3)
    expect(['README.md', ...guides].filter((file) => !existsSync(join(installed, file)))).toEqual(
      [],
    )
    expect(brokenLinks(installed, ['README.md', ...guides])).toEqual([])
  })

  test(`the README fits a first read: at most ${README_BUDGET} bytes`, () => {
    expect(statSync(join(installed, 'README.md')).size).toBeLessThanOrEqual(README_BUDGET)
  })

  test("the README's table of guides lists every guide", () => {
    const linked = relativeLinks(readFileSync(join(installed, 'README.md'), 'utf8'))
    expect(guides.filter((guide) => !linked.includes(guide))).toEqual([])
  })
})

test('the relative links of the root README, docs/ and the examples resolve in the repository', () => {
  const docs = readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`)
  expect(brokenLinks(root, ['README.md', ...docs, 'packages/examples/README.md'])).toEqual([])
})
