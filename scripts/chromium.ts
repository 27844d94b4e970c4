import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Flags that keep Chromium quiet on a machine with a closed network (DESIGN.md, toolchain). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Where the browser tests expect Chromium: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`.
 * Pure: it neither checks nor installs anything, so loading the vitest config stays side-effect
 * free.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium'
}

/**
 * Returns {@link chromiumPath} when the file is there, else throws saying how to get it: the
 * browser tests never skip silently.
 */
export function requireChromium(path = chromiumPath()): string {
  if (existsSync(path)) return path
  throw new Error(
    `Chromium not found at ${path}. Run \`npx tsx scripts/provision-chromium.ts\` (as root it installs Debian's chromium with apt-get; the root \`test\` script runs it first), install it yourself (apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.`,
  )
}

/** What provisioning may do on this machine; the script passes the real one, a test its own. */
export interface ChromiumProvisioning {
  /** Where Chromium is expected ({@link chromiumPath}). */
  path: string
  /** Whether a missing `path` may be installed: Debian's own path (no `CHROMIUM_PATH`), as root. */
  mayInstall: boolean
  /** The apt-get to run (a test passes a fake one). */
  aptGet: string
  /** Where the lines for the person running the tests go. */
  log: (line: string) => void
}

/**
 * Makes sure Chromium is at `path`: when it is missing and may be installed, says so, then
 * installs Debian's chromium with apt-get. Returns the path, or throws what to do
 * ({@link requireChromium}).
 */
export function provisionChromium({ path, mayInstall, aptGet, log }: ChromiumProvisioning): string {
  if (!existsSync(path) && mayInstall) {
    // Said before apt starts: the test command is about to change the machine.
    log(
      `[chromium] ${path} not found: installing Debian's chromium package as root for the browser ` +
        'tests (apt-get update, then apt-get install -y chromium). To use another Chromium ' +
        'instead, stop here and set CHROMIUM_PATH to its binary.',
    )
    execFileSync(aptGet, ['update', '-qq'], { stdio: 'inherit' })
    execFileSync(aptGet, ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' })
  }
  return requireChromium(path)
}
