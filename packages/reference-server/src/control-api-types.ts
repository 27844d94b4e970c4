import type {
  Endpoints,
  KycStatus,
  NetworkKey,
  PayloadOrigin,
  PayloadRecord,
  XappStyle,
} from 'pullsign/wire'

/**
 * The path prefix of the control API under `{api}` (docs/protocol.md §10): the reference server's
 * own routes, which the production platform does not have.
 *
 * @example
 * ```ts
 * await fetch(`${endpoints.api}${CONTROL_API_PATH}/clock/advance`, { method: 'POST', body: '{"seconds":60}' })
 * ```
 */
export const CONTROL_API_PATH = '/__ref'

/**
 * The path of the demo xApp the server serves itself (docs/protocol.md §10): the demo fixtures'
 * xApp URL. An xApp URL that is a path is resolved against `{api}` at launch.
 *
 * @example
 * ```ts
 * await fetch(`${endpoints.api}/__ref/xapps/launch`, { method: 'POST', body: JSON.stringify({ application, user }) })
 * // → { url: `${endpoints.api}${DEMO_XAPP_PATH}?xAppToken=…&xAppStyle=LIGHT`, … }
 * ```
 */
export const DEMO_XAPP_PATH = `${CONTROL_API_PATH}/demo-xapp`

/**
 * A permission an application can hold on the reference server (§3.1 `restricted_types`, §2
 * permissioned push, §7.2 `xAppNavigate`).
 *
 * @example
 * ```ts
 * const permissions: ApplicationPermission[] = ['restricted_types']
 * ```
 */
export type ApplicationPermission = 'restricted_types' | 'push' | 'xapp_navigate' | (string & {})

/**
 * xApp settings of an application (§7.2).
 *
 * @example
 * ```ts
 * const xapp: RefXappSettings = { url: 'https://xapp.example', sandbox: true, devices: [] }
 * ```
 */
export interface RefXappSettings {
  /** An http(s) URL, or a path on this server (resolved against `{api}` at launch) [ours]. */
  url: string
  sandbox?: boolean
  /** Whitelisted debug device ids (at most 10). */
  devices?: string[]
  /** The developer's user uuid: a sandbox xApp opens only for them (when set) [ours]. */
  developer?: string
}

/**
 * An application as GET `/__ref/state` and POST `/__ref/applications` show it (§10).
 *
 * @example
 * ```ts
 * const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
 * ```
 */
export interface RefApplication {
  uuid: string
  name: string
  apiKey: string
  apiSecret: string
  webhookUrl: string | null
  redirectUris: string[]
  permissions: ApplicationPermission[]
  xapp?: RefXappSettings | null
}

/**
 * POST `/__ref/applications` body (§10).
 *
 * @example
 * ```ts
 * const body: RefCreateApplicationRequest = { name: 'Shop', webhookUrl: 'http://127.0.0.1:9000/hook' }
 * ```
 */
export interface RefCreateApplicationRequest {
  name: string
  webhookUrl?: string
  redirectUris?: string[]
  permissions?: ApplicationPermission[]
  xapp?: RefXappSettings
}

/**
 * A signing algorithm of a user account.
 *
 * @example
 * ```ts
 * const algorithm: KeyAlgorithm = 'ed25519'
 * ```
 */
export type KeyAlgorithm = 'ed25519' | 'ecdsa-secp256k1'

/**
 * A user as GET `/__ref/state` and POST `/__ref/users` show it (§10); private keys never appear.
 *
 * @example
 * ```ts
 * const account = user.accounts[0]?.address
 * ```
 */
export interface RefUser {
  uuid: string
  name: string
  kyc?: KycStatus
  accounts: Array<{ address: string; algorithm: KeyAlgorithm; networks: NetworkKey[] }>
}

/**
 * A user as POST `/__ref/users` answers its creator (§10): each account with its keys, so a test
 * signs as it with xrpl.js (`Wallet.fromSeed(account.seed)`); GET `/__ref/state` never shows them.
 *
 * @example
 * ```ts
 * const wallet = Wallet.fromSeed(created.accounts[0]!.seed)
 * ```
 */
