import fc from 'fast-check'
import { decodeAccountID } from 'ripple-address-codec'
import { encode, encodeForSigning, XrplDefinitions } from 'ripple-binary-codec'
import { deriveAddress, deriveKeypair, generateSeed, sign } from 'ripple-keypairs'
import { codecForm } from '../src/ledger/codec/network-codec'
import { accountRootIndex, uriTokenIndex } from '../src/ledger/state/keylets'
import { nativeTotal } from './native-total'

// The node fuzz's transactions of issue 42's types (bench/fuzz.ts, test/ledger-api/
// node-new-types-fuzz.test.ts): generated fields, flags and amounts, signed with the definitions
// the node serves for the network and submitted over its socket as a client sends them.

/** The network a fuzz runs on: rippled's types on TESTNET, xahaud's on XAHAU. */
export type FuzzNetwork = 'TESTNET' | 'XAHAU'

/** What the fuzz needs of a server: its ledger (as `platform.ledger`) and a socket per network. */
export interface TransactionFuzzHost {
  ledger: {
    fund(address: string, drops: bigint, networks: readonly FuzzNetwork[]): void
    account(network: FuzzNetwork, address: string): { sequence: number } | null
    close(network: FuzzNetwork): unknown
    view(network: FuzzNetwork): unknown
  }
  /** One request on the network's socket, its answer (rippled's envelope) back. */
  ask(network: FuzzNetwork, frame: Record<string, unknown>): Promise<Record<string, unknown>>
}

/** What a run found: submissions, results by name, and what must never happen. */
export interface TransactionFuzzOutcome {
  submitted: number
  /** Submissions by transaction type. */
  types: Map<string, number>
  results: Map<string, number>
  /** Answers outside rippled's envelope, `internal`, or an exception or invariant result. */
  bad: string[]
  /** Submissions after which the ledger held more native than before. */
  nativeCreated: string[]
}

interface Party {
  address: string
  publicKey: string
  privateKey: string
}

// Each type's fields (rippled's and xahaud's TxFormats), Flags on every one.
const SHAPES: Readonly<Record<FuzzNetwork, Readonly<Record<string, readonly string[]>>>> = {
  TESTNET: {
    MPTokenIssuanceCreate: [
      'Flags',
      'AssetScale',
      'TransferFee',
      'MaximumAmount',
      'MPTokenMetadata',
    ],
    MPTokenIssuanceDestroy: ['Flags', 'MPTokenIssuanceID'],
    MPTokenIssuanceSet: ['Flags', 'MPTokenIssuanceID', 'Holder'],
    MPTokenAuthorize: ['Flags', 'MPTokenIssuanceID', 'Holder'],
    Payment: ['Flags', 'Amount', 'Destination', 'SendMax', 'DeliverMin'],
    Clawback: ['Flags', 'Amount', 'Holder'],
    CredentialCreate: ['Flags', 'Subject', 'CredentialType', 'Expiration', 'URI'],
    CredentialAccept: ['Flags', 'Issuer', 'CredentialType'],
    CredentialDelete: ['Flags', 'Subject', 'Issuer', 'CredentialType'],
    PermissionedDomainSet: ['Flags', 'DomainID', 'AcceptedCredentials'],
    PermissionedDomainDelete: ['Flags', 'DomainID'],
    DIDSet: ['Flags', 'URI', 'Data', 'DIDDocument'],
    DIDDelete: ['Flags'],
    OracleSet: [
      'Flags',
      'OracleDocumentID',
      'Provider',
      'URI',
      'AssetClass',
      'LastUpdateTime',
      'PriceDataSeries',
    ],
    OracleDelete: ['Flags', 'OracleDocumentID'],
  },
  XAHAU: {
    URITokenMint: ['Flags', 'URI', 'Amount', 'Destination'],
    URITokenBurn: ['Flags', 'URITokenID'],
    URITokenBuy: ['Flags', 'URITokenID', 'Amount'],
    URITokenCreateSellOffer: ['Flags', 'URITokenID', 'Amount', 'Destination'],
    URITokenCancelSellOffer: ['Flags', 'URITokenID'],
    Remit: ['Flags', 'Destination', 'Amounts', 'URITokenIDs', 'Inform'],
    ClaimReward: ['Flags', 'Issuer'],
    SetRemarks: ['Flags', 'ObjectID', 'Remarks'],
    Clawback: ['Flags', 'Amount'],
  },
}

