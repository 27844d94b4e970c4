import { MAX_MPT_AMOUNT } from '../../amounts/mpt-amount'
import { mptIssuanceId, mptIssuanceIndex } from '../../state/keylets'
import type { LedgerObject } from '../../state/ledger-object'
import { addOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import { copyFields, sequenceUsed } from '../common/transaction-fields'
import type { TransactionRules } from '../transaction-rules'
import { TF_MPT, TF_MPT_CREATE } from './mpt-flags'

// MPTokenIssuanceCreate, rippled MPTokenIssuanceCreate.cpp (docs/protocol.md §8.18).
const SOURCE = 'MPTokenIssuanceCreate.cpp'

/** rippled `maxTransferFee` (Protocol.h): 50,000 hundred-thousandths, 50 %. */
const MAX_TRANSFER_FEE = 50_000
/** rippled `maxMPTokenMetadataLength` (Protocol.h), in bytes. */
const MAX_METADATA_BYTES = 1024
// The universal flags, not stored on the issuance (`flags & ~tfUniversal`).
const TF_UNIVERSAL = 0xc0000000

/**
 * MPTokenIssuanceCreate: an issuer makes a token. Its id is the transaction's Sequence (or
 * TicketSequence) and the issuer's AccountID; the MPTokenIssuance counts one owner reserve
 * (judged on the balance before the fee), starts with `OutstandingAmount` 0 and keeps the
 * flags, `AssetScale`, `TransferFee` (only with tfMPTCanTransfer), `MaximumAmount` and
 * `MPTokenMetadata` given.
 *
 * @example
 * ```ts
 * mptIssuanceCreateRules.preflight({ TransferFee: 100, Flags: 0 }, context) // 'temMALFORMED'
 * ```
 */
export const mptIssuanceCreateRules: TransactionRules = {
  source: SOURCE,
  amendment: 'MPTokensV1',
  flags: TF_MPT_CREATE,
  preflight(tx) {
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    const fee = tx.TransferFee
    if (typeof fee === 'number') {
      if (fee > MAX_TRANSFER_FEE) {
        const detail = `the TransferFee ${fee} is above ${MAX_TRANSFER_FEE} (50 %)`
        return refuse('temBAD_TRANSFER_FEE', 'transfer-fee-too-high', detail, SOURCE)
      }
      if (fee > 0 && (flags & TF_MPT.CanTransfer) === 0) {
        const detail = `a TransferFee of ${fee} needs tfMPTCanTransfer: the token could never be transferred`
        return refuse('temMALFORMED', 'transfer-fee-not-transferable', detail, SOURCE)
      }
    }
    if (typeof tx.MPTokenMetadata === 'string') {
      const bytes = tx.MPTokenMetadata.length / 2
      if (bytes === 0 || bytes > MAX_METADATA_BYTES) {
        const detail = `MPTokenMetadata of ${bytes} bytes is not 1 to ${MAX_METADATA_BYTES} bytes`
        return refuse('temMALFORMED', 'metadata-length', detail, SOURCE)
      }
    }
    if (tx.MaximumAmount !== undefined) {
      const maximum = BigInt(String(tx.MaximumAmount))
      if (maximum === 0n || maximum > MAX_MPT_AMOUNT) {
        const detail = `the MaximumAmount ${maximum} is not 1 to ${MAX_MPT_AMOUNT}`
        return refuse('temMALFORMED', 'maximum-amount', detail, SOURCE)
      }
    }
    return null
  },

  doApply({ view, tx, account, priorBalance }) {
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, SOURCE)
    if (short) return short
    const sequence = sequenceUsed(tx)
    const mptId = mptIssuanceId(sequence, account.Account)
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    const issuance: LedgerObject = {
      LedgerEntryType: 'MPTokenIssuance',
      Flags: (flags & ~TF_UNIVERSAL) >>> 0,
      Issuer: account.Account,
      OutstandingAmount: '0',
      Sequence: sequence,
      index: mptIssuanceIndex(mptId),
    }
    copyFields(tx, issuance, ['MaximumAmount', 'AssetScale', 'TransferFee', 'MPTokenMetadata'])
    // AssetScale and TransferFee are soeDEFAULT (ledger_entries.macro): a 0 is left out.
    if (issuance.AssetScale === 0) delete issuance.AssetScale
    if (issuance.TransferFee === 0) delete issuance.TransferFee
    return addOwnedObject(view, issuance, { owner: account })
  },
}
