import type { NetworkKey, TransactionJson } from 'pullsign/wire'
import type { KeyAlgorithm } from '../../../control-api-types'
import { SIGN_PAGE_SCRIPT } from '../../page-scripts.gen'
import type { SignPageData } from '../../scripts/sign-page'
import { renderShell } from '../common/page-shell'
import { html, type SafeHtml } from '../common/safe-html'
import type { AmountView } from './amount-view'
import { MPT_TYPE_NOTES } from './mpt-field-text'
import { isActionable, type PayloadState } from './payload-state'
import { type TransactionRow, transactionRows } from './transaction-rows'

/** A user of the simulated wallet, as the sign page offers it. */
export interface SignPageUser {
  uuid: string
  name: string
  accounts: Array<{ address: string; algorithm: KeyAlgorithm }>
}

/** A network the user can sign on, with its native asset (§8.1). */
export interface SignPageNetwork {
  key: NetworkKey
  name: string
  nativeAsset: string
}

/** Everything the sign page shows, as plain data (built by `signPageView`). */
export interface SignPageView {
  uuid: string
  /** `sign` at `next.always`; `qr` (QR first) at `next.no_push_msg_received`. */
  variant: 'sign' | 'qr'
  applicationName: string
  /** The transaction as requested (`payload.request_json`). */
  request: TransactionJson
  instruction: string | null
  identifier: string | null
  forceNetwork: NetworkKey | null
  /** Whether the wallet submits the signed transaction (`meta.submit`). */
  submit: boolean
  /** A multisign request (`meta.multisign`): the wallet adds one signature of several. */
  multisign: boolean
  /** Accounts the wallet must sign with (`meta.signers`), or null for any. */
  signers: string[] | null
  state: PayloadState
  /** ISO 8601. */
  expiresAt: string
  /** Server time in ms when the page was made (the clock can be moved; §10). */
  serverNow: number
  /** `meta.return_url_web` with placeholders replaced, followed after resolution. */
  returnUrlWeb: string | null
  txid: string | null
  /** The signing account once signed. */
  account: string | null
  /** `{links}/explorer/{network}/{txid}` once a transaction was signed on a network, else null. */
  explorerUrl: string | null
  users: SignPageUser[]
  /** The user the payload is bound to (JWT or push), preselected. */
  boundUser: string | null
  /** A popup OAuth sign-in's opener origin: told `xumm_sign_request_popup_closed` (§7.1). */
  popupOpenerOrigin: string | null
  /** Networks offered in the selector, the default first. */
  networks: SignPageNetwork[]
  /** Path of the QR PNG of `next.always` (`refs.qr_png`). */
  qrPng: string
  /** Path of the payload websocket (§4). */
  socketPath: string
  /**
   * Why the ledger will refuse the transaction, said before it is signed (its preflight,
   * docs/protocol.md §3.1 "Before the ledger says so"), or null.
   */
  preflight: { result: string; field: string | null; message: string } | null
  /** The `AssetScale` of each MPT issuance the request names that the ledger knows, by id. */
  mptScales: Record<string, number>
}

/**
 * How long the outcome stays on screen before the page follows `return_url.web`; none in a popup
 * sign-in, whose opener shows the outcome once the return page closes the popup (the wait was
 * 800 of the bench's ~1,270 ms from click to `success`).
 */
export const FOLLOW_DELAY_MS = 800

/** Texts the page script shows; sent as data so the wording lives in one place. */
const SCRIPT_TEXTS = {
  pre_signed: 'Signing in the wallet…',
  dispatched: 'Submitting to the ledger…',
  signing: 'Signing…',
  rejecting: 'Rejecting…',
  returning: 'Returning to the application: ',
  txid: 'Transaction id: ',
  account: 'Signed by ',
  explorer: 'View the transaction',
  expiredCountdown: 'expired',
}

