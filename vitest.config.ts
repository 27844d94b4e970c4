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

const node = (
  name: string,
  include: string[],
  globalSetup: string[] = [],
  resolved = alias,
  exclude: string[] = [],
) => ({
  resolve: { alias: resolved },
  test: {
    name,
    include,
    exclude: ['**/*.browser.test.ts', ...exclude],
    environment: 'node' as const,
    globalSetup,
    // CPU-bound tests (property tests over real signatures) take seconds on a loaded 2-core
    // machine; the bound only catches a hang, no test waits on it.
    testTimeout: 30_000,
  },
})

export default defineConfig({
  test: {
    projects: [
      node('sdk', ['packages/sdk/test/**/*.test.ts'], [], alias, ['**/test/node-entry/**']),
      node(
        'sdk-node',
        [
          'packages/sdk/test/transport*.test.ts',
          'packages/sdk/test/client.test.ts',
          'packages/sdk/test/close/*.test.ts',
          'packages/sdk/test/node-entry/*.test.ts',
        ],
        [],
        nodeEntry,
      ),
      node('reference-server', ['packages/reference-server/test/**/*.test.ts'], [PAGE_SCRIPTS]),
      node('examples', ['packages/examples/test/**/*.test.ts'], [PAGE_SCRIPTS]),
      // One consumer project (the packed packages installed) per run, shared by every file.
      node('consumer', ['test/consumer/**/*.test.ts'], ['test/consumer/global-setup.ts']),
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
