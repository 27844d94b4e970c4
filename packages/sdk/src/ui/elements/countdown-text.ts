import type { UiStrings } from '../locales/en'

/** Seconds as `m:ss`, the countdown's face. */
const minutes = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * A countdown's two texts for `left` seconds (`null`: nothing to count): its face (`m:ss`), and
 * what its live region announces, only at thresholds (under a minute, then under 10 seconds), not
 * every second. The countdown element and the panel both show it.
 */
export const countdownTexts = (
  left: number | null,
  t: (key: keyof UiStrings, value?: string) => string,
): [face: string, announced: string] =>
  left === null
    ? ['', '']
    : [t('expires', minutes(left)), left <= 10 ? t('last') : left <= 60 ? t('soon') : '']
