/** Whether a link may be followed from a page: http and https only (no `javascript:`, no `data:`). */
export const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value)
