// The screenshots' page script: the elements from the SDK's sources, and a page clock that stands
// still (scripts/ui-screenshots.ts gives it to each element), so a countdown reads the same on
// every run.
import 'pullsign/ui/define'
import { createFakeClock } from '../packages/sdk/test/support/fake-clock.ts'

Object.assign(window, { clock: createFakeClock(Date.UTC(2026, 0, 1)) })
