export { SignatureError, type SignatureFailure } from '../core/errors'
export { type VerifyOAuthJwtOptions, verifyOAuthJwt } from './oauth-jwt'
export { transactionId, verifySignIn } from './sign-in'
export {
  type HeaderSource,
  signaturesEqual,
  type VerifyWebhookOptions,
  verifyWebhook,
  webhookSignature,
} from './webhook'
export { verifyXappJwt } from './xapp-jwt'
