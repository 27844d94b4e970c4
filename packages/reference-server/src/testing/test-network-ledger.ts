import type { NetworkKey } from 'pullsign/wire'
import type {
  RefBalanceResponse,
  RefExplanation,
  RefSubmitAnswer,
  RefWallet,
} from '../control-api-types'
import type { ControlCall } from './control-client'

/**
 * What xrpl.js's `client.fundWallet(wallet, options)` takes to use a network's faucet on this
 * server rather than a public test network's.
 *
 * @example
 * ```ts
 * const { wallet } = await client.fundWallet(null, env.ledger.TESTNET.faucetOptions)
 * ```
 */
export interface TestFaucetOptions {
  /** `host:port` of the server. */
  faucetHost: string
  faucetProtocol: 'http' | 'https'
  /** `/ledger/K/accounts` (behind any path of a public URL). */
  faucetPath: string
}

/**
 * One network of a test environment: its node's URLs (docs/protocol.md §8.6), its funded
 * wallets, and the close time its next transaction is judged against.
 *
 * @example
 * ```ts
 * const testnet: TestNetworkLedger = env.ledger.TESTNET
 * const buyer = Wallet.fromSeed(testnet.wallets[0]!.seed) // xrpl.js
 * const client = new Client(testnet.ws)
 * ```
 */
export interface TestNetworkLedger {
  /** The node's WebSocket: `new Client(ws)` (xrpl.js). */
  readonly ws: string
  /** The node's JSON-RPC. */
  readonly rpc: string
  /** The node's faucet (`POST {destination?, xrpAmount?}`). */
  readonly faucet: string
  /** The faucet as xrpl.js's `fundWallet(wallet, options)` takes it. */
  readonly faucetOptions: TestFaucetOptions
  /**
   * Ten accounts of this environment alone, each funded with 10,000 of the network's native
   * asset: `{address, seed, publicKey, privateKey}`, ed25519; `Wallet.fromSeed(seed)` signs as
   * one (Hardhat's `getSigners()`). New keys in every environment, other keys on each network.
   */
  readonly wallets: readonly RefWallet[]
  /**
   * The close time of the network's latest closed ledger (seconds since the Ripple epoch): the
   * parent close time that the next transaction's `Expiration`, `FinishAfter` and `CancelAfter`
   * are judged against (docs/dev-chain.md "Ledger time").
   */
  closeTime(): Promise<number>
  /**
   * Applies a transaction as its `Account` without that account's key (Anvil's
   * `anvil_impersonateAccount`): Fee, Sequence, NetworkID and LastLedgerSequence filled when
   * absent, every rule of a submission but the signature checked, answered as the node's `submit`
   * answers (automine validates it). A tenant of a shared server impersonates only its own
   * `wallets`. Rejects with the control API's 400 naming the field on bad input.
   *
   * @example
   * ```ts
   * const { engine_result, tx_json } = await env.ledger.TESTNET.impersonate({
   *   TransactionType: 'Payment', Account: issuer, Destination: buyer, Amount: '1000000',
   * })
   * ```
   */
  impersonate(tx_json: Record<string, unknown>): Promise<RefSubmitAnswer>
  /**
   * Sets an account's native balance in drops (Anvil's `anvil_setBalance`) and closes a ledger, so
   * xrpl.js reads it validated; creates a missing account from the base reserve up (below it
   * rejects naming the reserve); an existing account takes any balance, below its reserve too.
   *
   * @example
   * ```ts
   * await env.ledger.TESTNET.setBalance(address, '5000000') // 5 units
   * ```
   */
  setBalance(address: string, drops: string | bigint): Promise<RefBalanceResponse>
  /**
   * Why a transaction got its result, by the hash `submit` answered (the XRP Ledger's
   * `console.log` and stack trace): `{result, rule, detail, source}`, for a transaction in a
   * ledger (tec) or refused before any (tem, tef, tel, ter). Rejects for a hash the node does not
   * know (404 naming it).
   *
   * @example
   * ```ts
   * const why = await env.ledger.TESTNET.explain(result.tx_json.hash)
   * why.detail // "the offer's Expiration 849984840 is not after the parent ledger's close 849984850"
   * ```
   */
  explain(hash: string): Promise<RefExplanation>
}

/** The test environment's networks, by key. */
export type TestNetworkLedgers = Readonly<Record<NetworkKey, TestNetworkLedger>>

const faucetOptionsOf = (faucet: string): TestFaucetOptions => {
  const url = new URL(faucet)
  return {
    faucetHost: url.host,
    faucetProtocol: url.protocol === 'https:' ? 'https' : 'http',
    faucetPath: url.pathname,
  }
}

// The node's `ledger` over JSON-RPC: the latest closed ledger's header.
const readCloseTime = async (
  rpc: string,
  options: { fetch: typeof fetch; timeoutMs: number },
): Promise<number> => {
  const response = await options.fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'ledger', params: [{ ledger_index: 'validated' }] }),
    signal: AbortSignal.timeout(options.timeoutMs),
  })
  const body = (await response.json().catch(() => null)) as {
    result?: { ledger?: { close_time?: unknown }; error?: unknown }
  } | null
  const closeTime = body?.result?.ledger?.close_time
  if (!response.ok || typeof closeTime !== 'number') {
    throw new Error(
      `[POST ${rpc} ledger] ${response.status}: ${String(body?.result?.error ?? 'no close_time')}`,
    )
  }
  return closeTime
}

/**
 * A network of the environment from its node URLs and wallets; `closeTime()` asks its node
 * through the kit's own `fetch` (in-process for a server of its own), the other verbs the control
 * API (as the tenant `application` of a shared server, when given).
 */
export function testNetworkLedger(
  urls: { ws: string; rpc: string; faucet: string },
  wallets: readonly RefWallet[],
  options: { fetch: typeof fetch; timeoutMs: number },
  control: { network: NetworkKey; call: ControlCall; application?: string },
): TestNetworkLedger {
  const { network, call, application } = control
  return {
    ...urls,
    faucetOptions: faucetOptionsOf(urls.faucet),
    wallets,
    closeTime: () => readCloseTime(urls.rpc, options),
    impersonate: (tx_json) =>
      call('POST', '/ledger/impersonate', {
        network,
        tx_json,
        ...(application === undefined ? {} : { application }),
      }),
    setBalance: (address, drops) =>
      call('POST', '/ledger/balance', { network, address, drops: String(drops) }),
    explain: (hash) => call('GET', `/ledger/${network}/tx/${encodeURIComponent(hash)}/explain`),
  }
}