export interface RefCreatedUser extends RefUser {
  accounts: Array<
    RefUser['accounts'][number] & { seed: string; publicKey: string; privateKey: string }
  >
}

/**
 * POST `/__ref/users` body (§10): `balances` in drops per network.
 *
 * @example
 * ```ts
 * const body: RefCreateUserRequest = { name: 'Alice', accounts: 2, kyc: 'SUCCESSFUL' }
 * ```
 */
export interface RefCreateUserRequest {
  name?: string
  accounts?: number
  kyc?: KycStatus
  balances?: Partial<Record<NetworkKey, string>>
  /** Links the user's first account to a GlobalID profile (account-meta's `globalid`, §2). */
  globalid?: { linked: string; profileUrl: string }
}

/**
 * GET `/__ref/state` (§10).
 *
 * @example
 * ```ts
 * const { applications, users } = (await res.json()) as RefState
 * ```
 */
export interface RefState {
  endpoints: Endpoints
  /** Each network's ledger node: WebSocket, JSON-RPC and faucet URLs (docs/protocol.md §8.6). */
  ledger: Record<NetworkKey, { ws: string; rpc: string; faucet: string }>
  applications: RefApplication[]
  users: RefUser[]
  /** The wallet autopilot's rules (POST `/__ref/autopilot`). */
  autopilot: RefAutopilotRule[]
  /** What the autopilot did lately, newest first: answers, and payloads it skipped with why. */
  autopilotLog: RefAutopilotEntry[]
}

/**
 * POST `/__ref/autopilot` body (§10): the simulated wallet opens and answers, as `user`, every
 * payload created from now on that matches `application` and `txType` (every payload when both
 * are absent), `afterMs` after its creation on the server clock. One rule per scope
 * (application × txType): a new one replaces the old.
 *
 * @example
 * ```ts
 * const body: RefAutopilotRequest = { user: alice.uuid, answer: 'sign', txType: 'SignIn' }
 * ```
 */
export interface RefAutopilotRequest {
  /** The user (uuid) the wallet answers as. */
  user: string
  answer: 'sign' | 'reject'
  /** Delay after the payload's creation, ms, 0 to 60,000; default 500. */
  afterMs?: number
  /** Only payloads of this application (uuid); absent or null: any application. */
  application?: string | null
  /** Only payloads of this transaction type (`SignIn`, `Payment`…); absent or null: any type. */
  txType?: string | null
  /** [ours] false keeps the rule listed but answering nothing (the dashboard's switch); default true. */
  enabled?: boolean
  /**
   * [ours] The network the wallet is on when it answers: a payload that forces no network
   * (`options.force_network`) is signed there. Absent or null: MAINNET, production's default.
   */
  network?: NetworkKey | null
}

/**
 * A rule of the wallet autopilot as GET `/__ref/state` and POST `/__ref/autopilot` show it (§10).
 *
 * @example
 * ```ts
 * const signing = state.autopilot.filter((rule: RefAutopilotRule) => rule.answer === 'sign')
 * ```
 */
export interface RefAutopilotRule {
  user: string
  answer: 'sign' | 'reject'
  afterMs: number
  /** null: any application. */
  application: string | null
  /** null: any transaction type. */
  txType: string | null
  enabled: boolean
  /** The network it signs on when the payload forces none; null: MAINNET. */
  network: NetworkKey | null
}

/**
 * POST and DELETE `/__ref/autopilot` response (§10): every rule after the change.
 *
 * @example
 * ```ts
 * const { autopilot } = (await res.json()) as RefAutopilotResponse
 * ```
 */
export interface RefAutopilotResponse {
  autopilot: RefAutopilotRule[]
}

