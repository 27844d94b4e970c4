import fc from 'fast-check'

/**
 * What generated requests may refer to: ids that exist on the server, and its credentials.
 *
 * @example
 * ```ts
 * const fixtures: FuzzFixtures = { known: [payload.uuid, alice.uuid], auth: { 'x-api-key': key, 'x-api-secret': secret } }
 * ```
 */
export interface FuzzFixtures {
  /** Ids that exist (a payload, a user, an application, an address, a hash), for path parameters. */
  known: string[]
  /** The demo application's `x-api-key` and `x-api-secret`. */
  auth: Record<string, string>
  /**
   * Other credential headers to try (docs/protocol.md §7.3): Bearers (a real OAuth access token,
   * a real xApp JWT, a self-minted one), an xApp's key with an OTT.
   */
  credentials?: Record<string, string>[]
}

/**
 * One generated request: a path (not yet resolved against a host), headers and maybe a body.
 *
 * @example
 * ```ts
 * const request: FuzzRequest = { method: 'GET', path: '/a/../__ref/state', host: 'xn--', headers: {}, body: undefined }
 * ```
 */
export interface FuzzRequest {
  method: string
  /** Request target as sent on the request line, dot segments and escapes kept. */
  path: string
  /** `own` for one of the server's names, else the `Host` to send (possibly malformed). */
  host: string
  headers: Record<string, string>
  body: string | undefined
}

// Every route of docs/protocol.md §2 (key/secret and JWT), §7.1 (OAuth), §10 and the sign routes, with {p} for a path parameter.
const ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/api/v1/platform/ping'],
  ['GET', '/api/v1/platform/curated-assets'],
  ['GET', '/api/v1/platform/rails'],
  ['GET', '/api/v1/platform/hookhash'],
  ['GET', '/api/v1/platform/hookhash/{p}'],
  ['GET', '/api/v1/platform/rates/{p}'],
  ['GET', '/api/v1/platform/kyc-status/{p}'],
  ['POST', '/api/v1/platform/kyc-status'],
  ['GET', '/api/v1/platform/xrpl-tx/{p}'],
  ['POST', '/api/v1/platform/user-tokens'],
  ['GET', '/api/v1/platform/user-token/{p}'],
  ['GET', '/api/v1/platform/account-meta/{p}'],
  ['POST', '/api/v1/platform/payload'],
  ['GET', '/api/v1/platform/payload/{p}'],
  ['GET', '/api/v1/platform/payload/ci/{p}'],
  ['DELETE', '/api/v1/platform/payload/{p}'],
  ['GET', '/api/v1/platform/app-storage'],
  ['POST', '/api/v1/platform/app-storage'],
  ['DELETE', '/api/v1/platform/app-storage'],
  ['POST', '/api/v1/platform/xapp/event'],
  ['POST', '/api/v1/platform/xapp/push'],
  ['GET', '/api/v1/platform/xapp/ott/{p}'],
  ['GET', '/api/v1/platform/xapp/ott/{p}/{p}'],
  ['GET', '/api/v1/jwt/authorize'],
  ['GET', '/api/v1/jwt/ping'],
  ['POST', '/api/v1/jwt/payload'],
  ['GET', '/api/v1/jwt/payload/{p}'],
  ['DELETE', '/api/v1/jwt/payload/{p}'],
  ['GET', '/api/v1/jwt/userdata'],
  ['GET', '/api/v1/jwt/userdata/{p}'],
  ['POST', '/api/v1/jwt/userdata/{p}'],
  ['DELETE', '/api/v1/jwt/userdata/{p}'],
  ['GET', '/api/v1/jwt/rates/{p}'],
  ['GET', '/api/v1/jwt/xrpl-tx/{p}'],
  ['GET', '/api/v1/jwt/nftoken-detail/{p}'],
  ['GET', '/oauth/auth?client_id={p}&redirect_uri={p}&response_type=code&state=s'],
  ['GET', '/oauth/signin?payload={p}&state={p}'],
  ['GET', '/oauth/signin?session={p}'],
  ['GET', '/oauth/auth?client_id={p}&redirect_uri=javascript:{p}&response_type=token'],
  ['POST', '/oauth/userinfo'],
  ['GET', '/api/v1/jwt/payload/ci/{p}'],
  ['GET', '/api/v1/jwt/curated-assets'],
  ['GET', '/api/v1/jwt/hookhash/{p}'],
  ['GET', '/detect/{p}'],
  ['POST', '/detect/{p}'],
  ['GET', '/detect/request:{p}?amount={p}'],
  ['POST', '/detect/request:{p}?amount={p}'],
  ['GET', '/detect/xapp:{p}/force?xAppToken={p}'],
  ['GET', '/explorer/{p}/{p}'],
  ['GET', '/explorer/{p}'],
  ['GET', '/__ref/xapp-host/{p}'],
  ['POST', '/oauth/token'],
  ['GET', '/oauth/userinfo'],
  ['GET', '/oauth/certs'],
  ['GET', '/oauth/.well-known/openid-configuration'],
  ['GET', '/__ref/state'],
  ['POST', '/__ref/applications'],
  ['POST', '/__ref/users'],
  ['POST', '/__ref/payloads/{p}/open'],
  ['POST', '/__ref/payloads/{p}/sign'],
  ['POST', '/__ref/payloads/{p}/reject'],
  ['POST', '/__ref/ledger/close'],
  ['POST', '/__ref/clock/advance'],
  ['GET', '/__ref/webhooks'],
  ['POST', '/__ref/xapps/launch'],
  ['POST', '/__ref/users/{p}/tokens/{p}/revoke'],
  ['GET', '/__ref/users/{p}/inbox'],
  ['GET', '/sign/{p}'],
  ['GET', '/sign/{p}/qr'],
  ['GET', '/sign/{p}_q.png'],
  ['GET', '/sign/{p}_h.json'],
  ['GET', '/'],
  ['GET', '/?part=main'],
  // Each network's ledger node (docs/protocol.md §8.6): JSON-RPC and faucet.
  ['POST', '/ledger/TESTNET'],
  ['POST', '/ledger/XAHAU'],
  ['POST', '/ledger/{p}'],
  ['POST', '/ledger/TESTNET/accounts'],
  ['POST', '/ledger/{p}/accounts'],
]

