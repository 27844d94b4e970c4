/** One measured number of a benchmark, with its same-run baseline and its goal. */
export interface BenchLine {
  name: string
  value: number
  unit: string
  /** What the value is compared with in the same run, for the reader (not the verdict). */
  baseline: { name: string; value: number; unit: string } | null
  /**
   * The goal: the judged number (the value, or value/baseline) must be at least or at most this;
   * null for a number printed to explain another one.
   */
  goal: { judged: 'value' | 'ratio'; atLeast?: number; atMost?: number } | null
}

/** A line with its verdict. */
export interface JudgedLine extends BenchLine {
  judgedValue: number
  pass: boolean
}

/** Marks the machine-readable summary a bench prints last (bench/run.ts and the smoke test read it). */
export const RESULT_PREFIX = 'BENCH_RESULT '

const format = (value: number) =>
  Math.abs(value) >= 100
    ? Math.round(value).toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 2 })

/** Whether the bench was started with `--quick` (a tiny configuration, for the smoke test). */
export const quick = process.argv.includes('--quick')

/**
 * Judges and prints the lines of one bench, then the JSON summary; sets a failing exit code when
 * a goal is missed in a full run (quick runs only prove the bench still works).
 */
export function report(bench: string, lines: BenchLine[]): JudgedLine[] {
  const judged = lines.map((line): JudgedLine => {
    const judgedValue =
      line.goal?.judged === 'ratio' && line.baseline ? line.value / line.baseline.value : line.value
    const pass =
      (line.goal?.atLeast === undefined || judgedValue >= line.goal.atLeast) &&
      (line.goal?.atMost === undefined || judgedValue <= line.goal.atMost)
    return { ...line, judgedValue, pass }
  })
  console.log(`\n== ${bench}${quick ? ' (quick configuration: numbers are not meaningful)' : ''}`)
  for (const line of judged) {
    const base = line.baseline
      ? `  baseline ${line.baseline.name}: ${format(line.baseline.value)} ${line.baseline.unit}`
      : ''
    console.log(`${line.name}: ${format(line.value)} ${line.unit}${base}`)
    const { goal } = line
    if (!goal) continue
    const bounds = [
      goal.atLeast === undefined ? '' : `>= ${goal.atLeast}`,
      goal.atMost === undefined ? '' : `<= ${goal.atMost}`,
    ]
      .filter(Boolean)
      .join(' and ')
    const judged = goal.judged === 'ratio' ? `ratio ${format(line.judgedValue)}` : 'value'
    const unit = goal.judged === 'ratio' ? '' : ` ${line.unit}`
    console.log(`  ${judged}, goal ${bounds}${unit}: ${line.pass ? 'PASS' : 'FAIL'}`)
  }
  console.log(`${RESULT_PREFIX}${JSON.stringify({ bench, quick, lines: judged })}`)
  if (!quick && judged.some((line) => !line.pass)) process.exitCode = 1
  return judged
}
