import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

// Run under `pnpm test`, this process inherits pnpm's `npm_config_user_agent`, which npm would take
// as its own user-agent setting: the child starts without it, as a publish from a shell does.
const { npm_config_user_agent: _inherited, ...shellEnv } = process.env

/** Runs a package's real `prepublishOnly` through the given client, as its publish would. */
const prepublish = (client: 'npm' | 'pnpm', dir: string) =>
  spawnSync(
    client === 'npm' ? 'npm' : 'npx',
    client === 'npm'
      ? ['run', '--silent', 'prepublishOnly']
      : ['-y', 'pnpm@10.34.8', 'run', 'prepublishOnly'],
    { cwd: `${root}${dir}`, encoding: 'utf8', env: shellEnv },
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
