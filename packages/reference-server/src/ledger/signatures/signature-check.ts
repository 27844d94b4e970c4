import { decodeAccountID } from 'ripple-address-codec'
import { createSharedCache } from '../../bounded-cache'
import { accountIdOf } from '../codec/account-ids'
import type { JsonObject } from '../codec/json-object'
import { readAccount } from '../state/account-root'
import { signerListIndex } from '../state/keylets'
import { type AccountRoot, LSF } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { verify } from './keypair-signatures'
import { addressOfPublicKey } from './public-key-address'

/**
 * One decoded `Signers` (or `BatchSigners`) entry.
 *
 * @example
 * ```ts
 * const entry: SignerEntry = { Account, SigningPubKey, TxnSignature }
 * ```
 */
export interface SignerEntry {
  Account: string
  SigningPubKey: string
  TxnSignature: string
}

const HEX = /^[0-9A-F]+$/i
const MAX_SIGNERS = 32
// Hash prefixes of docs/protocol.md §8.2: single-sign data, multi-sign data.
const SIGNING_PREFIX = '53545800'
const MULTI_SIGNING_PREFIX = '534D5400'

// A key/signature algorithm mismatch makes the verifier throw: that is an invalid signature
// (docs/protocol.md §8.2).
/**
 * Whether `signature` by `publicKey` verifies over `data`; a throw or a non-hex value is "no".
 *
 * @example
 * ```ts
 * verifies(batchSigningData(batch, signer), entry.TxnSignature, entry.SigningPubKey) // true
 * ```
 */
export function verifies(data: string, signature: unknown, publicKey: unknown): boolean {
  if (typeof signature !== 'string' || typeof publicKey !== 'string') return false
  if (!HEX.test(signature) || !HEX.test(publicKey)) return false
  try {
    return verify(data, signature, publicKey)
  } catch {
    return false
  }
}

// The address of a key never changes, and the ledger sees the same few keys again and again:
// remembered (bounded) instead of two hashes and a base58 check encode per submission. A key is 66
// hex characters: a longer `SigningPubKey` of a submitted blob is derived every time, not kept.
// `false` stands for "no key" (a cache keeps no null).
const addresses = createSharedCache<string | false>({ maxKeyLength: 66, maxEntries: 4096 })

/**
 * The address a public key derives to (remembered, bounded), or null when it is no key.
 *
 * @example
 * ```ts
 * addressOf(key.publicKey) === key.address // true
 * ```
 */
export function addressOf(publicKey: string): string | null {
  const known = addresses.get(publicKey)
  if (known !== undefined) return known === false ? null : known
  let address: string | false
  try {
    address = addressOfPublicKey(publicKey)
  } catch {
    address = false
  }
  addresses.set(publicKey, address)
  return address === false ? null : address
}

/**
 * Reads a list of signature entries wrapped as `{[wrapper]: {Account, SigningPubKey,
 * TxnSignature}}` (`Signers` of a multisigned transaction, `BatchSigners` of a Batch), or null when
 * it is not one.
 *
 * @example
 * ```ts
 * signatureEntries(tx.BatchSigners, 'BatchSigner') // [{ Account, SigningPubKey, TxnSignature }]
 * ```
 */
export function signatureEntries(
  list: unknown,
  wrapper: 'Signer' | 'BatchSigner',
): SignerEntry[] | null {
  if (!Array.isArray(list)) return null
  const entries: SignerEntry[] = []
  for (const item of list) {
    const entry = (item as JsonObject | null)?.[wrapper] as JsonObject | undefined
    if (
      typeof entry?.Account !== 'string' ||
      typeof entry.SigningPubKey !== 'string' ||
      typeof entry.TxnSignature !== 'string'
    ) {
      return null
    }
    const { Account, SigningPubKey, TxnSignature } = entry
    entries.push({ Account, SigningPubKey, TxnSignature })
  }
  return entries
}

function signerEntries(tx: JsonObject): SignerEntry[] | null {
  const signers = tx.Signers
  if (!Array.isArray(signers) || signers.length === 0 || signers.length > MAX_SIGNERS) return null
  return signatureEntries(signers, 'Signer')
}

/**
 * The AccountID of an address in hex: the order signers are sorted in (docs/protocol.md §8.2).
 *
 * @example
 * ```ts
 * accountIdHex('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh') // 'b5f762798a53d543a014caf8b297cff8f2f937e8'
 * ```
 */
