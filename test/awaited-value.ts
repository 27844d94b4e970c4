// A value a vitest globalSetup makes available once it is ready, to test files running in other
// processes: served on loopback, so a file awaits it (one request, answered when the value is)
// without polling, and the run need not wait for it before starting the other files.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Serves what `produce` resolves to (called on the first request, once) and answers its error
 * with status 500. Resolves the URL to give the test files (`project.provide`) and `close`.
 */
export async function serveValue(
  produce: () => Promise<string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  let value: Promise<string> | undefined
  const server = createServer((_req, res) => {
    value ??= produce()
    value.then(
      (text) => res.end(text),
      (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.message : String(err)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        // The files' fetches keep their connections alive: closed now, not after their timeout.
        server.closeAllConnections()
      }),
  }
}

/** The value served at `url` by {@link serveValue}; throws its error, saying what it was for. */
export async function awaitValue(url: string, what: string): Promise<string> {
  const res = await fetch(url)
  const text = await res.text()
  if (!res.ok) throw new Error(`${what} failed: ${text}`)
  return text
}
