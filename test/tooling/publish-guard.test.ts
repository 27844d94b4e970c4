import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Runs a package's real `prepublishOnly` through the given client, as its publish would. */
const prepublish = (client: 'npm' | 'pnpm', dir: string) =>
  spawnSync(
    client === 'npm' ? 'npm' : 'npx',
    client === 'npm'
      ? ['run', '--silent', 'prepublishOnly']
      : ['-y', 'pnpm@10.34.8', 'run', 'prepublishOnly'],
    { cwd: `${root}${dir}`, encoding: 'utf8' },
  )

describe('a publish never ships workspace: ranges', { timeout: 60_000 }, () => {
  test.each(['packages/sdk', 'packages/reference-server'])('%s refuses npm publish', (dir) => {
    const run = prepublish('npm', dir)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('refusing to publish with "npm/')
    expect(run.stderr).toContain('publish with pnpm')
  })

  test.each(['packages/sdk', 'packages/reference-server'])('%s lets pnpm publish', (dir) => {
    const run = prepublish('pnpm', dir)
    expect(run.stderr).not.toContain('refusing')
    expect(run.status, run.stderr).toBe(0)
  })
})