const STATUS_TEXTS: Readonly<Record<PayloadState, string>> = Object.freeze({
  pending: 'Waiting for the wallet',
  opened: 'Opened in the wallet',
  signed: 'Signed',
  rejected: 'Rejected',
  cancelled: 'Cancelled by the application',
  expired: 'This sign request has expired',
})

/** What a pseudo transaction does, since it has no fields to read (§3.1, §8.2). */
const TYPE_NOTES: Record<string, string> = {
  SignIn: 'Proves that you hold the account. Nothing is sent to the ledger.',
  PaymentChannelAuthorize: 'Signs a payment channel claim. Nothing is sent to the ledger.',
  AccountDelete:
    'Deletes the account: what remains after the fee goes to the Destination. The fee is one owner reserve (0.2 units), not the usual network fee.',
  SetRegularKey:
    'Lets another key sign for this account; without a regular key it removes the one set.',
  SignerListSet:
    'Sets the accounts that may sign for this account together; a quorum of 0 removes the list.',
  DepositPreauth:
    'Lets an account pay you while you accept deposits only from preauthorized accounts, or takes that back.',
  ...MPT_TYPE_NOTES,
}

const TYPE_LABELS: Record<string, string> = {
  SignIn: 'Sign in',
  PaymentChannelAuthorize: 'Payment channel authorization',
}

/** A native amount carries a unit element the script swaps when the user picks a network. */
function renderAmount(amount: AmountView, nativeAsset: string): SafeHtml {
  switch (amount.kind) {
    case 'native':
      return html`<span class="amount" title="${amount.drops} drops">${amount.units} <span class="native-unit">${nativeAsset}</span></span>`
    case 'issued':
      return html`<span class="amount">${amount.value} ${amount.currency}</span> <span class="muted">issued by <code>${amount.issuer}</code></span>`
    case 'mpt':
      return html`<span class="amount" title="${amount.units} units">${amount.decimal ?? amount.units}</span> <span class="muted">${amount.decimal === null ? 'units of the token' : 'of the token'} <code>${amount.token}</code></span>`
    case 'raw':
      return html`<code>${amount.json}</code>`
  }
}

/**
 * One readable line (`<dt>`/`<dd>`) of a transaction, as the sign page and the link pages show it;
 * an address found in `names` (e.g. the Destination, a wallet user's account) shows whose it is.
 *
 * @example
 * ```ts
 * html`<dl class="fields">${transactionRows(tx).map((row) => renderRow(row, 'XRP'))}</dl>`
 * ```
 */
export function renderRow(
  row: TransactionRow,
  nativeAsset: string,
  names: ReadonlyMap<string, string> = new Map(),
): SafeHtml {
  const value = row.value
  let shown: SafeHtml
  if (value.kind === 'amount') shown = renderAmount(value.amount, nativeAsset)
  else if (value.kind === 'memo') {
    shown = html`${value.type ? html`<span class="muted">${value.type}:</span> ` : ''}${value.data ?? ''}`
  } else {
    const name = names.get(value.text)
    shown = html`<span class="mono">${value.text}</span>${name ? html` <span class="account-name">${name}</span>` : ''}`
  }
  return html`<dt>${row.label}</dt><dd data-field="${row.field}">${shown}</dd>`
}

function accountLabel(account: { address: string; algorithm: KeyAlgorithm }): string {
  return `${account.address} (${account.algorithm})`
}

/** The user and account to preselect: the bound user, else the holder of the first signer. */
function defaultSelection(view: SignPageView): {
  user: SignPageUser | null
  account: string | null
} {
  const holder = (address: string) =>
    view.users.find((user) => user.accounts.some((a) => a.address === address))
  const user =
    view.users.find((u) => u.uuid === view.boundUser) ??
    (view.signers?.[0] ? holder(view.signers[0]) : undefined) ??
    view.users[0] ??
    null
  const account =
    user?.accounts.find((a) => view.signers?.includes(a.address))?.address ??
    user?.accounts[0]?.address ??
    null
  return { user, account }
}