/**
 * One thing the autopilot did (GET `/__ref/state` `autopilotLog`): it answered a payload, or it
 * skipped one it could not answer (bound to another user, expired, already resolved, no account
 * on the payload's network…) and says why.
 *
 * @example
 * ```ts
 * const skipped = state.autopilotLog.filter((entry: RefAutopilotEntry) => entry.outcome === 'skipped')
 * ```
 */
export interface RefAutopilotEntry {
  /** ISO 8601 (server clock). */
  at: string
  payload: string
  user: string
  answer: 'sign' | 'reject'
  outcome: 'signed' | 'rejected' | 'skipped'
  /** Why it was skipped (the wallet's refusal); null when answered. */
  reason: string | null
}

/**
 * POST `/__ref/payloads/{uuid}/open` body (§10).
 *
 * @example
 * ```ts
 * const body: RefOpenRequest = { user: user.uuid, via: 'DEEP_LINK' }
 * ```
 */
export interface RefOpenRequest {
  user: string
  via?: Exclude<PayloadOrigin, 'XAPP'>
}

/**
 * What the wallet pays with in pay-with-anything (§8.3): a currency it holds.
 *
 * @example
 * ```ts
 * const payWith: RefPayWith = { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq' }
 * ```
 */
export interface RefPayWith {
  currency: string
  issuer?: string
}

/**
 * POST `/__ref/payloads/{uuid}/sign` body (§10); the response is the payload record.
 *
 * @example
 * ```ts
 * const body: RefSignRequest = { user: user.uuid, network: 'TESTNET' }
 * ```
 */
export interface RefSignRequest {
  user: string
  account?: string
  network?: NetworkKey
  payWith?: RefPayWith
  walletVersion?: string
  /**
   * Sign as one signer of a multi-signed transaction (docs/protocol.md §8.7, §10): the payload's
   * `txjson.Account` is the multi-signing account; `response.hex` holds the transaction with
   * this signer's `Signers` entry, `txid` is "" and nothing is submitted.
   */
  signer?: boolean
}

/**
 * POST `/__ref/payloads/{uuid}/sign` response (§10).
 *
 * @example
 * ```ts
 * const record: RefSignResponse = await res.json()
 * ```
 */
export type RefSignResponse = PayloadRecord

/**
 * POST `/__ref/payloads/{uuid}/reject` body (§10).
 *
 * @example
 * ```ts
 * const body: RefRejectRequest = { user: user.uuid }
 * ```
 */
export interface RefRejectRequest {
  user: string
}

/**
 * POST `/__ref/ledger/close` body (§10): all networks when omitted.
 *
 * @example
 * ```ts
 * const body: RefLedgerCloseRequest = { network: 'TESTNET' }
 * ```
 */
export interface RefLedgerCloseRequest {
  network?: NetworkKey
}

/**
 * POST `/__ref/ledger/wallets` body (docs/protocol.md §10): how many wallets per network (1–100,
 * default 10), each one's balance in drops (at least the base reserve; default 10,000 units) and
 * on which networks (default all).
 *
 * @example
 * ```ts
 * const body: RefWalletsRequest = { count: 3, networks: ['TESTNET'] }
 * ```
 */
export interface RefWalletsRequest {
  count?: number
  drops?: string
  networks?: NetworkKey[]
}

/**
 * A funded account and its keys: `xrpl.Wallet.fromSeed(seed)` signs as it (ed25519).
 *
 * @example
 * ```ts
 * const wallet = Wallet.fromSeed(funded.seed) // xrpl.js
 * wallet.classicAddress === funded.address // true
 * ```
 */
export interface RefWallet {
  address: string
  seed: string
  publicKey: string
  privateKey: string
}

/**
 * POST `/__ref/ledger/wallets` answer: each network's new wallets.
 *
 * @example
 * ```ts
 * const { wallets }: RefWalletsResponse = await res.json()
 * wallets.TESTNET?.[0]?.seed // 'sEd…'
 * ```
 */
export interface RefWalletsResponse {
  wallets: Partial<Record<NetworkKey, RefWallet[]>>
}