/** The types each network's fuzz sends: issue 42's (the keys of SHAPES below). */
export const fuzzedTypes = (network: FuzzNetwork): string[] => Object.keys(SHAPES[network])

// Parties from fixed entropy: the same accounts on every run.
const party = (n: number): Party => {
  const seed = generateSeed({ entropy: Uint8Array.from({ length: 16 }, (_, i) => n * 16 + i) })
  const keys = deriveKeypair(seed)
  return { ...keys, address: deriveAddress(keys.publicKey) }
}
const PARTIES = [party(1), party(2), party(3)]
const [ISSUER, HOLDER, OTHER] = PARTIES as [Party, Party, Party]
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const NETWORK_ID: Record<FuzzNetwork, number | undefined> = { TESTNET: undefined, XAHAU: 21337 }
const hex = (maxBytes: number, minBytes = 0) =>
  fc
    .uint8Array({ minLength: minBytes, maxLength: maxBytes })
    .map((bytes) => Buffer.from(bytes).toString('hex'))
const hash = fc.constantFrom('00', 'AB', 'FF').map((b) => b.repeat(32))

const mptIdOf = (sequence: number, issuer: string) =>
  `${sequence.toString(16).padStart(8, '0')}${Buffer.from(decodeAccountID(issuer)).toString('hex')}`.toUpperCase()