function renderForm(view: SignPageView): SafeHtml {
  const users = view.users.filter((user) => user.accounts.length > 0)
  if (users.length === 0) {
    return html`<section class="card"><p>No wallet users yet: create one with <code>POST /__ref/users</code>, then reload.</p></section>`
  }
  const chosen = defaultSelection({ ...view, users })
  const userOptions = users.map(
    (user) =>
      html`<option value="${user.uuid}"${user.uuid === chosen.user?.uuid ? html` selected` : ''}>${user.name}</option>`,
  )
  const accountOptions = (chosen.user?.accounts ?? []).map(
    (account) =>
      html`<option value="${account.address}"${account.address === chosen.account ? html` selected` : ''}>${accountLabel(account)}</option>`,
  )
  const forced = view.networks.find((network) => network.key === view.forceNetwork)
  const network = forced
    ? html`<p class="muted">Network: ${forced.name} (set by the application)</p>`
    : html`<label>Network<select id="network" name="network">${view.networks.map(
        (n) => html`<option value="${n.key}">${n.name}</option>`,
      )}</select></label>`
  return html`<section class="card"><h2>Answer as a wallet user</h2>
<form class="act" id="act">
<label>User<select id="user" name="user">${userOptions}</select></label>
<label>Account<select id="account" name="account">${accountOptions}</select></label>
${network}
<div class="buttons"><button type="submit" class="sign" id="sign">Sign</button><button type="button" class="reject" id="reject">Reject</button></div>
</form></section>`
}

function renderOutcome(view: SignPageView): SafeHtml {
  const detail =
    view.state === 'signed' && view.txid
      ? html`${SCRIPT_TEXTS.txid}<code>${view.txid}</code>${view.account ? html`<br>${SCRIPT_TEXTS.account}<code>${view.account}</code>` : ''}${view.explorerUrl ? html`<br><a id="explorer" href="${view.explorerUrl}">${SCRIPT_TEXTS.explorer}</a>` : ''}`
      : ''
  return html`<section class="card" id="outcome">
<p id="status" class="status" role="status" aria-live="polite" data-state="${view.state}">${STATUS_TEXTS[view.state]}</p>
<p id="detail">${detail}</p>
<p id="error" class="status" data-state="error" role="alert" hidden></p>
<p id="return" hidden></p>
<p class="muted"><span id="live">connecting…</span> · <span id="live-meaning">“live” means this page follows the sign request on its websocket: the status above changes by itself (signed in the wallet app, expired, cancelled), no reload needed.</span></p>
</section>`
}

function requestNotes(view: SignPageView): string[] {
  const notes: string[] = []
  const typeNote = TYPE_NOTES[view.request.TransactionType]
  if (typeNote) notes.push(typeNote)
  if (view.multisign)
    notes.push(
      'Multisign: your signature is one of several; the application combines them. The fee covers one signature per signer on the list, plus one.',
    )
  else if (!view.submit && !typeNote) {
    notes.push(
      'The signed transaction goes back to the application; the wallet does not submit it.',
    )
  }
  if (view.signers?.length) notes.push(`Only these accounts may sign: ${view.signers.join(', ')}.`)
  return notes
}

/** Whose each known account is, e.g. `Bob's account`: the Destination shows it next to the address. */
function accountNames(view: SignPageView): Map<string, string> {
  return new Map(
    view.users.flatMap((user) =>
      user.accounts.map((account) => [account.address, `${user.name}'s account`] as const),
    ),
  )
}

