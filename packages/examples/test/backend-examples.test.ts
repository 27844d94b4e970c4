import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'

const run = promisify(execFile)
const examples = fileURLToPath(new URL('..', import.meta.url))

/** Runs an example as users do (tsx in a child process) and returns its lines without timings. */
async function runExample(file: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
    cwd: examples,
    timeout: 60_000,
  })
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.replace(/^\[\+\s*\d+ ms\] /, ''))
}

/** The index of the first line matching `pattern`, failing with the whole output if none does. */
const lineOf = (lines: string[], pattern: RegExp): number => {
  const index = lines.findIndex((line) => pattern.test(line))
  expect(index, `no line matches ${pattern} in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0)
  return index
}

describe('backend examples', () => {
  test('payment.ts prints each event as it happens, then verifies the payment on the ledger', async () => {
    const lines = await runExample('backend/payment.ts')
    const order = [
      /^reference server on http:\/\/127\.0\.0\.1:\d+; application "Demo shop"$/,
      /^payload [0-9a-f-]{36} created: open http:\/\/127\.0\.0\.1:\d+\/sign\/[0-9a-f-]{36}$/,
      /^event welcome/,
      /^event expires_in\s+expires in \d+ s$/,
      /^Alice opens the request and signs it in the wallet app$/,
      /^event opened/,
      /^event pre_signed/,
      /^event dispatched/,
      /^event resolved\s+resolved: signed=true, txid [0-9A-F]{64}$/,
      /^signed by r\w+ on TESTNET$/,
      /^verified: [0-9A-F]{64} validated, tesSUCCESS, delivered 1000000 drops to r\w+$/,
    ].map((pattern) => lineOf(lines, pattern))
    expect(order, lines.join('\n')).toEqual([...order].sort((a, b) => a - b))
  }, 90_000)

  test('verify-on-ledger.ts checks a signed payment with xrpl.js on the node it was dispatched to', async () => {
    const lines = await runExample('backend/verify-on-ledger.ts')
    const order = [
      /^signed [0-9A-F]{64} on TESTNET, submitted to ws:\/\/127\.0\.0\.1:\d+\/ledger\/TESTNET$/,
      /^verified on the ledger: validated in ledger \d+, network 1, delivered 2500000 drops$/,
    ].map((pattern) => lineOf(lines, pattern))
    expect(order, lines.join('\n')).toEqual([...order].sort((a, b) => a - b))
  }, 90_000)

  test('signin-push.ts signs in, verifies the token and pushes a payment that gets signed', async () => {
    const lines = await runExample('backend/signin-push.ts')
    const order = [
      /^signin event resolved$/,
      /^signed in as r\w+ \(signature verified offline\)$/,
      /^user token active=true, expires \d{4}-\d\d-\d\dT/,
      /^payment [0-9a-f-]{36} pushed=true$/,
      /^payment event opened$/,
      /^payment event resolved$/,
      /^payment signed=true via PUSH_NOTIFICATION by r\w+, txid [0-9A-F]{64}$/,
    ].map((pattern) => lineOf(lines, pattern))
    expect(order, lines.join('\n')).toEqual([...order].sort((a, b) => a - b))
    const signer = lines[order[1] ?? 0]?.split(' ')[3]
    expect(lines.at(-1)).toContain(`by ${signer},`)
  }, 90_000)

  test('merchant.ts accepts 5 USD paid with XRP through pathfinding and catches a partial payment', async () => {
    const lines = await runExample('backend/merchant.ts')
    const order = [
      /^shop r\w+ trusts r\w+ for USD$/,
      /^payment request link: http:\/\/127\.0\.0\.1:\d+\/detect\/request:r\w+\?amount=5&issuer=r\w+&currency=USD$/,
      /^order 1: Alice signed [0-9A-F]{64} \(tesSUCCESS\)$/,
      /^order 1: accepted, delivered 5 USD \(paid with at most \d+ drops\)$/,
      /^order 2: Alice signed [0-9A-F]{64} \(tesSUCCESS\)$/,
      /^order 2: refused, rule 5 delivered-less: delivered 1\.\d+ USD of 5 USD$/,
    ].map((pattern) => lineOf(lines, pattern))
    expect(order, lines.join('\n')).toEqual([...order].sort((a, b) => a - b))
  }, 90_000)

  test('batch.ts: two inner signers sign, Alice submits the Batch, progress per signer', async () => {
    const lines = await runExample('backend/batch.ts')
    for (const name of ['Bob', 'Carol']) {
      const steps = ['created: http', 'opened', 'signed'].map((step) =>
        lineOf(lines, new RegExp(`^inner ${name} ${step}`)),
      )
      expect(steps, lines.join('\n')).toEqual([...steps].sort((a, b) => a - b))
    }
    const end = [
      /^outer Alice created: http:\/\/127\.0\.0\.1:\d+\/sign\/[0-9a-f-]{36}$/,
      /^outer Alice signed$/,
      /^submitted [0-9A-F]{64}: tesSUCCESS$/,
      /^Alice received 4999952 drops net of the Batch fee$/,
    ].map((pattern) => lineOf(lines, pattern))
    expect(end, lines.join('\n')).toEqual([...end].sort((a, b) => a - b))
    expect(lineOf(lines, /^inner Carol signed$/)).toBeLessThan(end[0] ?? 0)
  }, 90_000)
})
