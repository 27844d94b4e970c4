export { type CtidParts, decodeCtid, encodeCtid, isCtid } from './ctid'
export { type ExplorerTarget, explorerLink } from './explorer-link'
export type { LinkOptions } from './links-base'
export {
  checkPaymentRequest,
  type PaymentRequest,
  type PaymentRequestLinkOptions,
  type PaymentRequestNetwork,
  parsePaymentRequest,
  paymentRequestLink,
} from './payment-request'
export { parseSignLink, signLink } from './sign-link'
