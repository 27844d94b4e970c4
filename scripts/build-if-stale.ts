import { spawnSync } from 'node:child_process'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuildStale } from './stale-build.ts'

// `pnpm demo` and `pnpm demo:browser`: build a package only when its sources are newer than its
// dist/, so a second run starts at once. The packages to check may be given as arguments; by
// default the two published ones, the SDK first: the server's dist imports it.
const root = fileURLToPath(new URL('../', import.meta.url))
const given = process.argv.slice(2)
const packages =
  given.length > 0 ? given : ['sdk', 'reference-server'].map((name) => `${root}packages/${name}`)

// The pnpm that runs this script names itself in `npm_execpath`: build with that one. A nested
// `npx -y pnpm` would start npm inside pnpm, and npm warns about every pnpm setting it finds in
// the environment (`npm warn Unknown env config "verify-deps-before-run"`). Run on its own
// (`npx tsx scripts/build-if-stale.ts`), there is no pnpm to reuse: go through npx.
const execPath = process.env.npm_execpath ?? ''
const [pnpm, ...pnpmArgs] = basename(execPath).startsWith('pnpm')
  ? [process.execPath, execPath]
  : ['npx', '-y', 'pnpm@10.34.8']

for (const dir of packages) {
  const name = basename(dir)
  if (!isBuildStale(dir)) {
    process.stdout.write(`${name}: dist/ is up to date\n`)
    continue
  }
  process.stdout.write(`${name}: building (sources newer than dist/)\n`)
  const build = spawnSync(pnpm as string, [...pnpmArgs, 'run', 'build'], {
    cwd: dir,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