/**
 * POST `/__ref/ledger/travel` body (docs/protocol.md §10): exactly one of `by` (whole seconds
 * forward) and `to` (an ISO 8601 time, not in the past).
 *
 * @example
 * ```ts
 * const body: RefTravelRequest = { by: 3600 }
 * ```
 */
export interface RefTravelRequest {
  by?: number
  to?: string
}

/**
 * Where a network's ledger stands after a travel: the ledger it closed and that ledger's close
 * time (seconds since the Ripple epoch, what `Expiration`, `FinishAfter` and `CancelAfter` are
 * judged against), also as rippled writes it in ISO 8601.
 *
 * @example
 * ```ts
 * const closed: RefTravelClose = { ledger_index: 5_000_012, close_time: 820_544_410, close_time_iso: '2026-01-01T01:00:10Z' }
 * ```
 */
export interface RefTravelClose {
  ledger_index: number
  close_time: number
  close_time_iso: string
}

/**
 * POST `/__ref/ledger/travel` answer: the server time after the move, and each network's close.
 *
 * @example
 * ```ts
 * const { ledgers }: RefTravelResponse = await res.json()
 * ledgers.TESTNET.close_time // >= the target
 * ```
 */
export interface RefTravelResponse {
  now: string
  ledgers: Record<NetworkKey, RefTravelClose>
}

/**
 * POST `/__ref/ledger/amendments` body (§8.10, §10): the network, then its profile (without one,
 * its current table), then the names to enable and to disable.
 *
 * @example
 * ```ts
 * const body: RefLedgerAmendmentsRequest = { network: 'MAINNET', profile: 'production', enable: ['BatchV1_1'] }
 * ```
 */
export interface RefLedgerAmendmentsRequest {
  network: NetworkKey
  profile?: 'default' | 'production'
  enable?: string[]
  disable?: string[]
}

/**
 * POST `/__ref/ledger/amendments` answer (§8.10, §10): the network's profile and the names of
 * its enabled amendments, in its server's order.
 *
 * @example
 * ```ts
 * const { enabled }: RefLedgerAmendmentsResponse = await res.json()
 * ```
 */
export interface RefLedgerAmendmentsResponse {
  network: NetworkKey
  profile: 'default' | 'production'
  enabled: string[]
}

/**
 * POST `/__ref/clock/advance` body (§10).
 *
 * @example
 * ```ts
 * const body: RefClockAdvanceRequest = { seconds: 3600 }
 * ```
 */
export interface RefClockAdvanceRequest {
  seconds: number
}

/**
 * One webhook delivery attempt of GET `/__ref/webhooks` (§10).
 *
 * @example
 * ```ts
 * const failed = attempts.filter((a: WebhookAttempt) => !a.ok)
 * ```
 */
export interface WebhookAttempt {
  payload_uuidv4: string
  attempt: number
  /** ISO 8601 (server clock). */
  at: string
  status: number | null
  ok: boolean
  error: string | null
}

/**
 * POST `/__ref/xapps/launch` body (§10).
 *
 * @example
 * ```ts
 * const body: RefXappLaunchRequest = { application: app.uuid, user: user.uuid, style: 'DARK' }
 * ```
 */
export interface RefXappLaunchRequest {
  application: string
  user: string
  account?: string
  style?: XappStyle
  device?: string
  /** Where the user opened the xApp from (the context's `origin`); `{type: 'XAPP'}` by default. */
  origin?: { type: string; data?: Record<string, unknown> }
  /** The network the wallet is on (the context's `nodetype`); MAINNET by default. */
  network?: NetworkKey
}

/**
 * POST `/__ref/xapps/launch` response (§10).
 *
 * @example
 * ```ts
 * const { url, ott } = (await res.json()) as RefXappLaunchResponse
 * ```
 */
export interface RefXappLaunchResponse {
  /** The xApp URL with `xAppToken` and `xAppStyle`. */
  url: string
  ott: string
  /** The host simulator page `{api}/__ref/xapp-host/{ott}` that frames the xApp (§7.2). */
  hostUrl: string
}

