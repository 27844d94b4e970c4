import type { NetworkKey, PayloadOrigin, TransactionJson } from 'pullsign/wire'
import type { Application } from '../applications/applications'

/** The options of a payload as the wallet applies them: defaults filled, `signer` folded in. */
export interface WalletRequestOptions {
  submit: boolean
  multisign: boolean
  /** Minutes. */
  expire: number
  /** Empty when any of the user's accounts may sign. */
  signers: readonly string[]
  pathfinding: boolean
  pathfinding_fallback: boolean
  force_network: NetworkKey | null
  return_url: Readonly<{ app: string | null; web: string | null }>
}

/** What the wallet needs to sign a payload (docs/protocol.md §3.1 after validation). */
export interface WalletRequest {
  uuid: string
  application: Application
  /** As requested, or decoded from `txblob`. */
  txjson: TransactionJson
  options: WalletRequestOptions
  /** The user the payload is bound to (JWT-created or pushed with a user token), else null. */
  userUuid: string | null
}

/** How the user opened a payload. */
export interface OpenInput {
  userUuid: string
  via?: PayloadOrigin
}

/** The wallet's outcome of a payload, applied by `payloads.resolve` (docs/protocol.md §3.5). */
export type WalletOutcome =
  | { signed: false; userUuid: string }
  | {
      signed: true
      userUuid: string
      account: string
      signer: string
      signerPubkey: string
      hex: string
      txid: string
      multisignAccount: string | null
      environment: { nodeuri: string; nodetype: NetworkKey; networkid: number }
      dispatched: { to: string; nodetype: NetworkKey; result: string } | null
    }

/** Who creates a payload besides the application (a JWT's user, an xApp). */
export interface CreateContext {
  /** The JWT's user: the payload is pushed to them and signable only by them. */
  userUuid?: string
  /** Created from inside an xApp (`meta.is_xapp`). */
  xapp?: boolean
  /** Created without credentials: forgotten once expired unopened (docs/protocol.md §7.3). */
  transient?: boolean
}
