import { expect, inject, test } from 'vitest'
import { installedProject, run } from './consumer-project'

/**
 * The NFT marketplace test a Hardhat user writes from the dev chain guide alone (the
 * `marketplace/nft-marketplace.test.ts` recipe of packages/reference-server/docs/dev-chain.md):
 * xrpl.js mints and lists, the buyer accepts through a payload, travel expires the offer and
 * explain says why, a snapshot restored between tests. Run by vitest in the consumer project,
 * against the packed packages.
 */
const project = await installedProject()

test("the dev chain guide's marketplace test passes", { timeout: 120_000 }, () => {
  expect(inject('docRecipes')).toContain('marketplace/nft-marketplace.test.ts')
  const vitest = `${project}/node_modules/vitest/vitest.mjs`
  expect(
    run(
      'node',
      [vitest, 'run', '--dir', 'marketplace', '--testTimeout=60000', '--hookTimeout=60000'],
      project,
    ),
  ).toMatch(/Tests\s+5 passed/)
})
