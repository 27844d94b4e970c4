import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { inject } from 'vitest'
import { awaitValue } from '../awaited-value'

/** The workspace's root: the packages are packed from here, and vitest and tsc come from here. */
export const root = resolve(import.meta.dirname, '../..')

/** The consumer project's directory, once global-setup.ts has installed the packages in it. */
export const installedProject = (): Promise<string> =>
  awaitValue(inject('consumerProject'), 'installing the consumer project')

/**
 * What the consumer project installs from the npm registry beside the two tarballs, pinned: the
 * tools users run the packages with, each for the test that drives it.
 */
const REGISTRY_DEPENDENCIES = {
  // The test kit's jest recipe (vitest is the workspace's own, linked below).
  jest: '30.5.2',
  // The reference server's "In-process with msw" example, and nock, which intercepts node:http.
  msw: '2.9.0',
  nock: '14.0.9',
  // The contract test recipe checks the signed transaction on the kit's ledger node.
  xrpl: '5.3.0',
  // A bundled app: webpack with SWC compiling class fields as assignments (as Next.js's webpack
  // build did). esbuild is the workspace's own: it bundles from the project's node_modules.
  webpack: '5.113.0',
  'swc-loader': '0.2.7',
  '@swc/core': '1.16.22',
  // pullsign/react's optional peer, for its examples (```tsx check) and the hooks' test.
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.3',
  '@types/react-dom': '19.3.0',
}

const options = (cwd: string, env: Record<string, string>) => ({
  cwd,
  // Plain text (no colours) from every tool, so its output can be matched.
  env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  encoding: 'utf8' as const,
  // A command still running by then hangs: a test's own timeout cannot stop a synchronous one.
  timeout: 240_000,
})

// tsc and webpack report on stdout: a failure shows both streams, not only "Command failed".
const failed = (command: string, args: string[], err: unknown) => {
  const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string }
  return new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`)
}

/** Runs a command to its end and answers its stdout; throws with both streams when it fails. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): string {
  try {
    return execFileSync(command, args, { ...options(cwd, env), stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (err) {
    throw failed(command, args, err)
  }
}

/**
 * {@link run} without blocking this process: for a command that talks to a server the test runs
 * in this process, or one that runs while the tests do.
 */
export function runAsync(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, options(cwd, env), (err, stdout, stderr) =>
      err ? reject(failed(command, args, { stdout, stderr })) : resolve(stdout),
    )
  })
}

/**
 * What a user gets from npm: both packages packed as tarballs (`pnpm pack`, after `pnpm build`)
 * and installed with one `npm install` into `project`, a fresh directory outside the workspace,
 * beside the registry packages the tests drive them with. Asynchronous, so the other test files
 * run while npm works.
 */
export async function installConsumerProject(project: string): Promise<void> {
  const packs = join(project, 'packs')
  mkdirSync(packs)
  await Promise.all(
    ['sdk', 'reference-server'].map((pkg) =>
      runAsync(
        'npx',
        ['-y', 'pnpm@10.34.8', 'pack', '--pack-destination', packs],
        join(root, 'packages', pkg),
      ),
    ),
  )
  const tarball = (prefix: string) => {
    const name = readdirSync(packs).find((file) => file.startsWith(prefix))
    if (!name) throw new Error(`no tarball starting with ${prefix} in ${packs}`)
    return `file:./packs/${name}`
  }
  const sdk = tarball('pullsign-')
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      // ES modules, as a new project is; the CommonJS tests name their files .cjs.
      type: 'module',
      dependencies: {
        pullsign: sdk,
        '@pullsign/reference-server': tarball('pullsign-reference-server-'),
        ...REGISTRY_DEPENDENCIES,
      },
      // The server depends on pullsign@<version>, which is not on the registry: use the tarball.
      overrides: { pullsign: sdk },
    }),
  )
  await runAsync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'],
    project,
  )
  symlinkSync(
    realpathSync(join(root, 'node_modules', 'vitest')),
    join(project, 'node_modules', 'vitest'),
  )
}
