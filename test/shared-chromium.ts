// One Chromium per test project and run, shared by every file that drives a browser through
// playwright: each file connects to it and opens contexts of its own (as isolated from the other
// files' as from another browser's), instead of launching a browser of its own (~1.5 s of CPU).
// Launched on the first file's request, so a run without browser tests starts none.
import { type Browser, type BrowserServer, chromium } from 'playwright'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { chromiumArgs, requireChromium } from '../scripts/chromium.ts'
import { awaitValue, serveValue } from './awaited-value.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Serves the shared Chromium's WebSocket endpoint (launching it on the first request). */
    chromiumEndpoint: string
  }
}

/** vitest globalSetup of a project whose tests call {@link connectChromium}. */
export default async function setup(project: TestProject) {
  let launched: Promise<BrowserServer> | undefined
  const served = await serveValue(async () => {
    launched = chromium.launchServer({ executablePath: requireChromium(), args: chromiumArgs })
    return (await launched).wsEndpoint()
  })
  project.provide('chromiumEndpoint', served.url)
  return async () => {
    await served.close()
    await (await launched?.catch(() => undefined))?.close()
  }
}

/**
 * Connects to the project's shared Chromium. `close()` on the answer closes this file's contexts
 * and disconnects; the browser itself stays up for the other files.
 */
export async function connectChromium(): Promise<Browser> {
  return chromium.connect(await awaitValue(inject('chromiumEndpoint'), 'starting Chromium'))
}
