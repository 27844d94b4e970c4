import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

// What a package's build reads besides src/: its top-level files (package.json, tsup.config.ts,
// tsconfig.build.json, …). Tests, benches and docs do not change dist/.
const topLevelInputs = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
    .map((entry) => join(dir, entry.name))

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })

/**
 * Whether a package's dist/ is older than what it is built from: missing or empty, or some file
 * of src/ (or a top-level build file) changed after the oldest file of dist/.
 *
 * @example
 * ```ts
 * if (isBuildStale('packages/sdk')) build('packages/sdk')
 * ```
 */
export function isBuildStale(dir: string): boolean {
  const dist = join(dir, 'dist')
  const built = existsSync(dist) ? filesUnder(dist) : []
  if (built.length === 0) return true
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs))
  const inputs = [...topLevelInputs(dir), ...filesUnder(join(dir, 'src'))]
  return inputs.some((file) => statSync(file).mtimeMs > builtAt)
}
