/** The sign page's countdown text for a whole number of seconds left: `in 1 h 5 min`, `in 2 min 07 s`, `in 9 s`. */
export function formatRemaining(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `in ${h} h ${m} min`
  if (m > 0) return `in ${m} min ${s < 10 ? '0' : ''}${s} s`
  return `in ${s} s`
}
