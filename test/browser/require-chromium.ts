import { requireChromium } from '../../scripts/chromium.ts'

/** Global setup of the browser project: fail at once, saying what to do, when Chromium is missing. */
export function setup(): void {
  requireChromium()
}
