import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { isBuildStale } from './stale-build.ts'

// `pnpm demo` and `pnpm demo:browser`: build a package only when its sources are newer than its
// dist/, so a second run starts at once. The SDK first: the server's dist imports it.
const root = fileURLToPath(new URL('../', import.meta.url))
for (const name of ['sdk', 'reference-server']) {
  const dir = `${root}packages/${name}`
  if (!isBuildStale(dir)) {
    process.stdout.write(`${name}: dist/ is up to date\n`)
    continue
  }
  process.stdout.write(`${name}: building (sources newer than dist/)\n`)
  const build = spawnSync('npx', ['-y', 'pnpm@10.34.8', 'run', 'build'], {
    cwd: dir,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