export const accountIdHex = (address: string) =>
  Buffer.from(decodeAccountID(address)).toString('hex')

/**
 * Checks the signature(s) of a decoded transaction cryptographically (preflight): a single
 * signature over `53545800` + fields, or every multisignature over `534D5400` + fields + signer
 * AccountID, 1 to 32 signers sorted by AccountID without duplicates, none the account itself.
 * `signingFields` are those fields as `encodeForSigning` writes them after its prefix
 * (`decodeCanonical` takes them from the blob). Any failure is `temBAD_SIGNATURE`, as rippled's
 * `Transactor::preflight2` answers for every failure of `STTx::checkSign` ("Unsorted Signers
 * array", "Duplicate Signers not allowed", "Invalid multisigner", "Cannot both single- and
 * multi-sign"…). Returns null when valid.
 *
 * @example
 * ```ts
 * const { tx, signingFields } = decodeCanonical(blob)
 * checkSignatures(tx, signingFields) // null, or 'temBAD_SIGNATURE'
 * ```
 */
export function checkSignatures(tx: JsonObject, signingFields: string): string | null {
  if (tx.SigningPubKey === '' || tx.Signers !== undefined) {
    if (tx.SigningPubKey !== '' || tx.TxnSignature !== undefined) return 'temBAD_SIGNATURE'
    const entries = signerEntries(tx)
    if (!entries) return 'temBAD_SIGNATURE'
    let previous = ''
    for (const entry of entries) {
      if (entry.Account === tx.Account) return 'temBAD_SIGNATURE'
      const id = accountIdOf(entry.Account)
      if (id <= previous) return 'temBAD_SIGNATURE'
      previous = id
      const data = `${MULTI_SIGNING_PREFIX}${signingFields}${id}`
      if (!verifies(data, entry.TxnSignature, entry.SigningPubKey)) return 'temBAD_SIGNATURE'
    }
    return null
  }
  return verifies(`${SIGNING_PREFIX}${signingFields}`, tx.TxnSignature, tx.SigningPubKey)
    ? null
    : 'temBAD_SIGNATURE'
}

const masterDisabled = (root: Readonly<AccountRoot> | undefined) =>
  root !== undefined && (root.Flags & LSF.AccountRoot.DisableMaster) !== 0

// rippled `Transactor::checkSingleSign`: the regular key, or the master key unless disabled.
function singleSignResult(signedBy: string | null, root: Readonly<AccountRoot>): string | null {
  if (signedBy !== null && signedBy === root.RegularKey) return null
  if (signedBy !== root.Account) return 'tefBAD_AUTH'
  return masterDisabled(root) ? 'tefMASTER_DISABLED' : null
}

/**
 * Preflight of a transaction `simulate` runs, in place of {@link checkSignatures} (rippled
 * Transactor.cpp `preflightCheckSigningKey`, `preflightCheckSimulateKeys` with tapDRY_RUN): no
 * signature is verified; one present is `temINVALID` (the RPC refuses it before), a
 * `SigningPubKey` that is no public key `temBAD_SIGNATURE`. Null when it passes.
 *
 * @example
 * ```ts
 * checkSimulateKeys({ ...tx, SigningPubKey: '', TxnSignature: '' }) // null
 * ```
 */
export function checkSimulateKeys(tx: JsonObject): string | null {
  if (typeof tx.SigningPubKey === 'string' && tx.SigningPubKey !== '') {
    if (addressOf(tx.SigningPubKey) === null) return 'temBAD_SIGNATURE'
  }
  if (typeof tx.TxnSignature === 'string' && tx.TxnSignature !== '') return 'temINVALID'
  const signers = Array.isArray(tx.Signers) ? tx.Signers : []
  const signed = signers.some((item) => {
    const signature = (item as { Signer?: JsonObject } | null)?.Signer?.TxnSignature
    return typeof signature === 'string' && signature !== ''
  })
  return signed ? 'temINVALID' : null
}

