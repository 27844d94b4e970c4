import type { Amount } from 'pullsign/wire'
import { accountRootIndex } from './keylets'
import { type LedgerObject, type LedgerValue, sameValue, ZERO_HASH } from './ledger-object'
import type { Sandbox } from './sandbox'

/**
 * One entry of `AffectedNodes`, as rippled writes it.
 *
 * @example
 * ```ts
 * const node: AffectedNode = { ModifiedNode: { LedgerEntryType: 'AccountRoot', LedgerIndex, FinalFields, PreviousFields } }
 * ```
 */
export type AffectedNode =
  | { CreatedNode: NodeFields }
  | { ModifiedNode: NodeFields }
  | { DeletedNode: NodeFields }

/**
 * What an affected node says of its object.
 *
 * @example
 * ```ts
 * const fields: NodeFields = { LedgerEntryType: 'Ticket', LedgerIndex, FinalFields }
 * ```
 */
export interface NodeFields {
  LedgerEntryType: string
  LedgerIndex: string
  NewFields?: Record<string, LedgerValue>
  FinalFields?: Record<string, LedgerValue>
  PreviousFields?: Record<string, LedgerValue>
  PreviousTxnID?: string
  PreviousTxnLgrSeq?: number
}

/**
 * A transaction's metadata as rippled stores it (docs/protocol.md §8.6): the objects it
 * created, changed and deleted in index order, its position in its ledger, its result, and
 * `DeliveredAmount` when a payment delivered other than its `Amount` (§8.3). `ParentBatchID` names
 * the Batch of an inner transaction (§8.4).
 *
 * @example
 * ```ts
 * stored.meta.AffectedNodes.length
 * ```
 */
export interface TransactionMeta {
  AffectedNodes: AffectedNode[]
  TransactionIndex: number
  TransactionResult: string
  DeliveredAmount?: Amount
  ParentBatchID?: string
}

type NodeKind = 'CreatedNode' | 'ModifiedNode' | 'DeletedNode'

// rippled's SField metadata flags (`sfields.macro`): every field is sMD_Default (ChangeOrig,
// ChangeNew, DeleteFinal, Create) except these. `index` is ours, not a field.
const NEVER = new Set(['LedgerEntryType', 'Indexes', 'index'])
const DELETE_FINAL_ONLY = new Set(['PreviousTxnID', 'PreviousTxnLgrSeq'])
const ALWAYS_ONLY = new Set(['RootIndex'])

const inPreviousFields = (field: string) =>
  !NEVER.has(field) && !DELETE_FINAL_ONLY.has(field) && !ALWAYS_ONLY.has(field)
const inModifiedFinalFields = (field: string) => !NEVER.has(field) && !DELETE_FINAL_ONLY.has(field)
const inDeletedFinalFields = (field: string) => !NEVER.has(field)
const inNewFields = (field: string) => !NEVER.has(field) && !DELETE_FINAL_ONLY.has(field)

// A field at its type's default value is left out of NewFields (`STBase::isDefault`): zero
// numbers, zero drops or UInt64, zero hashes, empty blobs and arrays. An issued amount is never
// default, even at zero.
function isDefault(value: LedgerValue): boolean {
  if (value === 0 || value === '' || value === '0') return true
  if (typeof value === 'string') return value.length >= 32 && /^0+$/.test(value)
  return Array.isArray(value) && value.length === 0
}

// The objects without threading fields (rippled threads every other type, fixPreviousTxnID).
const UNTHREADED = new Set(['LedgerHashes'])

function fieldsOf(
  object: Readonly<LedgerObject>,
  keep: (field: string, value: LedgerValue) => boolean,
): Record<string, LedgerValue> | undefined {
  let fields: Record<string, LedgerValue> | undefined
  for (const field in object) {
    const value = object[field]
    if (value === undefined || !keep(field, value)) continue
    fields ??= {}
    fields[field] = value
  }
  return fields
}

const sameObject = (a: Readonly<LedgerObject>, b: Readonly<LedgerObject>) => {
  const keys = Object.keys(a).filter((key) => a[key] !== undefined)
  if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false
  return keys.every((key) => sameValue(a[key], b[key]))
}