function renderRequest(view: SignPageView, nativeAsset: string): SafeHtml {
  const forced = view.networks.find((network) => network.key === view.forceNetwork)
  const txType = view.request.TransactionType
  return html`<section class="card" id="request">
<p class="muted">${view.applicationName} asks you to sign</p>
<h1>${TYPE_LABELS[txType] ?? txType}</h1>
${view.instruction ? html`<p class="instruction" id="instruction">${view.instruction}</p>` : ''}
${requestNotes(view).map((note) => html`<p class="muted note">${note}</p>`)}
${view.preflight ? html`<p class="status" data-state="error" id="preflight" role="note">The ledger will refuse this transaction: ${view.preflight.message}.</p>` : ''}
<dl class="fields">
<dt>Type</dt><dd data-field="TransactionType"><span class="mono">${txType}</span></dd>
${transactionRows(view.request, nativeAsset, (id) => view.mptScales[id]).map((row) => renderRow(row, nativeAsset, accountNames(view)))}
<dt>Network</dt><dd data-field="network">${forced ? html`${forced.name} <span class="muted">(forced: ${forced.key})</span>` : html`<span class="muted">the wallet's choice</span>`}</dd>
${view.identifier ? html`<dt>Identifier</dt><dd data-field="identifier"><span class="mono">${view.identifier}</span></dd>` : ''}
${view.returnUrlWeb ? html`<dt>Returns to</dt><dd data-field="return"><span class="mono">${view.returnUrlWeb}</span></dd>` : ''}
<dt>Expires</dt><dd data-field="expires">${isActionable(view.state) ? html`<span id="countdown" data-expires-at="${view.expiresAt}" data-server-now="${view.serverNow}"></span> ` : ''}<span class="muted">(<time datetime="${view.expiresAt}">${view.expiresAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}</time>)</span></dd>
</dl>
<details><summary>Request JSON</summary><pre>${JSON.stringify(view.request, null, 2)}</pre></details>
</section>`
}

function renderQr(view: SignPageView): SafeHtml {
  return html`<section class="card qr" id="qr">
<img src="${view.qrPng}" alt="QR code of this sign request" width="264" height="264">
<p class="muted">Scan with the wallet app, or answer on this page as a test user.</p>
</section>`
}

/**
 * The sign page at `next.always` (§3.2): the request in readable form, its QR, the live status
 * (payload websocket, §4) and, while the payload can still be answered, the controls to sign or
 * reject as a chosen user and account through the control API (§10). After a resolution it
 * follows `return_url.web`, as the wallet app does.
 */
export function renderSignPage(view: SignPageView): string {
  const nativeAsset =
    view.networks.find((network) => network.key === view.forceNetwork)?.nativeAsset ??
    view.networks[0]?.nativeAsset ??
    'XRP'
  const request = renderRequest(view, nativeAsset)
  // Once over, the page shows the outcome: no QR to scan, no countdown, no form.
  const qr = isActionable(view.state) ? renderQr(view) : ''
  const form = isActionable(view.state) ? renderForm(view) : ''
  const main =
    view.variant === 'qr'
      ? html`${qr}${renderOutcome(view)}${request}${form}`
      : html`${request}${renderOutcome(view)}${form}${qr}`
  return renderShell({
    title: `${TYPE_LABELS[view.request.TransactionType] ?? view.request.TransactionType} · sign request`,
    active: null,
    mainClass: view.variant === 'qr' ? 'qr-first' : 'sign-layout',
    main,
    data: {
      uuid: view.uuid,
      state: view.state,
      txid: view.txid,
      account: view.account,
      expiresAt: view.expiresAt,
      serverNow: view.serverNow,
      socketPath: view.socketPath,
      forceNetwork: view.forceNetwork,
      followDelayMs: view.popupOpenerOrigin ? 0 : FOLLOW_DELAY_MS,
      popupOpenerOrigin: view.popupOpenerOrigin,
      networks: view.networks,
      users: view.users.map((user) => ({
        uuid: user.uuid,
        accounts: user.accounts.map((account) => ({
          address: account.address,
          label: accountLabel(account),
        })),
      })),
      texts: { ...STATUS_TEXTS, ...SCRIPT_TEXTS },
    } satisfies SignPageData,
    script: SIGN_PAGE_SCRIPT,
  })
}