/**
 * GET `/__ref/users/{uuid}/inbox` (§10): the user's event list, newest first.
 *
 * @example
 * ```ts
 * const { payloads } = (await res.json()) as RefInboxResponse
 * ```
 */
export interface RefInboxResponse {
  payloads: PayloadRecord[]
  /** What `xapp/event` (kind `event`, also in the event list) and `xapp/push` sent, newest first. */
  pushes: RefPushMessage[]
}

/**
 * One push a user received through `xapp/event` or `xapp/push` (§2), as the inbox shows it.
 *
 * @example
 * ```ts
 * const [latest]: RefPushMessage[] = inbox.pushes
 * if (latest?.kind === 'event') console.log(latest.body)
 * ```
 */
export interface RefPushMessage {
  uuid: string
  kind: 'event' | 'notification'
  /** The sending application's uuid. */
  application: string
  subtitle: string | null
  body: string
  data: Record<string, unknown> | null
  silent: boolean
  /** ISO 8601 (server clock). */
  at: string
}

/**
 * POST `/__ref/ledger/impersonate` body (docs/protocol.md §10): a transaction to apply as its
 * `Account` without that account's key (Fee, Sequence, NetworkID, LastLedgerSequence filled when
 * absent); a tenant of a shared server names its `application`.
 *
 * @example
 * ```ts
 * const body: RefImpersonateRequest = { network: 'TESTNET', tx_json: { TransactionType: 'Payment', Account, Destination, Amount: '1000000' } }
 * ```
 */
export interface RefImpersonateRequest {
  network: NetworkKey
  tx_json: Record<string, unknown>
  application?: string
}

/**
 * The node's `submit` answer (xrpl.org "submit"), which POST `/__ref/ledger/impersonate` answers
 * too: `engine_result` with its code and rippled's message, and `tx_json` with its `hash`.
 *
 * @example
 * ```ts
 * const answer: RefSubmitAnswer = await env.ledger.TESTNET.impersonate(tx)
 * answer.engine_result // 'tesSUCCESS'
 * ```
 */
export interface RefSubmitAnswer {
  accepted: boolean
  applied: boolean
  engine_result: string
  engine_result_code: number | undefined
  engine_result_message: string
  tx_blob: string
  tx_json: Record<string, unknown> & { hash: string }
  validated_ledger_index: number
  [field: string]: unknown
}

/**
 * POST `/__ref/ledger/balance` body (docs/protocol.md §10): the native balance to set, in drops.
 *
 * @example
 * ```ts
 * const body: RefBalanceRequest = { network: 'TESTNET', address, drops: '5000000' }
 * ```
 */
export interface RefBalanceRequest {
  network: NetworkKey
  address: string
  drops: string
}

/**
 * POST `/__ref/ledger/balance` answer: the balance set and the ledger closed with it.
 *
 * @example
 * ```ts
 * const { balance, ledger_index }: RefBalanceResponse = await res.json()
 * ```
 */
export interface RefBalanceResponse {
  network: string
  address: string
  balance: string
  ledger_index: number
}

/**
 * GET `/__ref/ledger/{K}/tx/{hash}/explain` answer (docs/protocol.md §10): what decided the
 * result, the values compared and the rippled source; `applied` and `ledger_index` say whether a
 * ledger holds it (tes, tec) or it was refused before any (tem, tef, tel, ter).
 *
 * @example
 * ```ts
 * const why: RefExplanation = await env.ledger.TESTNET.explain(hash)
 * `${why.result}: ${why.detail} (${why.source})` // "tecEXPIRED: the offer's Expiration … (NFTokenAcceptOffer.cpp)"
 * ```
 */
export interface RefExplanation {
  hash: string
  network: NetworkKey
  result: string
  /** The rule's short name; `unexplained` for a code no rule explains yet, `success` for tes. */
  rule: string
  detail: string
  source: string
  applied: boolean
  ledger_index: number | null
}
