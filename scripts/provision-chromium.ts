// The explicit first step of the root `test` script: make sure the browser tests have Chromium.
// Installing is done here and only here, never when a config is loaded.
import { chromiumPath, provisionChromium } from './chromium.ts'

try {
  const path = provisionChromium({
    path: chromiumPath(),
    // Only Debian's own path is ours to fill; a CHROMIUM_PATH that is missing is the caller's
    // mistake. apt-get needs root.
    mayInstall: !process.env.CHROMIUM_PATH && process.getuid?.() === 0,
    aptGet: 'apt-get',
    log: (line) => console.log(line),
  })
  console.log(`[chromium] ${path}`)
} catch (error) {
  console.error(`[chromium] ${(error as Error).message}`)
  process.exit(1)
}