// Commands of the node, an unknown one, and the signing ones it refuses (docs/protocol.md §8.6).
const NODE_COMMANDS = [
  'server_info',
  'server_state',
  'fee',
  'ping',
  'random',
  'ledger',
  'ledger_closed',
  'ledger_current',
  'account_info',
  'account_lines',
  'account_currencies',
  'gateway_balances',
  'account_tx',
  'tx',
  'transaction_entry',
  'submit',
  'submit_multisigned',
  'subscribe',
  'unsubscribe',
  'sign',
  'sign_for',
  'no_such_command',
  'server_definitions',
  // Issue 42 §2's reads: credentials and their preauthorizations.
  'ledger_entry',
  'deposit_authorized',
  'account_objects',
] as const

// Issue 42 §2's types, as a `tx_json` to sign or submit: each type's own fields, some left out.
const ISSUER_TOOL_TYPES = [
  { TransactionType: 'Clawback', Amount: { currency: 'USD', issuer: '', value: '1' } },
  { TransactionType: 'CredentialCreate', CredentialType: '4B5943' },
  { TransactionType: 'CredentialAccept', CredentialType: '4B5943' },
  { TransactionType: 'CredentialDelete', CredentialType: '' },
  { TransactionType: 'DepositPreauth', AuthorizeCredentials: [] },
  { TransactionType: 'Payment', Amount: '1', CredentialIDs: ['00'] },
  { TransactionType: 'TrustSet', Flags: 0x00400000 },
] as const

