import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { isLedgerIndex } from '../../state/keylets'
import { type LedgerObject, LSF, type RippleState } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { type Refusal, refuse, type Verdict } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { hasXahauFlagsBeyond } from '../uritoken/uritoken-entry'

const SOURCE = 'SetRemarks.cpp'
// SetRemarks.cpp: at most 32 remarks on an object and in a transaction, names and values of 1 to
// 256 bytes; TxFlags.h tfImmutable and LedgerFormats.h lsfImmutable are both 1.
const MAX_REMARKS = 32
const MAX_BYTES = 256
const IMMUTABLE = 1

interface Remark {
  RemarkName: string
  RemarkValue?: string
  Flags?: number
}

const remarksOf = (value: unknown): Array<Remark | undefined> =>
  Array.isArray(value) ? value.map((entry) => (entry as { Remark?: Remark }).Remark) : []

const sized = (hex: unknown): hex is string =>
  typeof hex === 'string' &&
  hex.length >= 2 &&
  hex.length <= 2 * MAX_BYTES &&
  /^[0-9A-F]*$/i.test(hex)

// SetRemarks::validateRemarks: 1 to 32 remarks, each a Remark with a name (once), flags 0 or
// tfImmutable, a value of 1 to 256 bytes or none (a deletion, which cannot be immutable).
function remarksProblem(tx: JsonObject): string | null {
  const remarks = remarksOf(tx.Remarks)
  if (remarks.length < 1 || remarks.length > MAX_REMARKS) return 'Remarks must hold 1 to 32 remarks'
  const names = new Set<string>()
  for (const remark of remarks) {
    if (!remark) return 'a Remarks entry is no Remark'
    if (!sized(remark.RemarkName)) return 'a RemarkName is empty or longer than 256 bytes'
    const name = remark.RemarkName.toUpperCase()
    if (names.has(name)) return `the RemarkName ${name} appears twice`
    names.add(name)
    const flags = remark.Flags ?? 0
    if (flags !== 0 && flags !== IMMUTABLE)
      return `a Remark's Flags ${flags} are neither 0 nor tfImmutable`
    if (remark.RemarkValue === undefined) {
      if (flags === IMMUTABLE) return 'a remark deletion cannot be immutable'
      continue
    }
    if (!sized(remark.RemarkValue)) return 'a RemarkValue is empty or longer than 256 bytes'
  }
  return null
}

// Who may remark an object (SetRemarks.cpp getRemarksIssuer): its account, an NFT offer's owner,
// a URIToken's issuer, a trust line's issuer (the side owed, or the only side not reserved).
function remarksIssuer(object: Readonly<LedgerObject>): string | undefined {
  switch (object.LedgerEntryType) {
    case 'AccountRoot':
    case 'Offer':
    case 'Escrow':
    case 'Ticket':
    case 'PayChannel':
    case 'Check':
    case 'DepositPreauth':
      return String(object.Account)
    case 'NFTokenOffer':
      return String(object.Owner)
    case 'URIToken':
      return String(object.Issuer)
    case 'RippleState': {
      const line = object as Readonly<RippleState>
      const balance = LedgerNumber.from(line.Balance.value).signum()
      if (balance < 0) return line.LowLimit.issuer
      if (balance > 0) return line.HighLimit.issuer
      const high = (line.Flags & LSF.RippleState.HighReserve) !== 0
      const low = (line.Flags & LSF.RippleState.LowReserve) !== 0
      if (high === low) return undefined
      return high ? line.LowLimit.issuer : line.HighLimit.issuer
    }
    default:
      return undefined
  }
}

// The object's remarks by name (upper-case hex): value and whether immutable.
const remarkMap = (object: Readonly<LedgerObject>) =>
  new Map(
    remarksOf(object.Remarks).map((remark) => [
      String(remark?.RemarkName).toUpperCase(),
      { value: String(remark?.RemarkValue).toUpperCase(), immutable: remark?.Flags === IMMUTABLE },
    ]),
  )

