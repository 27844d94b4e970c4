/**
 * The server's one clock. Real time keeps flowing (a CLI server must work on its own; a manual
 * clock, for tests, stands still instead), and `advance` adds an offset on top, firing every timer whose due time has been reached, in due
 * order, so tests move time instead of sleeping.
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
  /** Runs `fn` once after `ms` (real time or `advance`, whichever reaches it first); returns cancel. */
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
  real: ReturnType<typeof globalThis.setTimeout> | null
}

// setTimeout stores its delay in a signed 32-bit integer; longer delays fire at once.
const MAX_REAL_DELAY = 2 ** 31 - 1

/**
 * Creates a clock.
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
  const fire = (timer: Timer, armReal: boolean) => {
    let periods = 1
    if (timer.every === null) {
      cancel(timer.id)
    } else {
      periods = Math.floor((now() - timer.due) / timer.every) + 1
      timer.due += periods * timer.every
      if (armReal) arm(timer)
    }
    timer.fn(periods)
  }

  const arm = (timer: Timer) => {
    if (manual) return
    if (timer.real !== null) globalThis.clearTimeout(timer.real)
    const delay = Math.min(Math.max(0, timer.due - now()), MAX_REAL_DELAY)
    timer.real = globalThis.setTimeout(() => {
      timer.real = null
      if (!timers.has(timer.id)) return
      if (timer.due <= now()) fire(timer, true)
      else arm(timer)
    }, delay)
    // Timers never keep a process alive on their own: the HTTP server does that for the CLI.
    timer.real.unref?.()
  }

  const cancel = (id: number) => {
    const timer = timers.get(id)
    if (!timer) return
    if (timer.real !== null) globalThis.clearTimeout(timer.real)
    timers.delete(id)
  }

  const schedule = (fn: (periods: number) => void, ms: number, every: number | null) => {
    const timer: Timer = { id: nextId++, due: now() + Math.max(0, ms), every, fn, real: null }
    timers.set(timer.id, timer)
    arm(timer)
    return () => cancel(timer.id)
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

  return {
    now,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) {
        throw new RangeError('seconds must be a finite number >= 0')
      }
      offset += seconds * 1000
      const target = now()
      // Every timer due by the new time fires, in due order, and sees the new time (so a socket
      // tick after a long jump reports the time after it); an interval fires once with the
      // periods it skipped. Real timers are re-armed once at the end.
      const fired = new Set<Timer>()
      for (let timer = nextDue(); timer && timer.due <= target; timer = nextDue()) {
        fired.add(timer)
        fire(timer, false)
      }
      for (const timer of fired) if (timers.has(timer.id)) arm(timer)
    },
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    setInterval: (fn, ms) => schedule(fn, ms, Math.max(1, ms)),
    dispose() {
      for (const id of [...timers.keys()]) cancel(id)
    },
  }
}
