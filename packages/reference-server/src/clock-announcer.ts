import type { Clock } from './platform'

const offsetText = (ms: number) => {
  const seconds = Math.round(ms / 1000)
  return `${seconds >= 0 ? '+' : '-'}${Math.abs(seconds)} s`
}

/**
 * A clock that writes a line each time it is advanced or set (control API, dashboard, in-process, a
 * restore with `clock: true`):
 * how far, the server time now and its offset from the real time, so a person reading the log
 * knows why expiries fire and webhook timestamps look off. Everything else is the given clock.
 *
 * @example
 * ```ts
 * const clock = announceClockMoves(createClock(), console.log)
 * clock.advance(3600) // logs "clock advanced 3600 s: server time 2026-…Z (real time +3600 s)"
 * ```
 */
export function announceClockMoves(clock: Clock, write: (line: string) => void): Clock {
  return {
    now: () => clock.now(),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    setInterval: (fn, ms) => clock.setInterval(fn, ms),
    dispose: () => clock.dispose(),
    setTime(ms) {
      const from = clock.now()
      clock.setTime(ms)
      const now = clock.now()
      write(
        `clock set ${offsetText(now - from)}: server time ${new Date(now).toISOString()} (real time ${offsetText(now - Date.now())})`,
      )
    },
    advance(seconds) {
      clock.advance(seconds)
      const now = clock.now()
      write(
        `clock advanced ${seconds} s: server time ${new Date(now).toISOString()} (real time ${offsetText(now - Date.now())})`,
      )
    },
  }
}
