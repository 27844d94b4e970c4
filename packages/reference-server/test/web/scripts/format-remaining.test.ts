import { describe, expect, it } from 'vitest'
import { formatRemaining } from '../../../src/web/scripts/format-remaining'

describe('the sign page countdown text', () => {
  it.each([
    [1, 'in 1 s'],
    [59, 'in 59 s'],
    [60, 'in 1 min 00 s'],
    [127, 'in 2 min 07 s'],
    [3599, 'in 59 min 59 s'],
    [3600, 'in 1 h 0 min'],
    [14_400, 'in 4 h 0 min'],
    [3600 + 5 * 60 + 9, 'in 1 h 5 min'],
  ])('%i s left reads %s', (seconds, text) => {
    expect(formatRemaining(seconds)).toBe(text)
  })
})
