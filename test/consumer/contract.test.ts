import { expect, inject, test } from 'vitest'
import { installedProject, run } from './consumer-project'

/**
 * The contract test a user writes from the docs alone (the `contract/payment.test.ts` recipe of
 * the reference server's test kit guide, docs/test-kit.md): a payload created with the SDK, signed
 * by the test kit's autopilot, checked with xrpl.js on the kit's ledger node. Run by vitest in the
 * consumer project, against the packed packages.
 */
const project = await installedProject()

test("the test kit guide's contract test passes: created, signed by the autopilot, validated as asked on the ledger", {
  timeout: 120_000,
}, () => {
  expect(inject('docRecipes')).toContain('contract/payment.test.ts')
  const vitest = `${project}/node_modules/vitest/vitest.mjs`
  expect(
    run(
      'node',
      [vitest, 'run', '--dir', 'contract', '--testTimeout=60000', '--hookTimeout=60000'],
      project,
    ),
  ).toMatch(/Tests\s+1 passed/)
})
