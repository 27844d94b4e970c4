import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

// A test file picks its networks' amendments through the kit (docs/protocol.md §8.10).
describe('createTestEnvironment({ amendments }) and env.amendments()', { timeout: 30_000 }, () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({ amendments: 'production', clock: 'manual' })
  })
  afterAll(() => env?.close())

  it('starts MAINNET as the XRP Ledger mainnet has it, and switches one amendment for the file', async () => {
    const { ledger } = env.server.platform
    expect(ledger.amendments('MAINNET').enabled('BatchV1_1')).toBe(false)
    expect(ledger.amendments('TESTNET').enabled('BatchV1_1')).toBe(true)
    const answer = await env.amendments('MAINNET', { enable: ['BatchV1_1'] })
    expect(answer).toMatchObject({ network: 'MAINNET', profile: 'production' })
    expect(answer.enabled).toContain('BatchV1_1')
    expect(ledger.amendments('MAINNET').enabled('BatchV1_1')).toBe(true)
    // A reset of the environment's application leaves the networks as the file set them.
    await env.reset()
    expect(ledger.amendments('MAINNET').enabled('BatchV1_1')).toBe(true)
  })

  it('rejects an amendment the network does not know, naming it, and changes nothing', async () => {
    const before = env.server.platform.ledger.amendments('XAHAU')
    await expect(env.amendments('XAHAU', { disable: ['BatchV1_1'] })).rejects.toThrow(
      /BatchV1_1.*is not an amendment of XAHAU/,
    )
    expect(env.server.platform.ledger.amendments('XAHAU')).toBe(before)
  })

  it.each([
    [{ amendments: 'mainnet' }, 'options.amendments must be'],
    [
      { url: 'http://127.0.0.1:1', amendments: 'production' },
      'options.amendments is for the in-process server only',
    ],
    [{ amendments: 'production', server: { amendments: 'default' } }, 'two settings'],
  ])('%j is refused before anything starts', async (options, message) => {
    await expect(createTestEnvironment(options as never)).rejects.toThrow(message)
  })
})
