import { Client } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { createClock } from '../../src/platform'

/**
 * A reference server on a free port with a manual clock, `funded` credited on TESTNET, each
 * transaction validated as soon as the node applies it (submitAndWait needs no timer), and
 * xrpl.js connected to its TESTNET node.
 */
export async function startNode(
  funded: readonly string[],
  drops: bigint,
): Promise<{ server: ReferenceServer; client: Client }> {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const server = createReferenceServer({ clock, ledgerCloseMs: false })
  const { api } = await server.listen(0)
  for (const address of funded) server.platform.ledger.fund(address, drops, ['TESTNET'])
  server.platform.ledger.onTransaction(({ network }) => server.platform.ledger.close(network))
  const client = new Client(`${api.replace(/^http/, 'ws')}/ledger/TESTNET`)
  await client.connect()
  return { server, client }
}