/**
 * Whether one single-signed `BatchSigners` entry may sign for its account (preclaim; rippled
 * Batch.cpp `checkBatchSign` → Transactor.cpp `checkSign` with `permitUncreatedAccount`): an account
 * not in the ledger yet (an earlier inner transaction may create it) only with its own master key,
 * else `tefBAD_AUTH`; an existing one as `checkSingleSign` (its regular key, or its master key
 * unless disabled: `tefMASTER_DISABLED`). Null when authorized; the caller asks again for every
 * entry, never stopping at an authorized one (the February 2026 flaw, docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * batchSignerAuthorization(view, entry) // null, 'tefBAD_AUTH' or 'tefMASTER_DISABLED'
 * ```
 */
export function batchSignerAuthorization(view: ReadView, entry: SignerEntry): string | null {
  const signedBy = addressOf(entry.SigningPubKey)
  const root = readAccount(view, entry.Account)
  if (!root) return signedBy === entry.Account ? null : 'tefBAD_AUTH'
  return singleSignResult(signedBy, root)
}

// rippled `Transactor::checkMultiSign`, per signer: a phantom account (not in the ledger) signs
// with its master key; an existing one with its master key unless disabled, or its regular key.
// A simulated transaction's signer without a key counts as signing with its master key.
function signerResult(view: ReadView, entry: SignerEntry, dryRun: boolean): string | null {
  const signedBy =
    dryRun && entry.SigningPubKey === '' ? entry.Account : addressOf(entry.SigningPubKey)
  if (signedBy === null) return 'tefBAD_SIGNATURE'
  const signer = readAccount(view, entry.Account)
  if (signedBy === entry.Account) return masterDisabled(signer) ? 'tefMASTER_DISABLED' : null
  return signer?.RegularKey === signedBy ? null : 'tefBAD_SIGNATURE'
}

/**
 * Checks that the key(s) may sign for the account (preclaim). The codec's signature check does
 * not test this (docs/protocol.md §8.2, §8.7): a single `SigningPubKey` must derive to the
 * account's regular key, or to `Account` itself unless the master key is disabled
 * (`tefMASTER_DISABLED`), else `tefBAD_AUTH`; multisigners must all be on the account's
 * SignerList (`tefNOT_MULTI_SIGNING` without one, `tefBAD_SIGNATURE` for a stranger or a key that
 * is neither the signer's master nor regular key, `tefMASTER_DISABLED` for a disabled master)
 * and their weights must reach the quorum (`tefBAD_QUORUM`). Null when authorized. `dryRun` is
 * `simulate`'s check (rippled Transactor.cpp `checkSign`, `checkMultiSign` with tapDRY_RUN): an
 * unsigned transaction without a key or signers passes; a signer without a key signs as itself.
 *
 * @example
 * ```ts
 * checkAuthorization(tx, view) // null, or 'tefBAD_AUTH'
 * ```
 */
export function checkAuthorization(tx: JsonObject, view: ReadView, dryRun = false): string | null {
  const root = readAccount(view, String(tx.Account))
  if (!root) return 'terNO_ACCOUNT'
  // Transactor.cpp `checkSign` under tapDRY_RUN (simulate): neither a key nor signers, no check.
  if (dryRun && tx.SigningPubKey === '' && tx.Signers === undefined) return null
  if (tx.SigningPubKey !== '') return singleSignResult(addressOf(String(tx.SigningPubKey)), root)
  const list = view.read(signerListIndex(root.Account))
  if (!list) return 'tefNOT_MULTI_SIGNING'
  const weights = new Map<string, number>()
  for (const wrapper of (list.SignerEntries ?? []) as { SignerEntry: JsonObject }[]) {
    weights.set(String(wrapper.SignerEntry.Account), Number(wrapper.SignerEntry.SignerWeight))
  }
  let weight = 0
  for (const entry of signerEntries(tx) ?? []) {
    const entryWeight = weights.get(entry.Account)
    if (entryWeight === undefined) return 'tefBAD_SIGNATURE'
    const refused = signerResult(view, entry, dryRun)
    if (refused) return refused
    weight += entryWeight
  }
  return weight >= Number(list.SignerQuorum) ? null : 'tefBAD_QUORUM'
}

/**
 * How many signatures a transaction carries (1, or the number of multisigners); the fee scales
 * with it.
 *
 * @example
 * ```ts
 * signatureCount(decode(blob)) // 1
 * ```
 */
export function signatureCount(tx: JsonObject): number {
  return tx.SigningPubKey === '' ? (signerEntries(tx)?.length ?? 1) : 1
}
