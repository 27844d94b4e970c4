/** Seconds as `m:ss`, the countdown's face. */
export const minutes = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * What the countdown announces (a live region speaks at thresholds, not every second): under a
 * minute, then under 10 seconds.
 */
export const threshold = (seconds: number | null): 'soon' | 'last' | null =>
  seconds === null ? null : seconds <= 10 ? 'last' : seconds <= 60 ? 'soon' : null