/**
 * Computes a transaction's `AffectedNodes` from what its sandbox touched, as rippled's
 * `ApplyStateTable::apply` does, and threads the objects: each changed object (and the owner
 * accounts of each created or deleted one) gets `PreviousTxnID`/`PreviousTxnLgrSeq` of this
 * transaction, its previous ones going into its `ModifiedNode`. Owner accounts touched only by
 * threading are added to the sandbox. `NewFields` hold the non-default fields of a created
 * object, `FinalFields` the fields of a changed or deleted one, `PreviousFields` the fields whose
 * value changed; `LedgerEntryType` and `Indexes` never appear in them, `PreviousTxnID` only in
 * a deleted object's `FinalFields`, `RootIndex` never in `PreviousFields` (`sfields.macro`).
 * Nodes are in index order, as rippled sorts them.
 *
 * @example
 * ```ts
 * const nodes = affectedNodes(sandbox, txid, view.info.seq)
 * ```
 */
export function affectedNodes(sandbox: Sandbox, txid: string, ledgerSeq: number): AffectedNode[] {
  const base = sandbox.base
  const nodes = new Map<string, { kind: NodeKind; fields: NodeFields }>()
  // Accounts changed only by threading (rippled's `Mods`).
  const threadedOnly = new Map<string, LedgerObject>()
  const changes = sandbox.changes()
  const byIndex = new Map(changes.map((change) => [change.index, change]))

  const nodeOf = (index: string, kind: NodeKind, type: string) => {
    let node = nodes.get(index)
    if (!node) {
      node = { kind, fields: { LedgerEntryType: type, LedgerIndex: index } }
      nodes.set(index, node)
    }
    return node
  }
  const threadItem = (object: LedgerObject) => {
    if (object.PreviousTxnID === txid) return
    const previousId = object.PreviousTxnID
    const previousSeq = object.PreviousTxnLgrSeq
    object.PreviousTxnID = txid
    object.PreviousTxnLgrSeq = ledgerSeq
    if (typeof previousId !== 'string' || previousId === ZERO_HASH) return
    const node = nodeOf(object.index, 'ModifiedNode', object.LedgerEntryType)
    if (node.fields.PreviousTxnID === undefined) {
      node.fields.PreviousTxnID = previousId
      node.fields.PreviousTxnLgrSeq = Number(previousSeq)
    }
  }
  const threadTo = (account: unknown) => {
    if (typeof account !== 'string') return
    const index = accountRootIndex(account)
    let target = threadedOnly.get(index)
    if (!target) {
      const change = byIndex.get(index)
      if (change?.action === 'erase') return
      if (change && change.action !== 'cache') target = change.object
      else {
        const original = base.read(index)
        if (!original) return
        target = { ...original, index } as LedgerObject
        threadedOnly.set(index, target)
      }
    }
    threadItem(target)
  }
  const threadOwners = (object: Readonly<LedgerObject>) => {
    if (object.LedgerEntryType === 'AccountRoot') return
    if (object.LedgerEntryType === 'RippleState') {
      threadTo((object.LowLimit as { issuer?: string } | undefined)?.issuer)
      threadTo((object.HighLimit as { issuer?: string } | undefined)?.issuer)
      return
    }
    threadTo(object.Account)
    threadTo(object.Destination)
  }

  for (const { index, action, object } of changes) {
    if (action === 'cache') continue
    const original = base.read(index)
    if (action === 'modify' && original && sameObject(object, original)) continue
    const kind: NodeKind =
      action === 'erase' ? 'DeletedNode' : action === 'insert' ? 'CreatedNode' : 'ModifiedNode'
    const node = nodeOf(index, kind, object.LedgerEntryType)
    node.kind = kind
    const threaded = !UNTHREADED.has(object.LedgerEntryType)
    const changedFrom = (from: Readonly<LedgerObject>) =>
      fieldsOf(from, (field, value) => inPreviousFields(field) && !sameValue(object[field], value))
    if (kind === 'DeletedNode' && original) {
      threadOwners(original)
      node.fields.PreviousFields = changedFrom(original)
      node.fields.FinalFields = fieldsOf(object, inDeletedFinalFields)
    } else if (kind === 'ModifiedNode' && original) {
      if (threaded) threadItem(object)
      node.fields.PreviousFields = changedFrom(original)
      node.fields.FinalFields = fieldsOf(object, inModifiedFinalFields)
    } else if (kind === 'CreatedNode') {
      threadOwners(object)
      if (threaded) threadItem(object)
      node.fields.NewFields = fieldsOf(object, (f, v) => inNewFields(f) && !isDefault(v))
    }
  }
  for (const object of threadedOnly.values()) sandbox.rawReplace(object)

  return [...nodes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, { kind, fields }]) => {
      const clean = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as NodeFields
      return { [kind]: clean } as AffectedNode
    })
}