// Generated fields for one of the network's types: most keep to each type's fields so the rules run past
// preflight; amounts, flags and the rest are random, hostile ones among them.
function transactions(network: FuzzNetwork, known: { mptId: string; ids: string[] }) {
  const address = fc.constantFrom(...PARTIES.map((p) => p.address), GENESIS)
  const value = fc.constantFrom('0', '-1', '1', '5', '1000', '1e-90', '9999999999999999e80', '0.5')
  const drops = fc.oneof(
    fc.constantFrom('0', '1', '100000000000000000'),
    fc.integer({ min: 1, max: 50_000_000 }).map(String),
  )
  const mpt = fc.record(
    {
      mpt_issuance_id: fc.oneof(
        fc.constant(known.mptId),
        hex(24).map((h) => h.padEnd(48, '0')),
      ),
      value: fc.constantFrom('0', '1', '7', '100', '9223372036854775807', '9223372036854775808'),
    },
    { noNullPrototype: true },
  )
  const issued = fc.record(
    { currency: fc.constantFrom('USD', 'EUR'), issuer: address, value },
    { noNullPrototype: true },
  )
  const amount = fc.oneof(drops, issued, ...(network === 'TESTNET' ? [mpt, mpt] : []))
  const id = fc.oneof(fc.constantFrom(...known.ids), hash)
  // Mostly none or one of the types' own flags, so the rules run past the flag checks.
  const flags = fc.oneof(
    { arbitrary: fc.constant(0), weight: 4 },
    { arbitrary: fc.constantFrom(1, 2, 4, 8, 0x20, 0x40, 0x62, 0x10000, 0x20000), weight: 2 },
    { arbitrary: fc.nat(), weight: 1 },
  )
  const credentialType = fc.oneof(fc.constantFrom('4B5943', '414D4C'), hex(70))
  const fields: Record<string, fc.Arbitrary<unknown>> = {
    Flags: flags,
    Amount: amount,
    SendMax: amount,
    DeliverMin: amount,
    Destination: address,
    Holder: address,
    Subject: address,
    Issuer: address,
    Inform: address,
    MPTokenIssuanceID: fc.oneof(
      fc.constant(known.mptId),
      hex(24).map((h) => h.padEnd(48, '0')),
    ),
    MaximumAmount: fc.constantFrom('0', '1', '1000', '9223372036854775807'),
    AssetScale: fc.integer({ min: 0, max: 20 }),
    TransferFee: fc.integer({ min: 0, max: 60_000 }),
    MPTokenMetadata: hex(1100),
    CredentialType: credentialType,
    Expiration: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    URI: hex(300),
    Data: hex(300),
    DIDDocument: hex(300),
    DomainID: id,
    AcceptedCredentials: fc.array(
      fc.record(
        {
          Credential: fc.record(
            { Issuer: address, CredentialType: credentialType },
            { noNullPrototype: true },
          ),
        },
        { noNullPrototype: true },
      ),
      { maxLength: 11 },
    ),
    OracleDocumentID: fc.integer({ min: 0, max: 3 }),
    Provider: hex(300),
    AssetClass: hex(20),
    LastUpdateTime: fc.integer({ min: 1_767_225_000, max: 1_767_226_000 }),
    PriceDataSeries: fc.array(
      fc.record(
        {
          PriceData: fc.record(
            {
              BaseAsset: fc.constantFrom('XRP', 'USD', 'EUR'),
              QuoteAsset: fc.constantFrom('USD', 'EUR', 'XRP'),
              AssetPrice: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((n) => n.toString(16)),
              Scale: fc.integer({ min: 0, max: 20 }),
            },
            { requiredKeys: ['BaseAsset', 'QuoteAsset'], noNullPrototype: true },
          ),
        },
        { noNullPrototype: true },
      ),
      { maxLength: 11 },
    ),
    URITokenID: id,
    URITokenIDs: fc.array(id, { maxLength: 3 }),
    Amounts: fc.array(
      amount.map((Amount) => ({ AmountEntry: { Amount } })),
      { maxLength: 4 },
    ),
    ObjectID: id,
    Remarks: fc.array(
      fc.record(
        {
          Remark: fc.record(
            { RemarkName: hex(8), RemarkValue: hex(8), Flags: fc.constantFrom(0, 1, 2) },
            { requiredKeys: ['RemarkName'], noNullPrototype: true },
          ),
        },
        { noNullPrototype: true },
      ),
      { maxLength: 4 },
    ),
  }
  const shapes = SHAPES[network]
  const only = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, fields[name] as fc.Arbitrary<unknown>]))
  // Three in four keep to the type's own fields; the rest take any field the network knows.
  const everyField = [...new Set(Object.values(shapes).flat())]
  return fc
    .tuple(fc.constantFrom(...Object.keys(shapes)), fc.nat({ max: 3 }))
    .chain(([type, pick]) =>
      fc
        .record(only(pick === 0 ? everyField : (shapes[type] as readonly string[])), {
          requiredKeys: [],
          noNullPrototype: true,
        })
        .map((random) => ({ TransactionType: type, ...random })),
    )
}

// Setup that lets the rules run deep: the issuer allows clawback and issues USD to the others,
// one MPT issuance (transferable, lockable, clawable) held by the holder, one URIToken on XAHAU.
async function prepare(host: TransactionFuzzHost, network: FuzzNetwork, sendAs: SendAs) {
  for (const p of PARTIES) host.ledger.fund(p.address, 10_000_000_000n, [network])
  await sendAs(ISSUER, { TransactionType: 'AccountSet', SetFlag: 16 })
  for (const p of [HOLDER, OTHER]) {
    const usd = { currency: 'USD', issuer: ISSUER.address, value: '1000000' }
    await sendAs(p, { TransactionType: 'TrustSet', LimitAmount: usd })
    await sendAs(ISSUER, {
      TransactionType: 'Payment',
      Destination: p.address,
      Amount: { ...usd, value: '5000' },
    })
  }
  const ids = [accountRootIndex(ISSUER.address)]
  let mptId = '0'.repeat(48)
  if (network === 'TESTNET') {
    const sequence = host.ledger.account(network, ISSUER.address)?.sequence ?? 0
    await sendAs(ISSUER, { TransactionType: 'MPTokenIssuanceCreate', Flags: 0x62 })
    mptId = mptIdOf(sequence, ISSUER.address)
    await sendAs(HOLDER, { TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId })
    await sendAs(ISSUER, {
      TransactionType: 'Payment',
      Destination: HOLDER.address,
      Amount: { mpt_issuance_id: mptId, value: '1000' },
    })
  } else {
    const URI = Buffer.from('ipfs://fuzz', 'utf8').toString('hex').toUpperCase()
    await sendAs(ISSUER, { TransactionType: 'URITokenMint', URI, Amount: '1' })
    ids.push(uriTokenIndex(ISSUER.address, URI))
  }
  host.ledger.close(network)
  return { mptId, ids }
}

