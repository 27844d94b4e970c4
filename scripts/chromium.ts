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
export function requireChromium(): string {
  const path = chromiumPath()
  if (existsSync(path)) return path
  throw new Error(
    `Chromium not found at ${path}. Run \`npx tsx scripts/provision-chromium.ts\` (as root it installs Debian's chromium with apt-get; the root \`test\` script runs it first), install it yourself (apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.`,
  )
}
