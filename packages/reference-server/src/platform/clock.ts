/**
 * The server's one clock. Real time keeps flowing (a CLI server must work on its own; a manual
 * clock, for tests, stands still instead), and `advance` adds an offset on top, firing every
 * timer whose due time has been reached, in due order, so tests move time instead of sleeping.
 *
 * @example
 * ```ts
 * const server = createReferenceServer({ ledgerCloseMs: false })
 * server.clock.advance(241 * 60) // a default payload (240 minutes) has now expired
 * ```
 */
export interface Clock {
  /** Milliseconds since the epoch, server time (real time plus every `advance`). */
  now(): number
  /**
   * Moves time forward and fires, in order, every timer that has become due. An interval fires
   * once however many of its periods the jump skips, and is told how many (a year of 4 s ledger
   * closes is one call, not 7.9 million).
   */
  advance(seconds: number): void
  /**
   * Sets the time to `ms` (since the epoch): forward it is {@link advance}; back (a snapshot's
   * restore with `clock: true`, docs/protocol.md §10) timeouts keep their due time, which is
   * further away now, and each interval its time to its next period, so a ledger that closes
   * every 4 s still closes 4 s later.
   */
  setTime(ms: number): void
  /**
   * Runs `fn` once `ms` of clock time have passed, whatever moved it (real time, `advance`, or
   * both); returns cancel.
   */
  setTimeout(fn: () => void, ms: number): () => void
  /**
   * Runs `fn` every `ms`; returns cancel. `fn` gets the number of periods that ended since its
   * last call: 1, or more after an `advance` (or a busy event loop) skipped some.
   */
  setInterval(fn: (periods: number) => void, ms: number): () => void
  /** Cancels every pending timer. */
  dispose(): void
}

/**
 * Options of {@link createClock}.
 *
 * @example
 * ```ts
 * const options: ClockOptions = { start: Date.parse('2026-01-01T00:00:00Z') }
 * ```
 */
export interface ClockOptions {
  /** Server time at creation, ms since the epoch; defaults to the real time. */
  start?: number
  /**
   * Time moves only when `advance` moves it: no real time flows and no real timer is armed, so a
   * test reads the same time twice however busy the machine is. Default false (real time flows).
   */
  manual?: boolean
}

interface Timer {
  id: number
  due: number
  every: number | null
  fn: (periods: number) => void
}

// setTimeout stores its delay in a signed 32-bit integer; longer delays fire at once.
const MAX_REAL_DELAY = 2 ** 31 - 1

/**
 * Creates a clock. Timers are judged on its own time, never on a real delay armed earlier: one
 * real timer wakes it for the earliest due timer, and after any move (real time or `advance`)
 * everything due by the new time fires, in due order, at once.
 *
 * @example
 * ```ts
 * const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z') })
 * clock.setTimeout(() => console.log('a minute later'), 60_000)
 * clock.advance(60) // logs at once
 * ```
 */
export function createClock(options: ClockOptions = {}): Clock {
  const realStart = Date.now()
  const base = options.start ?? realStart
  let offset = 0
  let nextId = 1
  const timers = new Map<number, Timer>()

  const manual = options.manual === true
  const now = manual ? () => base + offset : () => base + (Date.now() - realStart) + offset

  // An interval's skipped periods collapse into one call that is told their number.
  const fire = (timer: Timer) => {
    let periods = 1
    if (timer.every === null) {
      timers.delete(timer.id)
    } else {
      periods = Math.floor((now() - timer.due) / timer.every) + 1
      timer.due += periods * timer.every
    }
    timer.fn(periods)
  }

  const nextDue = (): Timer | undefined => {
    let first: Timer | undefined
    for (const timer of timers.values()) {
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) {
        first = timer
      }
    }
    return first
  }

  // The one real timer (never in a manual clock), and the due time it was armed for.
  let wake: ReturnType<typeof globalThis.setTimeout> | null = null
  let wakeDue = Number.POSITIVE_INFINITY

  const armAt = (due: number) => {
    if (wake !== null) globalThis.clearTimeout(wake)
    wake = null
    wakeDue = due
    if (due === Number.POSITIVE_INFINITY) return
    const delay = Math.min(Math.max(0, due - now()), MAX_REAL_DELAY)
    wake = globalThis.setTimeout(() => {
      wake = null
      runDue()
    }, delay)
    // Timers never keep a process alive on their own: the HTTP server does that for the CLI.
    wake.unref?.()
  }

  // Armed anew after every move: an advance shortens the real delay to the same due time.
  const rearm = () => {
    if (!manual) armAt(nextDue()?.due ?? Number.POSITIVE_INFINITY)
  }

  // Every timer due by now fires, in due order, and sees the time after the move (so a socket
  // tick after a long jump reports it); an interval fires once with the periods it skipped.
  const runDue = () => {
    const target = now()
    try {
      for (let timer = nextDue(); timer && timer.due <= target; timer = nextDue()) fire(timer)
    } finally {
      rearm()
    }
  }

  const schedule = (fn: (periods: number) => void, ms: number, every: number | null) => {
    const timer: Timer = { id: nextId++, due: now() + Math.max(0, ms), every, fn }
    timers.set(timer.id, timer)
    if (!manual && timer.due < wakeDue) armAt(timer.due)
    // A cancelled timer's wake, if it was the first, finds nothing due and re-arms for the next.
    return () => void timers.delete(timer.id)
  }

  const advance = (seconds: number) => {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError('seconds must be a finite number >= 0')
    }
    offset += seconds * 1000
    runDue()
  }

  return {
    now,
    advance,
    setTime(ms) {
      if (!Number.isFinite(ms)) throw new RangeError('ms must be a finite time')
      const from = now()
      if (ms >= from) return advance((ms - from) / 1000)
      offset += ms - from
      for (const timer of timers.values()) {
        if (timer.every !== null) timer.due += ms - from
      }
      rearm()
    },
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    setInterval: (fn, ms) => schedule(fn, ms, Math.max(1, ms)),
    dispose() {
      timers.clear()
      armAt(Number.POSITIVE_INFINITY)
    },
  }
}