const hex = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789ABCDEF'), minLength, maxLength })

/**
 * Generated rippled requests (a WebSocket frame's fields, a JSON-RPC call's `params[0]`): every
 * command with wrong types, huge `limit`s, forged markers, odd ledger selectors, junk blobs,
 * secrets, Clawback, credential and deep-freeze transactions to sign or submit, credential
 * locators and ids, and up to 10,000 accounts to subscribe to. Every one must get rippled's answer.
 *
 * @example
 * ```ts
 * const [frame] = fc.sample(nodeRequests(['rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe']), 1)
 * ```
 */
export function nodeRequests(accounts: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const anything = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  )
  const account = fc.oneof(fc.constantFrom(...accounts), anything)
  return fc.record(
    {
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 1 })),
      command: fc.oneof(fc.constantFrom(...NODE_COMMANDS), anything),
      api_version: fc.oneof(fc.constantFrom(1, 2), anything),
      account,
      peer: account,
      limit: fc.oneof(fc.integer({ min: -10, max: 2 ** 40 }), fc.double(), anything),
      marker: fc.oneof(
        hex(64, 64).map((h) => `${h},${h.length}`),
        anything,
      ),
      ledger_index: fc.oneof(
        fc.constantFrom('validated', 'closed', 'current', '-1', '99999999999'),
        fc.integer(),
        anything,
      ),
      ledger_hash: fc.oneof(hex(64, 64), anything),
      transaction: fc.oneof(hex(64, 64), anything),
      ctid: fc.oneof(
        hex(16, 16).map((h: string) => `C${h.slice(1).toUpperCase()}`),
        anything,
      ),
      min_ledger: anything,
      max_ledger: anything,
      binary: anything,
      tx_blob: fc.oneof(hex(0, 400), anything),
      tx_json: fc.oneof(
        fc.constant({ TransactionType: 'Payment' }),
        fc
          .constantFrom(...ISSUER_TOOL_TYPES)
          .chain((tx) =>
            fc
              .record(
                { Subject: account, Issuer: account, Destination: account },
                { requiredKeys: [] },
              )
              .map((parties) => ({ ...tx, ...parties })),
          ),
        anything,
      ),
      credential: fc.oneof(
        hex(64, 64),
        fc.record({
          subject: account,
          issuer: account,
          credential_type: fc.oneof(hex(0, 140), anything),
        }),
        anything,
      ),
      deposit_preauth: fc.oneof(
        fc.record({
          owner: account,
          authorized_credentials: fc.oneof(
            fc.array(
              fc.record({ issuer: account, credential_type: fc.oneof(hex(0, 10), anything) }),
              { maxLength: 10 },
            ),
            anything,
          ),
        }),
        anything,
      ),
      credentials: fc.oneof(fc.array(fc.oneof(hex(64, 64), anything), { maxLength: 10 }), anything),
      source_account: account,
      destination_account: account,
      type: fc.oneof(fc.constantFrom('credential', 'deposit_preauth', 'state'), anything),
      secret: fc.constant('snoPBrXtMeMyMHUVTgbuqAfg1SUTb'),
      streams: fc.oneof(
        fc.array(fc.constantFrom('ledger', 'transactions', 'server', 'books', 'nope')),
        anything,
      ),
      accounts: fc.oneof(
        fc.array(account, { maxLength: 5 }),
        fc
          .integer({ min: 1_000, max: 10_000 })
          .map((n) => Array.from({ length: n }, (_, i) => accounts[i % accounts.length])),
        anything,
      ),
      signer_lists: anything,
      transactions: anything,
      expand: anything,
      forward: anything,
    },
    { requiredKeys: [] },
  )
}

/**
 * The node fuzz's frames: generated requests ({@link nodeRequests}), raw text and any JSON value,
 * as a client may send them on a ledger node's socket.
 *
 * @example
 * ```ts
 * const frames = fc.sample(nodeFrames([address]), { numRuns: 5_000, seed: 31 })
 * ```
 */