// SetRemarks::preclaim: the object exists (tecNO_TARGET), the sender may remark it
// (tecNO_PERMISSION), no immutable remark changes (tecIMMUTABLE), at most 32 after (tecTOO_MANY_REMARKS).
function remarksRefusal(view: ReadView, tx: JsonObject): Refusal | null {
  const object = view.read(String(tx.ObjectID))
  if (!object) return refuse('tecNO_TARGET', 'object-missing', `no object ${tx.ObjectID}`, SOURCE)
  const issuer = remarksIssuer(object)
  if (issuer !== tx.Account) {
    const detail = `${String(tx.Account)} may not remark this ${object.LedgerEntryType}`
    return refuse('tecNO_PERMISSION', 'not-remarks-issuer', detail, SOURCE)
  }
  const existing = remarkMap(object)
  let count = existing.size
  for (const remark of remarksOf(tx.Remarks) as Remark[]) {
    const name = remark.RemarkName.toUpperCase()
    const value = remark.RemarkValue?.toUpperCase()
    const found = existing.get(name)
    if (!found) {
      if (value !== undefined) count += 1
      continue
    }
    if (value === found.value) continue
    if (found.immutable) {
      return refuse('tecIMMUTABLE', 'remark-immutable', `the remark ${name} is immutable`, SOURCE)
    }
    if (value === undefined) count -= 1
  }
  if (count > MAX_REMARKS) {
    const detail = `the object would carry ${count} remarks, more than ${MAX_REMARKS}`
    return refuse('tecTOO_MANY_REMARKS', 'too-many-remarks', detail, SOURCE)
  }
  return null
}

/**
 * SetRemarks (xahaud `SetRemarks.cpp`, amendment Remarks): named remarks on an object the sender
 * "issued" (its own AccountRoot, offers, escrows, tickets, channels, checks, preauthorizations,
 * NFT offers, the URITokens it minted, the trust lines it issues): a remark with a value is set
 * (`Flags: 1`, tfImmutable, freezes it), one without is removed; the object keeps them sorted by
 * name, at most 32. Each byte of name and value costs a drop of fee more.
 *
 * @example
 * ```ts
 * setRemarksRules.preflight({ TransactionType: 'SetRemarks', ObjectID: id, Remarks: [] }, context) // temMALFORMED
 * ```
 */
export const setRemarksRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Remarks',
  flags: 0,
  fee(tx, _fees, standard) {
    let bytes = 0n
    for (const remark of remarksOf(tx.Remarks)) {
      bytes += BigInt(String(remark?.RemarkName ?? '').length / 2)
      bytes += BigInt(String(remark?.RemarkValue ?? '').length / 2)
    }
    return standard + bytes
  },
  preflight(tx): Verdict | null {
    if (hasXahauFlagsBeyond(tx, 0)) {
      return refuse('temINVALID_FLAG', 'flags', `Flags ${tx.Flags} are not SetRemarks'`, SOURCE)
    }
    if (!isLedgerIndex(tx.ObjectID)) {
      return refuse('temMALFORMED', 'object-id', 'ObjectID is no ledger index', SOURCE)
    }
    const problem = remarksProblem(tx)
    return problem ? refuse('temMALFORMED', 'remarks-malformed', problem, SOURCE) : null
  },
  preclaim: remarksRefusal,
  doApply({ view, tx }) {
    const refused = remarksRefusal(view, tx)
    if (refused) return refused
    const object = view.peek(String(tx.ObjectID)) as LedgerObject
    const remarks = remarkMap(object)
    for (const remark of remarksOf(tx.Remarks) as Remark[]) {
      const name = remark.RemarkName.toUpperCase()
      if (remark.RemarkValue === undefined) {
        remarks.delete(name)
        continue
      }
      const immutable = remarks.get(name)?.immutable || remark.Flags === IMMUTABLE
      remarks.set(name, { value: remark.RemarkValue.toUpperCase(), immutable })
    }
    const sorted = [...remarks.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    if (sorted.length === 0) delete object.Remarks
    else {
      object.Remarks = sorted.map(([name, { value, immutable }]) => ({
        Remark: {
          RemarkName: name,
          RemarkValue: value,
          ...(immutable ? { Flags: IMMUTABLE } : {}),
        },
      }))
    }
    view.update(object)
    return 'tesSUCCESS'
  },
}
