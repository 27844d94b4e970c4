import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import * as z from 'zod'
import type { RefSubmitAnswer } from '../control-api-types'
import type { Ledger } from '../ledger'
import type { JsonObject } from '../ledger/codec/json-object'
import { networkCodec } from '../ledger/codec/network-codec'
import { networkDefinition, requiresNetworkId } from '../ledger/networks'
import { submitAnswer } from '../ledger-api/methods/submit-methods'
import type { Applications } from './applications/applications'
import { badBody } from './errors'
import { parseInput } from './schema-input'
import type { TenantWallets } from './tenant-wallets'

// Ledgers an impersonated transaction may wait for, as xrpl.js autofill's LastLedgerSequence.
const LEDGER_OFFSET = 20

const impersonateBody = z.lazy(() =>
  z.strictObject({
    network: z.enum(NETWORK_KEYS),
    tx_json: z.record(z.string(), z.unknown(), 'must be an object: the transaction'),
    application: z.string().min(1).max(64).optional(),
  }),
)

// Fields of a signature: an impersonated transaction carries none (the ledger checks none).
const SIGNATURE_FIELDS = ['TxnSignature', 'Signers'] as const

// The transaction with what xrpl.js's autofill adds when absent: Fee (the ledger's least fee for
// it), Sequence (unless a ticket), NetworkID where the network needs it, LastLedgerSequence; and
// an empty SigningPubKey: no key signed it.
function filled(ledger: Ledger, network: NetworkKey, tx: JsonObject): JsonObject {
  const account = ledger.account(network, String(tx.Account))
  const definition = networkDefinition(network)
  const out: JsonObject = { ...tx, SigningPubKey: '' }
  if (out.Sequence === undefined)
    out.Sequence = out.TicketSequence === undefined ? (account?.sequence ?? 0) : 0
  if (out.NetworkID === undefined && requiresNetworkId(definition))
    out.NetworkID = definition.chain_id
  if (out.LastLedgerSequence === undefined) {
    out.LastLedgerSequence = ledger.latestClosedIndex(network) + 1 + LEDGER_OFFSET
  }
  out.Fee ??= ledger.minimumFee(network, out, { signers: 0 })
  return out
}

/**
 * Applies a transaction as its `Account` without that account's key (Anvil's
 * `anvil_impersonateAccount`, docs/protocol.md §10): Fee, Sequence, NetworkID and
 * LastLedgerSequence filled when absent, as xrpl.js's autofill would; then every check of a
 * submission but the signature and the signing key, for this transaction only; answered exactly
 * as the node's `submit` answers. A tenant (a body naming its `application`) may impersonate only
 * the wallets made for it (tenant-wallets.ts). Bad input → 400 naming the field, nothing applied.
 *
 * @example
 * ```ts
 * impersonate(parts, { network: 'TESTNET', tx_json: { TransactionType: 'Payment', Account, Destination, Amount: '1000000' } }).answer.engine_result // 'tesSUCCESS'
 * ```
 */
export function impersonate(
  parts: { ledger: Ledger; applications: Pick<Applications, 'find'>; tenants: TenantWallets },
  input: unknown,
): { network: NetworkKey; answer: RefSubmitAnswer } {
  const { ledger } = parts
  const { network, tx_json, application } = parseInput(impersonateBody, input)
  const account = tx_json.Account
  if (typeof account !== 'string' || !isValidClassicAddress(account)) {
    throw badBody('tx_json.Account', 'must be a classic address: the account to act as')
  }
  if (typeof tx_json.TransactionType !== 'string') {
    throw badBody('tx_json.TransactionType', 'must be a transaction type')
  }
  for (const field of SIGNATURE_FIELDS) {
    if (tx_json[field] !== undefined) {
      throw badBody(`tx_json.${field}`, 'must be absent: an impersonated transaction is not signed')
    }
  }
  if (application !== undefined) {
    if (parts.applications.find(application) === null) {
      throw badBody('application', 'is no application of this server')
    }
    if (!parts.tenants.owns(application, account)) {
      throw badBody(
        'tx_json.Account',
        `is not a wallet made for application ${application}: a tenant impersonates only its own wallets`,
      )
    }
  }
  const definition = networkDefinition(network)
  const codec = networkCodec(definition)
  let blob: string
  try {
    blob = codec.encode(filled(ledger, network, tx_json as JsonObject))
  } catch (error) {
    throw badBody('tx_json', `does not encode: ${error instanceof Error ? error.message : error}`)
  }
  const result = ledger.impersonate(network, blob)
  const answer = submitAnswer(
    { ledger, network: definition },
    codec,
    blob,
    codec.decode(blob),
    result,
  )
  return { network, answer }
}
