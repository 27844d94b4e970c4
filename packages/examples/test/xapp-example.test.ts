import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { connectChromium } from '../../../test/shared-chromium'

const examples = fileURLToPath(new URL('..', import.meta.url))
let child: ChildProcess | undefined
afterAll(() => {
  child?.kill()
})

/** Starts `xapp/serve.ts` as users do (tsx in a child process) and waits for its `open` line. */
function startExample(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'xapp/serve.ts'], { cwd: examples })
  let output = ''
  return new Promise((resolve, reject) => {
    child?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const url = /^open (http\S+)$/m.exec(output)?.[1]
      if (url) resolve(url)
    })
    child?.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child?.on('exit', (code) => reject(new Error(`xapp/serve.ts exited (${code}):\n${output}`)))
  })
}

describe('xapp example', () => {
  test('serve.ts: in the host simulator page the xApp pays Bob, Sign answers as Alice', async () => {
    const hostUrl = await startExample()
    const browser = await connectChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
      await page.goto(hostUrl)
      const xapp = page.frameLocator('#xapp')
      await expect.poll(() => xapp.getByRole('status').textContent()).toMatch(/^Signed in as r\w+$/)
      await xapp.getByRole('button', { name: 'Pay 1 XRP to Bob' }).click()
      await page.getByRole('button', { name: 'Sign', exact: true }).click()
      await expect
        .poll(() => xapp.getByRole('status').textContent())
        .toMatch(/^Paid: payment [0-9a-f-]{36} signed$/)
    } finally {
      await browser.close()
    }
  }, 90_000)
})
