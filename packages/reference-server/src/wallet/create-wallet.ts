import type { Amount, NetworkKey, PayloadRecord, TransactionJson } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import { networkCodec } from '../ledger/codec/network-codec'
import type { Ledger } from '../ledger/ledger-types'
import { type NetworkDefinition, networkDefinition } from '../ledger/networks'
import type { Applications } from '../platform/applications/applications'
import type { Clock } from '../platform/clock'
import { conflict, forbiddenType, invalidRequest } from '../platform/errors'
import { nodeUrls } from '../platform/node-urls'
import type { PayloadRequests } from '../platform/payloads/payload-requests'
import type { PayloadSubscriptions } from '../platform/payloads/payload-subscriptions'
import type { WalletOutcome, WalletRequest } from '../platform/payloads/payload-types'
import type { PayloadWalletSteps } from '../platform/payloads/payload-wallet-steps'
import { WALLET_DEFAULT_NETWORK } from '../platform/payloads/transaction-preflight'
import type { User, UserAccount, Users } from '../platform/users/users'
import { createAutopilot } from './autopilot'
import { assertBatchWalletVersion, signBatch } from './batch-sign'
import { authorizeChannelClaim } from './channel-claim'
import { chooseAccount } from './choose-account'
import { fillTransaction } from './fill-transaction'
import { type PathQuote, payWithFields, type RateLookup } from './pay-with'
import { signIn } from './sign-in'
import { type SignedBlob, type SigningKey, signMulti, signSingle } from './sign-transaction'
import {
  parseOpenInput,
  parseRejectInput,
  parseSignInput,
  type SignInputValues,
} from './wallet-input'
import type { Wallet } from './wallet-types'

/** What the wallet works with. */
export interface WalletDeps {
  /** The state machine it walks, the records it reads, and new payloads for the autopilot. */
  payloads: PayloadWalletSteps &
    Pick<PayloadRequests, 'record'> &
    Pick<PayloadSubscriptions, 'onCreated'>
  users: Users
  /** Where the autopilot checks the application a rule names. */
  applications: Pick<Applications, 'find'>
  ledger: Ledger
  clock: Clock
  /** The rates lookup (§2) pay-with-anything converts through; without it only par conversions. */
  rates?: RateLookup
  /** `{api}` now: the wallet submits to each network's node on this server (docs/protocol.md §8.6). */
  apiBase?: () => string
}

// Pseudo transactions the wallet signs without filling or submitting (docs/protocol.md §3.1, §8.2).
const PSEUDO_SIGNERS: Record<string, (txjson: TransactionJson, key: SigningKey) => SignedBlob> = {
  SignIn: signIn,
  PaymentChannelAuthorize: authorizeChannelClaim,
}

interface Signature extends SignedBlob {
  multisignAccount: string | null
  submit: boolean
}

function assertSignable(record: PayloadRecord, request: WalletRequest, user: User): void {
  if (record.meta.resolved) throw conflict(`payload ${record.meta.uuid} is already resolved`)
  if (record.meta.cancelled) throw conflict(`payload ${record.meta.uuid} was cancelled`)
  // docs/protocol.md §7.1: a payload bound to a user (their JWT, or their user token) is theirs alone.
  if (request.userUuid !== null && request.userUuid !== user.uuid) {
    throw forbiddenType('user is not the user this payload is bound to')
  }
}

function signPayload(
  deps: WalletDeps,
  request: WalletRequest,
  account: UserAccount,
  network: NetworkDefinition,
  values: SignInputValues,
): Signature {
  const { txjson, options } = request
  const pseudo = PSEUDO_SIGNERS[txjson.TransactionType]
  if (pseudo) return { ...pseudo(txjson, account), multisignAccount: null, submit: false }
  // A wallet before 5.4.0 signs no Batch, whatever the network (docs/protocol.md §8.4).
  if (txjson.TransactionType === 'Batch') assertBatchWalletVersion(values.walletVersion)
  // Each network signs with its own definitions (docs/protocol.md §8.10): a type its server does
  // not know cannot be signed there.
  const codec = networkCodec(network)
  if (!codec.knowsTransactionType(txjson.TransactionType)) {
    throw invalidRequest(
      'network',
      `${network.key} has no transaction type ${txjson.TransactionType} (its server is ${codec.server})`,
    )
  }

  // `signer: true` on the control API multi-signs whatever the payload's options (§8.7, §10).
  const multisign = options.multisign || values.signer === true
  let forAccount = account.address
  if (multisign) {
    if (typeof txjson.Account !== 'string' || !isValidClassicAddress(txjson.Account)) {
      throw invalidRequest('txjson.Account', 'must name the account to multisign for')
    }
    // rippled STTx::checkMultiSign: "Invalid multisigner." (an account never signs for itself).
    if (txjson.Account === account.address) {
      throw invalidRequest('account', 'cannot multi-sign for its own account')
    }
    forAccount = txjson.Account
  }
  const filled = fillTransaction(txjson, {
    ledger: deps.ledger,
    network,
    account: forAccount,
    multisign,
  })
  if (txjson.TransactionType === 'Batch') {
    const signed = signBatch(filled, account)
    return { ...signed, multisignAccount: null, submit: options.submit && !signed.inner }
  }
  if (values.payWith) {
    const quote: PathQuote = (pay) => {
      const [best] = deps.ledger.findPaths(network.key, {
        source: String(filled.Account),
        destination: String(filled.Destination),
        amount: filled.Amount as Amount,
        sourceCurrencies: [pay],
      })
      return best ? { cost: best.source_amount, paths: best.paths } : null
    }
    const fields = payWithFields(
      filled,
      values.payWith,
      network,
      options.pathfinding,
      deps.rates,
      quote,
    )
    if (fields !== null) Object.assign(filled, fields)
  }
  if (multisign) {
    const signed = signMulti(filled, account, codec)
    // One signer's part is no transaction of its own: no id, like an inner Batch signer (§10).
    const txid = values.signer === true ? '' : signed.txid
    return { ...signed, txid, multisignAccount: forAccount, submit: false }
  }
  return {
    ...signSingle(filled, account, codec),
    multisignAccount: null,
    submit: options.submit,
  }
}