export const nodeFrames = (accounts: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    nodeRequests(accounts).map((fields) => JSON.stringify(fields)),
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  )

const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`

// Ways a path is bent before it is sent: what a URL parser rewrites, and what it keeps.
const BENDS: readonly ((path: string) => string)[] = [
  (path) => path,
  (path) => `/a/..${path}`,
  (path) => `/a/%2e%2E${path}`,
  (path) => path.replace(/(?<=.)\/(?=[^/?]*(\?.*)?$)/, '/./'),
  (path) => path.replace(/(?<=.)\/(?=[^/?]*(\?.*)?$)/, '%2F'),
  (path) => `/${path}`,
]

/**
 * Requests over every route with generated parameters, bodies (JSON up to 5,000 levels deep,
 * text, shaped bodies), credentials, hosts (own, foreign, malformed) and bent paths: what the
 * fuzz test and `bench/fuzz.ts` send. Nothing generated may get a 5xx (docs/protocol.md §1).
 *
 * @example
 * ```ts
 * const [request] = fc.sample(fuzzRequests({ known, auth }), { numRuns: 1, seed: 1 })
 * ```
 */
export function fuzzRequests(fixtures: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const param = fc.oneof(
    fc.constantFrom(...fixtures.known),
    fc.string({ maxLength: 80 }),
    fc.uuid(),
  )
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc.integer({ min: 90, max: 5_000 }).map((depth) => nested(depth, '1')),
    fc
      .tuple(fc.constantFrom('blob', 'data', 'kyc', 'Memos'), fc.integer({ min: 1, max: 5_000 }))
      .map(
        ([field, depth]) =>
          `{"txjson":{"TransactionType":"SignIn"},"custom_meta":{"${field}":${nested(depth, '{}')}},"${field}":${nested(depth, '1')},"user_token":"x","body":"b"}`,
      ),
    fc
      .record(
        {
          user: fc.oneof(fc.constantFrom(...fixtures.known), fc.string()),
          seconds: fc.oneof(fc.double(), fc.integer({ min: 1, max: 3600 })),
          network: fc.string(),
          name: fc.string(),
          tokens: fc.array(fc.string()),
          user_token: fc.string(),
          body: fc.string(),
          txjson: fc.constantFrom(
            { TransactionType: 'SignIn', Memos: [[[1]]] },
            { TransactionType: 'Payment', Destination: fixtures.known[3], Amount: '1' },
            { TransactionType: 'SignIn', Memos: [{ Memo: [1] }] },
          ),
        },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
    nodeRequests([fixtures.known[3] ?? '']).map((params) =>
      JSON.stringify({ method: params.command, params: [params] }),
    ),
    nodeRequests([fixtures.known[3] ?? '']).map((params) =>
      JSON.stringify({ destination: params.account, xrpAmount: params.limit }),
    ),
  )
  const headers = fc.constantFrom<Record<string, string>>(
    {},
    { authorization: 'Bearer x.y.z' },
    { 'x-api-key': 'nope' },
    { 'content-type': 'text/plain' },
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    ...(fixtures.credentials ?? []),
  )
  const host = fc.constantFrom('own', 'own', 'own', 'evil.example', '127.0.0.1:99999', 'xn--')
  return fc
    .record({
      route: fc.constantFrom(...ROUTES),
      params: fc.array(param, { minLength: 2, maxLength: 2 }),
      bend: fc.constantFrom(...BENDS),
      body,
      withAuth: fc.boolean(),
      headers,
      host,
    })
    .map(({ route: [method, template], params, bend, body, withAuth, headers, host }) => {
      let index = 0
      const path = template.replace(/\{p\}/g, () => encodeURIComponent(params[index++] ?? ''))
      return {
        method,
        path: bend(path),
        host,
        headers: { ...(withAuth ? fixtures.auth : {}), ...headers },
        body: method === 'GET' ? undefined : body,
      }
    })
}
