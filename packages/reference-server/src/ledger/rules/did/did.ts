import { didIndex } from '../../state/keylets'
import type { LedgerObject } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'

// The DID's fields and the most bytes each may hold (rippled Protocol.h `maxDIDURILength`,
// `maxDIDDocumentLength`, `maxDIDAttestationLength`).
const DID_FIELDS = [
  ['URI', 256],
  ['DIDDocument', 256],
  ['Data', 256],
] as const

// A blob field's bytes: its hex digits over two.
const blobBytes = (value: unknown): number => (typeof value === 'string' ? value.length / 2 : 0)

/**
 * DIDSet (docs/protocol.md §8.7, rippled `DID.cpp`): sets the account's DID, one per account.
 * Preflight: none of `URI`, `DIDDocument`, `Data`, or all three present and empty →
 * `temEMPTY_DID`; one over 256 bytes → `temMALFORMED`. On an existing DID each field given
 * replaces the stored one, an empty one removes it, and a DID left with none is `tecEMPTY_DID`;
 * a new DID keeps the non-empty fields (none at all → `tecEMPTY_DID`, fixEmptyDID) and needs one
 * more owner reserve of the balance after the fee (`tecINSUFFICIENT_RESERVE`).
 *
 * @example
 * ```ts
 * didSetRules.preflight({ TransactionType: 'DIDSet' }, context) // temEMPTY_DID
 * ```
 */
export const didSetRules: TransactionRules = {
  source: 'DID.cpp',
  amendment: 'DID',
  flags: 0,
  preflight(tx) {
    const given = DID_FIELDS.filter(([field]) => tx[field] !== undefined)
    if (given.length === 0) {
      return refuse(
        'temEMPTY_DID',
        'did-empty',
        'none of URI, DIDDocument and Data is given',
        'DID.cpp',
      )
    }
    if (given.length === DID_FIELDS.length && given.every(([field]) => tx[field] === '')) {
      return refuse(
        'temEMPTY_DID',
        'did-empty',
        'URI, DIDDocument and Data are all empty',
        'DID.cpp',
      )
    }
    for (const [field, most] of given) {
      const bytes = blobBytes(tx[field])
      if (bytes > most) {
        return refuse(
          'temMALFORMED',
          'did-too-long',
          `${field} has ${bytes} bytes, more than ${most}`,
          'DID.cpp',
        )
      }
    }
    return null
  },
  doApply({ view, tx, account }) {
    const index = didIndex(account.Account)
    const existing = view.peek(index)
    if (existing) {
      for (const [field] of DID_FIELDS) {
        const value = tx[field]
        if (typeof value !== 'string') continue
        if (value === '') delete existing[field]
        else existing[field] = value
      }
      if (DID_FIELDS.every(([field]) => existing[field] === undefined)) {
        return refuse(
          'tecEMPTY_DID',
          'did-empty',
          'the DID would keep none of URI, DIDDocument and Data',
          'DID.cpp',
        )
      }
      view.update(existing)
      return 'tesSUCCESS'
    }
    const did: LedgerObject = {
      LedgerEntryType: 'DID',
      Flags: 0,
      Account: account.Account,
      OwnerNode: '0',
      index,
    }
    for (const [field] of DID_FIELDS) {
      const value = tx[field]
      if (typeof value === 'string' && value !== '') did[field] = value
    }
    if (DID_FIELDS.every(([field]) => did[field] === undefined)) {
      return refuse(
        'tecEMPTY_DID',
        'did-empty',
        'a new DID would hold none of URI, DIDDocument and Data',
        'DID.cpp',
      )
    }
    // DID.cpp `addSLE`: the balance after the fee against the reserve of one more object.
    const short = reserveRefusal(view, BigInt(account.Balance), account.OwnerCount + 1, 'DID.cpp')
    if (short) return short
    return addOwnedObject(view, did, { owner: account })
  },
}

/**
 * Removes a DID from its owner's directory and reserve (rippled `DIDDelete::deleteSLE`), the
 * directory's root kept: what DIDDelete and AccountDelete do.
 *
 * @example
 * ```ts
 * deleteDid(view, view.peek(didIndex(owner))!, owner)
 * ```
 */
export function deleteDid(view: ApplyView, did: LedgerObject, owner: string): string {
  removeOwnedObject(view, did, { owner, keepRoot: true })
  return 'tesSUCCESS'
}

/**
 * DIDDelete (docs/protocol.md §8.7, rippled `DID.cpp`): removes the account's DID, one owner
 * reserve freed; no DID → `tecNO_ENTRY`.
 *
 * @example
 * ```ts
 * didDeleteRules.preflight({ TransactionType: 'DIDDelete' }, context) // null
 * ```
 */
export const didDeleteRules: TransactionRules = {
  source: 'DID.cpp',
  amendment: 'DID',
  flags: 0,
  preflight: () => null,
  doApply({ view, account }) {
    const did = view.peek(didIndex(account.Account))
    if (!did)
      return refuse('tecNO_ENTRY', 'did-missing', `${account.Account} has no DID`, 'DID.cpp')
    return deleteDid(view, did, account.Account)
  },
}
