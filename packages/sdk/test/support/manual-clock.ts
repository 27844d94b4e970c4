import type { SignInClock } from '../../src/runtimes/browser/sign-in-clock'

/** A clock that moves only when the test says: `advance(ms)` runs the timers that come due. */
export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start
  let next = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const clock: SignInClock & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number)
    },
    advance(ms) {
      const end = now + ms
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort(([, a], [, b]) => a.at - b.at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].run()
      }
      now = end
    },
    pending: () => timers.size,
  }
  return clock
}

/** A storage seam over a Map, so a test sees exactly what the SDK keeps. */
export function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value)
    },
    removeItem: (key: string) => {
      map.delete(key)
    },
  }
}

/** An unsigned compact JWT with these claims (the page reads claims; it does not verify). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`
}
