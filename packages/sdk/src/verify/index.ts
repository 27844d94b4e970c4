export { SignatureError, type SignatureFailure } from '../core/errors'
export { transactionId, verifySignIn } from './sign-in'
export {
  type HeaderSource,
  signaturesEqual,
  type VerifyWebhookOptions,
  verifyWebhook,
  webhookSignature,
} from './webhook'
export { verifyXappJwt } from './xapp-jwt'
