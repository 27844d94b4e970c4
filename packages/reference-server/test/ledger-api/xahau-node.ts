import { encode, encodeForSigning, XrplDefinitions } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { afterAll, beforeAll } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { codecForm } from '../../src/ledger/codec/network-codec'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

/**
 * A kit environment's XAHAU node as a Xahau app reaches it: xrpl.js 5.3.0 over its WebSocket, each
 * blob encoded with the definitions the node serves (`server_definitions`) through
 * ripple-binary-codec's `XrplDefinitions`, since xrpl.js's Wallet.sign validates against the XRP
 * Ledger's own models and takes no definitions. Registers the file's beforeAll and afterAll.
 */
export function xahauNode() {
  let env: InProcessTestEnvironment
  let client: Client
  let definitions: XrplDefinitions
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual' })
    client = new Client(env.ledger.XAHAU.ws)
    await client.connect()
    const served = await client.request({ command: 'server_definitions' } as never)
    definitions = new XrplDefinitions(
      codecForm((served as { result: ConstructorParameters<typeof XrplDefinitions>[0] }).result),
    )
  }, 30_000)
  afterAll(async () => {
    await client.disconnect()
    await env.close()
  })

  const rpc = async (request: Record<string, unknown>) =>
    ((await client.request(request as never)) as { result: Record<string, unknown> }).result

  // Autofills from the node (Sequence; the least fee), signs with xahaud's definitions.
  const blobOf = async (wallet: Wallet, fields: Record<string, unknown>) => {
    const info = await rpc({ command: 'account_info', account: wallet.classicAddress })
    const tx = {
      Account: wallet.classicAddress,
      Sequence: (info.account_data as { Sequence: number }).Sequence,
      Fee: '100',
      NetworkID: 21337,
      SigningPubKey: wallet.publicKey,
      ...fields,
    }
    const TxnSignature = sign(encodeForSigning(tx, definitions), wallet.privateKey)
    return encode({ ...tx, TxnSignature }, definitions)
  }

  return {
    rpc,
    blobOf,
    submit: async (wallet: Wallet, fields: Record<string, unknown>) =>
      rpc({ command: 'submit', tx_blob: await blobOf(wallet, fields) }),
    /** One of the environment's funded XAHAU wallets. */
    walletAt: (i: number) => Wallet.fromSeed(env.ledger.XAHAU.wallets[i]?.seed as string),
    /** The definitions the node serves, in the codec's form. */
    definitions: () => definitions,
  }
}