/**
 * Creates the simulated wallet app. `sign` opens the payload if needed, picks the account
 * (honouring a forced signer), fills and signs for real, submits unless `submit: false` or
 * multisign, and resolves; the markers go opened → pre_signed → dispatched → resolved (§4).
 * Everything that can refuse does so before the first marker, so a refusal changes nothing.
 * Its autopilot (autopilot.ts) answers new payloads by rule, as a user, on the clock.
 *
 * @example
 * ```ts
 * const wallet = createWallet({ payloads, users, ledger, clock })
 * const record = await wallet.sign(uuid, { user: alice.uuid, network: 'TESTNET' })
 * record.response.dispatched_result // 'tesSUCCESS'
 * ```
 */
export function createWallet(deps: WalletDeps): Wallet {
  const { payloads, users, ledger } = deps

  const prepare = (uuid: string, userUuid: string) => {
    const user = users.get(userUuid)
    const request = payloads.request(uuid)
    const record = payloads.record(uuid)
    assertSignable(record, request, user)
    return { user, request, record }
  }

  const wallet: Omit<
    Wallet,
    'autopilot' | 'clearAutopilot' | 'autopilotRules' | 'autopilotLog' | 'autopilotPersistence'
  > = {
    open(uuid, input) {
      const values = parseOpenInput(input)
      prepare(uuid, values.user)
      // Without `via` the platform picks QR, or PUSH_NOTIFICATION for a pushed payload (§6).
      payloads.open(
        uuid,
        values.via ? { userUuid: values.user, via: values.via } : { userUuid: values.user },
      )
      return payloads.record(uuid)
    },

    async sign(uuid, input) {
      const values = parseSignInput(input)
      const { user, request } = prepare(uuid, values.user)
      const networkKey: NetworkKey =
        request.options.force_network ?? values.network ?? WALLET_DEFAULT_NETWORK
      const network = networkDefinition(networkKey)
      const account = chooseAccount(user, request.options.signers, values.account, networkKey)
      const signature = signPayload(deps, request, account, network, values)
      // This server's node of the network; production's node without an API base (§8.6).
      const nodeUri = deps.apiBase ? nodeUrls(deps.apiBase(), networkKey).ws : network.dispatched_to

      // Opening again as the same user is a no-op; another user's open payload is refused here,
      // before any marker.
      payloads.open(uuid, { userUuid: user.uuid })
      payloads.preSign(uuid)
      let dispatched: Extract<WalletOutcome, { signed: true }>['dispatched'] = null
      if (signature.submit) {
        payloads.dispatch(uuid)
        const result = ledger.submit(networkKey, signature.hex)
        dispatched = {
          to: nodeUri,
          nodetype: networkKey,
          result: result.engine_result,
        }
      }
      return payloads.resolve(uuid, {
        signed: true,
        userUuid: user.uuid,
        account: account.address,
        signer: account.address,
        signerPubkey: account.publicKey,
        hex: signature.hex,
        txid: signature.txid,
        multisignAccount: signature.multisignAccount,
        environment: {
          nodeuri: nodeUri,
          nodetype: networkKey,
          networkid: network.chain_id,
        },
        dispatched,
      })
    },

    reject(uuid, input) {
      const values = parseRejectInput(input)
      const { user } = prepare(uuid, values.user)
      payloads.open(uuid, { userUuid: user.uuid })
      return payloads.resolve(uuid, { signed: false, userUuid: user.uuid })
    },
  }
  const autopilot = createAutopilot({
    clock: deps.clock,
    payloads,
    users,
    applications: deps.applications,
    sign: (uuid, user, network) => wallet.sign(uuid, { user, ...(network ? { network } : {}) }),
    reject: (uuid, user) => wallet.reject(uuid, { user }),
  })
  return {
    ...wallet,
    autopilot: autopilot.set,
    clearAutopilot: autopilot.clear,
    autopilotRules: autopilot.rules,
    autopilotLog: autopilot.log,
    autopilotPersistence: autopilot,
  }
}
