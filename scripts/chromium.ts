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
 * Returns the path of Debian's Chromium (`CHROMIUM_PATH` overrides). When it is missing, installs
 * it with apt-get if this process may, else throws: browser tests never skip silently.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return path
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
    console.warn('[chromium] not found: installing Debian chromium with apt-get')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' })
    if (existsSync(path)) return path
  }
  throw new Error(
    `Chromium not found at ${path}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  )
}
