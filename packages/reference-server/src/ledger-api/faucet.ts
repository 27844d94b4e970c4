import { classicAddressToXAddress } from 'ripple-address-codec'
import { type Ledger, type NetworkDefinition, requiresNetworkId } from '../ledger'
import { networkCodec } from '../ledger/codec/network-codec'
import { isXahau } from '../ledger/networks'
import { rippleKeypairs } from '../ledger/signatures/ripple-keypairs-module'
import { signSingle } from '../wallet/sign-transaction'
import { isAccount } from './node-request'

/** Default and largest faucet amount, in units (docs/protocol.md §8.6 [ours]). */
export const FAUCET_DEFAULT_UNITS = 1_000
export const FAUCET_MAX_UNITS = 10_000

// The faucet pays from the genesis account of a stand-alone rippled: the secp256k1 key of the
// seed "masterpassphrase" (rippled src/xrpld/app/ledger/Ledger.cpp, the genesis ledger). Xahau's
// genesis account is blackholed (rules/xahau/genesis-account.ts), so the Xahau networks' faucet
// pays from an account of its own: the secp256k1 key of the seed whose entropy is the first 16
// bytes of SHA-512("pullsign xahau faucet"), rDXLbX76evbHU8d2JuEmgXzfThPMP2qFZC.
const GENESIS_SEED = 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb'
const XAHAU_FAUCET_SEED = 'sneobsRiZWF4vkG1rzzYNvVfJVpvU'
// What the faucet's account is credited with (a direct credit, as the control API's) when it
// cannot pay: a million calls of the default amount.
const REFILL_DROPS = 1_000_000_000n * 1_000_000n
// Ledgers a faucet payment may wait for validation, as xrpl.js autofill's LastLedgerSequence.
const LEDGER_OFFSET = 20

type FaucetKeys = { address: string; publicKey: string; privateKey: string }
const faucets = new Map<string, FaucetKeys>()
const faucetKeys = (network: NetworkDefinition) => {
  const seed = isXahau(network) ? XAHAU_FAUCET_SEED : GENESIS_SEED
  let keys = faucets.get(seed)
  if (!keys) {
    // Required on first use (ripple-keypairs-module.ts), as below.
    const { deriveAddress, deriveKeypair } = rippleKeypairs()
    const pair = deriveKeypair(seed)
    keys = { ...pair, address: deriveAddress(pair.publicKey) }
    faucets.set(seed, keys)
  }
  return keys
}

/**
 * A faucet refusal: the field and why (HTTP 400, as the test networks' faucet answers), and the
 * hash of the payment when the ledger refused it.
 */
export class FaucetError extends Error {
  constructor(
    message: string,
    readonly transactionHash?: string,
  ) {
    super(message)
  }
}

// The request's fields, checked: a classic destination or none, a whole amount of units.
function faucetRequest(body: unknown): { destination: string | undefined; units: number } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FaucetError('body must be a JSON object')
  }
  const { destination, xrpAmount } = body as Record<string, unknown>
  if (destination !== undefined && !isAccount(destination)) {
    throw new FaucetError('destination must be a classic address')
  }
  const units = xrpAmount === undefined ? FAUCET_DEFAULT_UNITS : Number(xrpAmount)
  if (
    (typeof xrpAmount !== 'string' && typeof xrpAmount !== 'number' && xrpAmount !== undefined) ||
    !Number.isInteger(units) ||
    units <= 0 ||
    units > FAUCET_MAX_UNITS
  ) {
    throw new FaucetError(`xrpAmount must be a whole number of units from 1 to ${FAUCET_MAX_UNITS}`)
  }
  return { destination, units }
}

// The faucet's signed Payment of `drops` to `destination`, from its account's next Sequence on
// the open ledger, with the network's fee (and NetworkID where the network needs it, §8.1).
function faucetPayment(
  ledger: Ledger,
  network: NetworkDefinition,
  destination: string,
  drops: bigint,
) {
  const keys = faucetKeys(network)
  const fee = BigInt(ledger.fee(network.key))
  const account = ledger.account(network.key, keys.address)
  const spendable = account ? BigInt(account.balance) - BigInt(network.reserve_base) : 0n
  if (spendable < drops + fee) ledger.fund(keys.address, REFILL_DROPS, [network.key])
  const tx = {
    TransactionType: 'Payment',
    Account: keys.address,
    Destination: destination,
    Amount: drops.toString(),
    Fee: fee.toString(),
    Flags: 0,
    Sequence: ledger.account(network.key, keys.address)?.sequence ?? 0,
    LastLedgerSequence: ledger.latestClosedIndex(network.key) + 1 + LEDGER_OFFSET,
    ...(requiresNetworkId(network) ? { NetworkID: network.chain_id } : {}),
  }
  return signSingle(tx, keys, networkCodec(network)).hex
}

/**
 * The faucet of a network's node (docs/protocol.md §8.6): `{destination?, xrpAmount?}` (other
 * fields, such as xrpl.js's `userAgent`, ignored) pays the destination, or a new account whose
 * seed it returns, like the test networks' faucet: a Payment from rippled's genesis account
 * signed and submitted through the same `ledger.submit` as every other transaction, validated at
 * the next close; the answer carries its `transactionHash`.
 *
 * @example
 * ```ts
 * fundFromFaucet(ledger, networkDefinition('TESTNET'), { xrpAmount: '50' }).transactionHash
 * ```
 */
export function fundFromFaucet(
  ledger: Ledger,
  network: NetworkDefinition,
  body: unknown,
): Record<string, unknown> {
  const { destination, units } = faucetRequest(body)
  let address = destination
  let seed: string | undefined
  if (address === undefined) {
    // Required on first use (ripple-keypairs-module.ts): importing it would load its curves at
    // the package's import, a fresh process's cold start.
    const { deriveAddress, deriveKeypair, generateSeed } = rippleKeypairs()
    seed = generateSeed({ algorithm: 'ed25519' })
    address = deriveAddress(deriveKeypair(seed).publicKey)
  }
  const blob = faucetPayment(ledger, network, address, BigInt(units) * 1_000_000n)
  const result = ledger.submit(network.key, blob)
  if (result.engine_result !== 'tesSUCCESS') {
    // The destination's own settings refused it (a destination tag required, deposit
    // authorization…): rippled's result names why.
    throw new FaucetError(`destination cannot be paid: ${result.engine_result}`, result.txid)
  }
  return {
    account: {
      xAddress: classicAddressToXAddress(address, false, !network.is_livenet),
      classicAddress: address,
      address,
      ...(seed ? { secret: seed, seed } : {}),
    },
    amount: units,
    transactionHash: result.txid,
    ...(seed ? { seed } : {}),
  }
}
