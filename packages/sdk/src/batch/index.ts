export {
  type BatchOutcome,
  type BatchPayloadApi,
  type BatchProgress,
  collectBatchSignatures,
  type SignBatchOptions,
  signBatch,
  submitBatch,
} from './batch-flow'
export {
  type BatchSignersNotation,
  batchSignerOf,
  batchSignersFor,
  batchSigningData,
} from './batch-signatures'
export {
  BATCH_MODES,
  type BatchMode,
  type BatchSignerEntry,
  type BatchTransaction,
  INNER_BATCH_FLAG,
  type InnerTransaction,
} from './batch-types'
export { type BatchInput, buildBatch, innerSigners } from './build-batch'
export { innerTransactionIds } from './inner-ids'
