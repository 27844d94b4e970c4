import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
/** The workspace root. */
export const root = resolve(import.meta.dirname, '../..')

/**
 * Runs a command and returns its stdout; a failure throws with both streams (tsc reports on
 * stdout), not only "Command failed".
 */
export function run(command: string, args: string[], cwd: string, timeout = 240_000): string {
  try {
    // Plain text (no colours) from every tool, so its output can be matched.
    const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }
    return execFileSync(command, args, {
      cwd,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout,
    })
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`)
  }
}

/**
 * Tools the workspace already has, linked into the project instead of installed again: the test
 * runner the recipes run in, and the libraries the docs' examples use beside ours.
 */
const linked: Record<string, string> = {
  vitest: 'node_modules/vitest',
  msw: 'packages/reference-server/node_modules/msw',
  xrpl: 'packages/examples/node_modules/xrpl',
  // pullsign/react's optional peer, for its examples (```tsx check).
  react: 'packages/sdk/node_modules/react',
  'react-dom': 'packages/sdk/node_modules/react-dom',
  '@types/react': 'packages/sdk/node_modules/@types/react',
  '@types/react-dom': 'packages/sdk/node_modules/@types/react-dom',
}

/**
 * What a user gets from npm: both packages packed as tarballs (`pnpm pack`, run after `pnpm
 * build`), installed into a fresh project outside the workspace. Answers the project's directory.
 */
export function createConsumerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pullsign-consumer-'))
  const packs = join(dir, 'packs')
  mkdirSync(packs)
  for (const pkg of ['sdk', 'reference-server']) {
    run(
      'npx',
      ['-y', 'pnpm@10.34.8', 'pack', '--pack-destination', packs],
      join(root, 'packages', pkg),
    )
  }
  const tarball = (prefix: string) => {
    const name = readdirSync(packs).find((file) => file.startsWith(prefix))
    if (!name) throw new Error(`no tarball starting with ${prefix} in ${packs}`)
    return `file:./packs/${name}`
  }
  const sdk = tarball('pullsign-')
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: {
        pullsign: sdk,
        '@pullsign/reference-server': tarball('pullsign-reference-server-'),
        // The test kit's jest recipe runs here (vitest is the workspace's own, linked below).
        jest: '30.5.2',
      },
      // The server depends on pullsign@<version>, which is not on the registry: use the tarball.
      overrides: { pullsign: sdk },
    }),
  )
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], dir)
  for (const [name, from] of Object.entries(linked)) {
    const to = join(dir, 'node_modules', name)
    if (existsSync(to)) continue
    mkdirSync(dirname(to), { recursive: true })
    symlinkSync(realpathSync(join(root, from)), to)
  }
  return dir
}
