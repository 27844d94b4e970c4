export { SignatureError, type SignatureFailure } from '../core/errors/signature-error'
export type { Clock } from '../core/seams'
export type { WebSocketConstructor } from '../core/websocket'
export {
  type AccountLookup,
  type AccountState,
  type CanPayAnswer,
  type CanPayOptions,
  canPay,
} from './can-pay'
export type { CreatedObjects } from './created-objects'
export { createLedgerLookup, type LedgerLookupOptions } from './ledger-lookup'
export { LedgerNodeError } from './ledger-node-error'
export {
  createOAuthJwtVerifier,
  type OAuthJwtVerifier,
  type VerifyOAuthJwtOptions,
  verifyOAuthJwt,
} from './oauth-jwt'
export { transactionId, verifySignIn } from './sign-in'
export type { TransactionLookup } from './transaction-lookup'
export {
  type ExpectedPayment,
  type PaymentFailure,
  type PaymentVerdict,
  type VerifyPaymentOptions,
  verifyPayment,
} from './verify-payment'
export {
  type TransactionFailure,
  type TransactionVerdict,
  verifyTransaction,
} from './verify-transaction'
export type { VerifyTransactionOptions } from './verify-transaction-options'
export {
  type HeaderSource,
  signaturesEqual,
  type VerifyWebhookOptions,
  verifyWebhook,
  webhookSignature,
} from './webhook'
export { verifyXappJwt } from './xapp-jwt'
