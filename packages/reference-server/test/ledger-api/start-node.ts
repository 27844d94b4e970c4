import { Client, type SubmittableTransaction, type TxResponse, type Wallet } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { createClock } from '../../src/platform'

/**
 * A reference server on a free port with a manual clock and manual closes, `funded` credited on
 * TESTNET, and xrpl.js connected to its TESTNET node.
 */
export async function startNode(
  funded: readonly string[],
  drops: bigint,
): Promise<{ server: ReferenceServer; client: Client }> {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const server = createReferenceServer({ clock, ledgerCloseMs: false })
  const { api } = await server.listen(0)
  for (const address of funded) server.platform.ledger.fund(address, drops, ['TESTNET'])
  const client = new Client(`${api.replace(/^http/, 'ws')}/ledger/TESTNET`)
  await client.connect()
  return { server, client }
}

/**
 * Submits `tx` as an app's xrpl.js does (autofill, sign, `submit`), closes the ledger with the
 * node's `ledger_accept` (what a test against a stand-alone rippled does), and answers the
 * validated transaction from `tx`: what `submitAndWait` answers, without its one-second sleep.
 */
export async function submitValidated(
  client: Client,
  tx: SubmittableTransaction,
  wallet: Wallet,
): Promise<TxResponse['result']> {
  const submitted = await client.submit(tx, { wallet })
  await client.request({ command: 'ledger_accept' } as never)
  const { result } = await client.request({
    command: 'tx',
    transaction: submitted.result.tx_json.hash as string,
  })
  if (!result.validated) throw new Error(`${result.hash} is not validated after ledger_accept`)
  return result
}
