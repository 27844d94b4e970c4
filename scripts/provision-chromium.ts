// The explicit first step of the root `test` script: make sure the browser tests have Chromium.
// Installing is done here and only here, never when a config is loaded.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath, requireChromium } from './chromium.ts'

const path = chromiumPath()
// Only Debian's own path is ours to fill; a CHROMIUM_PATH that is missing is the caller's mistake.
if (!existsSync(path) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
  console.log('[chromium] not found: installing Debian chromium with apt-get')
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' })
}
try {
  console.log(`[chromium] ${requireChromium()}`)
} catch (error) {
  console.error(`[chromium] ${(error as Error).message}`)
  process.exit(1)
}
