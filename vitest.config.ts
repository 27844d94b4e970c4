import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

const src = (path: string) => fileURLToPath(new URL(`./packages/${path}`, import.meta.url))

/** Tests run against the sources, so no build is needed between an edit and a test run. */
const alias = [
  { find: /^pullsign$/, replacement: src('sdk/src/index.ts') },
  {
    find: /^pullsign\/(wire|verify|batch|links|ui|react)$/,
    replacement: src('sdk/src/$1/index.ts'),
  },
  {
    find: /^pullsign\/ui\/(define|locales\/nl|locales\/es)$/,
    replacement: src('sdk/src/ui/$1.ts'),
  },
  { find: /^@pullsign\/reference-server$/, replacement: src('reference-server/src/index.ts') },
  { find: /^@pullsign\/reference-server\/msw$/, replacement: src('reference-server/src/msw.ts') },
  {
    find: /^@pullsign\/reference-server\/testing$/,
    replacement: src('reference-server/src/testing.ts'),
  },
]

/** Bundles the server pages' browser scripts first, so the tests serve them as they are now. */
const PAGE_SCRIPTS = 'packages/reference-server/bundle-page-scripts.ts'

// The SDK's `node` entry is built with node/default-fetch.ts and node/lazy-modules.ts in place of
// the core's (packages/sdk/node-stand-ins.ts); the `sdk-node` project runs the transport's tests that way.
const nodeEntry = [
  { find: /^\.\/default-fetch$/, replacement: src('sdk/src/node/default-fetch.ts') },
  { find: /^\.\/lazy-modules$/, replacement: src('sdk/src/node/lazy-modules.ts') },
  ...alias,
]

/** One Chromium per project and run for the files that drive it with playwright (e2e tests). */
const SHARED_CHROMIUM = 'test/shared-chromium.ts'
const LAZY_RUNTIMES_LOADED = 'packages/sdk/test/lazy-runtimes-loaded.ts'

interface NodeProject {
  globalSetup?: string[]
  /**
   * Whether each file gets a fresh process (vitest's default). Not for the many small files of the
   * packages' own tests: a process per file loaded the reference server's ~330 modules (about
   * 1.7 s of CPU) again for every one of them. Their files share a worker and its loaded modules
   * instead; each file still makes its own servers, clocks and browsers, and what it changes
   * beyond them (env, globals, fake timers, msw, children) it puts back in its own hooks.
   */
  isolate?: boolean
  /** Projects run by this order (then by name); the consumer project last, see its setup. */
  groupOrder?: number
  resolved?: typeof alias
  exclude?: string[]
  setupFiles?: string[]
}

const node = (
  name: string,
  include: string[],
  {
    globalSetup = [],
    isolate = true,
    groupOrder = 0,
    resolved = alias,
    exclude = [],
    setupFiles = [],
  }: NodeProject = {},
) => ({
  resolve: { alias: resolved },
  test: {
    name,
    include,
    exclude: ['**/*.browser.test.ts', ...exclude],
    environment: 'node' as const,
    globalSetup,
    setupFiles,
    isolate,
    sequence: { groupOrder },
    // CPU-bound tests (property tests over real signatures) take seconds on a loaded 2-core
    // machine; the bound only catches a hang, no test waits on it.
    testTimeout: 30_000,
    // expect.poll waits for what another process or a browser does: on a loaded machine that can
    // take seconds, so its bound (1 s by default) only catches a hang too.
    expect: { poll: { timeout: 20_000 } },
  },
})

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: one on a 2-core machine, where the
    // tests wait on browsers, child processes and sockets about as much as they compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      node('sdk', ['packages/sdk/test/**/*.test.ts'], {
        globalSetup: [SHARED_CHROMIUM],
        setupFiles: [LAZY_RUNTIMES_LOADED],
        isolate: false,
        exclude: ['**/test/node-entry/**'],
      }),
      node(
        'sdk-node',
        [
          'packages/sdk/test/transport*.test.ts',
          'packages/sdk/test/client.test.ts',
          'packages/sdk/test/close/*.test.ts',
          'packages/sdk/test/node-entry/*.test.ts',
        ],
        { isolate: false, resolved: nodeEntry, setupFiles: [LAZY_RUNTIMES_LOADED] },
      ),
      node('reference-server', ['packages/reference-server/test/**/*.test.ts'], {
        // The CLI is bundled after the page scripts it serves.
        globalSetup: [
          PAGE_SCRIPTS,
          'packages/reference-server/test/cli/cli-bundle.ts',
          SHARED_CHROMIUM,
        ],
        isolate: false,
      }),
      node('examples', ['packages/examples/test/**/*.test.ts'], {
        globalSetup: [PAGE_SCRIPTS, SHARED_CHROMIUM],
      }),
      // One consumer project (the packed packages installed) per run, shared by every file;
      // installed while the other projects run, so these files run last.
      node('consumer', ['test/consumer/**/*.test.ts'], {
        globalSetup: ['test/consumer/global-setup.ts'],
        groupOrder: 1,
      }),
      node('tooling', ['test/tooling/**/*.test.ts']),
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts', 'packages/*/test/**/*.browser.test.ts'],
          globalSetup: ['test/browser/require-chromium.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
