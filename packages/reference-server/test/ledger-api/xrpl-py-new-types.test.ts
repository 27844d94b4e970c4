import { encode, encodeForSigning, XrplDefinitions } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { mptIssuanceId, mptIssuanceIndex, mptokenIndex } from '../../src/ledger/state/keylets'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'
import xrplPy from '../ledger/fixtures/xrpl-py-new-types.json'

// What xrpl-py sends for issue 42's types, against the node. PyPI is out of reach here and in CI,
// so xrpl-py itself cannot run; its fixture (test/ledger/fixtures/xrpl-py-new-types.json) holds,
// from XRPLF/xrpl-py at the commit it names: each type's code and its fields' definitions from
// its binary codec's definitions.json, each model's fields as `to_xrpl()` names them (its
// `_key_to_tx_json` with base_model.py's ABBREVIATIONS), and its models' flag values.
type FieldDefinition = (typeof xrplPy.fields)[keyof typeof xrplPy.fields]
type ServedDefinitions = {
  TRANSACTION_TYPES: Record<string, number>
  LEDGER_ENTRY_TYPES: Record<string, number>
  FIELDS: [string, FieldDefinition][]
}

let env: InProcessTestEnvironment
let client: Client
let served: ServedDefinitions
let definitions: XrplDefinitions
beforeAll(async () => {
  env = await createTestEnvironment({ clock: 'manual' })
  client = new Client(env.ledger.TESTNET.ws)
  await client.connect()
  const answer = await client.request({ command: 'server_definitions' } as never)
  served = (answer as unknown as { result: ServedDefinitions }).result
  definitions = new XrplDefinitions(
    served as unknown as ConstructorParameters<typeof XrplDefinitions>[0],
  )
}, 30_000)
afterAll(async () => {
  await client.disconnect()
  await env.close()
})

// A field of a type as xrpl-py's model names it in its JSON: the test fails if the model has none.
function field(type: keyof typeof xrplPy.transactions, name: string): string {
  expect(xrplPy.transactions[type].fields).toContain(name)
  return name
}
const flags = xrplPy.flags

const rpc = async (request: Record<string, unknown>) =>
  ((await client.request(request as never)) as { result: Record<string, unknown> }).result
async function submit(wallet: Wallet, fields: Record<string, unknown>) {
  const info = await rpc({ command: 'account_info', account: wallet.classicAddress })
  const tx = {
    Account: wallet.classicAddress,
    Sequence: (info.account_data as { Sequence: number }).Sequence,
    Fee: '12',
    SigningPubKey: wallet.publicKey,
    ...fields,
  }
  const TxnSignature = sign(encodeForSigning(tx, definitions), wallet.privateKey)
  return (await rpc({ command: 'submit', tx_blob: encode({ ...tx, TxnSignature }, definitions) }))
    .engine_result
}
const entry = async (index: string) =>
  (await rpc({ command: 'ledger_entry', index }).catch(() => ({ node: null }))).node as Record<
    string,
    unknown
  > | null

describe('xrpl-py’s binary codec and the node’s definitions [xrpl-py definitions.json]', () => {
  it('give each of issue 42’s types the code xrpl-py encodes it with', () => {
    for (const [type, { code }] of Object.entries(xrplPy.transactions)) {
      expect(served.TRANSACTION_TYPES[type], type).toBe(code)
    }
    for (const [type, code] of Object.entries(xrplPy.ledgerEntryTypes)) {
      expect(served.LEDGER_ENTRY_TYPES[type], type).toBe(code)
    }
  })

  it('define each field xrpl-py’s models send exactly as xrpl-py does', () => {
    const byName = new Map(served.FIELDS)
    for (const [name, expected] of Object.entries(xrplPy.fields)) {
      expect(byName.get(name), name).toEqual(expected)
    }
  })
})

