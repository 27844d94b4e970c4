// One Chromium per test project and run, shared by every file that drives a browser through
// playwright: each file connects to it and opens contexts of its own (as isolated from the other
// files' as from another browser's), instead of launching a browser of its own (~1.5 s of CPU).
// Launched on the first file's request, so a run without browser tests starts none.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, type BrowserServer, chromium } from 'playwright'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { chromiumArgs, requireChromium } from '../scripts/chromium.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Answers GET with the shared Chromium's WebSocket endpoint (launching it the first time). */
    chromiumBroker: string
  }
}

/** vitest globalSetup of a project whose tests call {@link connectChromium}. */
export default async function setup(project: TestProject) {
  let launched: Promise<BrowserServer> | undefined
  const broker = createServer((_req, res) => {
    launched ??= chromium.launchServer({ executablePath: requireChromium(), args: chromiumArgs })
    launched.then(
      (browser) => res.end(browser.wsEndpoint()),
      (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.message : String(err)),
    )
  })
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve))
  project.provide('chromiumBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}`)
  return async () => {
    await new Promise((resolve) => broker.close(resolve))
    await (await launched?.catch(() => undefined))?.close()
  }
}

/**
 * Connects to the project's shared Chromium. `close()` on the answer closes this file's contexts
 * and disconnects; the browser itself stays up for the other files.
 */
export async function connectChromium(): Promise<Browser> {
  const res = await fetch(inject('chromiumBroker'))
  const text = await res.text()
  if (!res.ok) throw new Error(`the shared Chromium did not start: ${text}`)
  return chromium.connect(text)
}