type SendAs = (party: Party, fields: Record<string, unknown>) => Promise<Record<string, unknown>>

/**
 * Submits `count` generated transactions of issue 42's types on `network` (seeded: the same run
 * every time), each signed by one of three funded parties with the definitions the node serves,
 * and reports what came back. Blobs the served definitions cannot encode are skipped (a client
 * cannot send them). A ledger close follows every tenth.
 *
 * @example
 * ```ts
 * const outcome = await fuzzTransactions(host, 'XAHAU', { count: 300, seed: 42 })
 * outcome.bad // []
 * ```
 */
export async function fuzzTransactions(
  host: TransactionFuzzHost,
  network: FuzzNetwork,
  options: { count: number; seed: number },
): Promise<TransactionFuzzOutcome> {
  const served = await host.ask(network, { command: 'server_definitions' })
  const definitions = new XrplDefinitions(
    codecForm(served.result as ConstructorParameters<typeof XrplDefinitions>[0]),
  )
  const blobOf = (from: Party, fields: Record<string, unknown>) => {
    const networkId = NETWORK_ID[network]
    const tx = {
      ...fields,
      Account: from.address,
      Sequence: host.ledger.account(network, from.address)?.sequence ?? 0,
      Fee: '5000',
      SigningPubKey: from.publicKey,
      ...(networkId === undefined ? {} : { NetworkID: networkId }),
    }
    const TxnSignature = sign(encodeForSigning(tx, definitions), from.privateKey)
    return encode({ ...tx, TxnSignature }, definitions)
  }
  const sendAs: SendAs = (from, fields) =>
    host.ask(network, { command: 'submit', tx_blob: blobOf(from, fields) })
  const known = await prepare(host, network, sendAs)
  const samples = fc.sample(
    fc.tuple(transactions(network, known), fc.nat({ max: PARTIES.length - 1 })),
    { numRuns: options.count, seed: options.seed },
  )
  const outcome: TransactionFuzzOutcome = {
    submitted: 0,
    types: new Map(),
    results: new Map(),
    bad: [],
    nativeCreated: [],
  }
  let total = nativeTotal(host.ledger.view(network))
  for (const [index, [fields, signer]] of samples.entries()) {
    let blob: string
    try {
      blob = blobOf(PARTIES[signer] as Party, fields)
    } catch {
      continue
    }
    const what = JSON.stringify(fields).slice(0, 400)
    let answer: Record<string, unknown>
    try {
      answer = await host.ask(network, { command: 'submit', tx_blob: blob })
    } catch (error) {
      outcome.bad.push(`threw ${String(error)} ← ${what}`)
      continue
    }
    outcome.submitted += 1
    outcome.types.set(fields.TransactionType, (outcome.types.get(fields.TransactionType) ?? 0) + 1)
    const result = String(
      (answer.result as { engine_result?: string } | undefined)?.engine_result ?? answer.error,
    )
    outcome.results.set(result, (outcome.results.get(result) ?? 0) + 1)
    if (
      (answer.type !== 'response' && answer.type !== 'error') ||
      answer.error === 'internal' ||
      /INTERNAL|EXCEPTION|INVARIANT/.test(result)
    ) {
      outcome.bad.push(`${JSON.stringify(answer).slice(0, 300)} ← ${what}`)
    }
    const now = nativeTotal(host.ledger.view(network))
    if (now > total) outcome.nativeCreated.push(`${total} → ${now} ← ${what}`)
    total = now
    if (index % 10 === 9) host.ledger.close(network)
  }
  return outcome
}