describe('what xrpl-py’s models send is applied by the node [rippled MPTokenIssuanceCreate.cpp, MPTokenAuthorize.cpp, MPTokenIssuanceSet.cpp, SetAccount.cpp]', () => {
  it('an MPT issued, authorized, locked, unlocked and given up with xrpl-py’s field names and flag values', async () => {
    const [issuer, holder] = [0, 1].map((i) =>
      Wallet.fromSeed(env.ledger.TESTNET.wallets[i]?.seed as string),
    ) as [Wallet, Wallet]
    const sequence = (
      (await rpc({ command: 'account_info', account: issuer.classicAddress })).account_data as {
        Sequence: number
      }
    ).Sequence
    const create = flags.MPTokenIssuanceCreateFlag
    expect(
      await submit(issuer, {
        TransactionType: 'MPTokenIssuanceCreate',
        Flags: create.TF_MPT_CAN_LOCK | create.TF_MPT_CAN_TRANSFER | create.TF_MPT_CAN_CLAWBACK,
        [field('MPTokenIssuanceCreate', 'AssetScale')]: 2,
        [field('MPTokenIssuanceCreate', 'MaximumAmount')]: '1000000',
        [field('MPTokenIssuanceCreate', 'TransferFee')]: 100,
      }),
    ).toBe('tesSUCCESS')
    const id = mptIssuanceId(sequence, issuer.classicAddress)
    // lsfMPTCanLock 0x02, lsfMPTCanTransfer 0x20, lsfMPTCanClawback 0x40: the tf values again.
    expect(await entry(mptIssuanceIndex(id))).toMatchObject({ Flags: 0x62, AssetScale: 2 })
    const idField = field('MPTokenAuthorize', 'MPTokenIssuanceID')
    expect(await submit(holder, { TransactionType: 'MPTokenAuthorize', [idField]: id })).toBe(
      'tesSUCCESS',
    )
    const set = flags.MPTokenIssuanceSetFlag
    const lock = (Flags: number) =>
      submit(issuer, {
        TransactionType: 'MPTokenIssuanceSet',
        Flags,
        [field('MPTokenIssuanceSet', 'MPTokenIssuanceID')]: id,
        [field('MPTokenIssuanceSet', 'Holder')]: holder.classicAddress,
      })
    expect(await lock(set.TF_MPT_LOCK)).toBe('tesSUCCESS')
    // lsfMPTLocked 0x01 on the holder's MPToken.
    expect(await entry(mptokenIndex(id, holder.classicAddress))).toMatchObject({ Flags: 1 })
    expect(await lock(set.TF_MPT_UNLOCK)).toBe('tesSUCCESS')
    expect(await entry(mptokenIndex(id, holder.classicAddress))).toMatchObject({ Flags: 0 })
    const optOut = await submit(holder, {
      TransactionType: 'MPTokenAuthorize',
      Flags: flags.MPTokenAuthorizeFlag.TF_MPT_UNAUTHORIZE,
      [idField]: id,
    })
    expect(optOut).toBe('tesSUCCESS')
    expect(await entry(mptokenIndex(id, holder.classicAddress))).toBeNull()
  })

  it('AccountSet with xrpl-py’s ASF_ALLOW_TRUSTLINE_CLAWBACK sets lsfAllowTrustLineClawback', async () => {
    const funder = Wallet.fromSeed(env.ledger.TESTNET.wallets[2]?.seed as string)
    const issuer = Wallet.generate()
    expect(
      await submit(funder, {
        TransactionType: 'Payment',
        Destination: issuer.classicAddress,
        Amount: '20000000',
      }),
    ).toBe('tesSUCCESS')
    expect(
      await submit(issuer, {
        TransactionType: 'AccountSet',
        SetFlag: flags.AccountSetAsfFlag.ASF_ALLOW_TRUSTLINE_CLAWBACK,
      }),
    ).toBe('tesSUCCESS')
    const info = await rpc({ command: 'account_info', account: issuer.classicAddress })
    expect(((info.account_data as { Flags: number }).Flags & 0x80000000) >>> 0).toBe(0x80000000)
  })
})
