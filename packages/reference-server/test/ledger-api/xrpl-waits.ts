import { expect, vi } from 'vitest'
import type { Client } from 'xrpl'

/**
 * The options of an xrpl.js client whose waits a test lets pass with fake timers. xrpl.js pings
 * (its heartbeat) every `timeout` ms of real time, 20 s by default: a file that lasts that long on
 * a busy machine would see the ping's request timer among the faked ones and take it for
 * submitAndWait's sleep. An hour keeps the heartbeat out of every test.
 */
export const FAKE_TIMER_CLIENT = { timeout: 3_600_000 }

/**
 * Waiting for xrpl.js against a reference server on a manual clock: `client` is asked when used
 * (tests connect it in beforeAll), `closeLedger` closes one ledger on the server's clock.
 */
export function xrplWaits(client: () => Client, closeLedger: () => void) {
  // Event-loop turns, not time, until `ready` holds: the socket and HTTP exchanges in flight end.
  const turnsUntil = async (ready: () => boolean) => {
    while (!ready()) await new Promise((resolve) => setImmediate(resolve))
  }

  // xrpl.js waits on real timers: submitAndWait sleeps 1 s (setTimeout) before each look at the
  // transaction, fundWallet looks at the balance every 1 s (setInterval). Under fake timers of that
  // one kind, each runs unchanged: once xrpl.js is waiting on its timer (and on nothing else), the
  // ledger closes on the server's clock, then the wait is let pass, and xrpl.js finds the outcome
  // validated at its first look.
  const withLedgerClosedAfterWait = async <T>(
    kind: 'setTimeout' | 'setInterval',
    run: () => Promise<T>,
    waiting: Promise<unknown>,
  ): Promise<T> => {
    vi.useFakeTimers({ toFake: [kind, kind === 'setTimeout' ? 'clearTimeout' : 'clearInterval'] })
    const outcome = run()
    await waiting
    await turnsUntil(() => vi.getTimerCount() > 0)
    // Nothing else is in flight: xrpl.js's own wait is the only timer.
    expect(vi.getTimerCount()).toBe(1)
    closeLedger()
    await vi.advanceTimersByTimeAsync(1000)
    return outcome
  }

  // The node's answer to a submission reaching xrpl.js (whose submitAndWait then starts its sleep).
  const submitAnswered = () =>
    new Promise<void>((resolve) => {
      const seen = (data: { result?: { engine_result?: string } }) => {
        if (data.result?.engine_result === undefined) return
        client().connection.off('response', seen)
        resolve()
      }
      client().connection.on('response', seen)
    })

  return { withLedgerClosedAfterWait, submitAnswered }
}
