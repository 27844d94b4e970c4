export { createCountdown } from './countdown'
export type { ExternalStore } from './external-store'
export { browserPage, PAGE_CHANNEL, type PageHooks } from './page-hooks'
export { isSafeLink } from './safe-link'
export {
  createSession,
  RESTORING_SESSION,
  type SessionClient,
  type SessionSnapshot,
  type SessionStatus,
  type SessionStore,
} from './session'
export { createSignRequest, IDLE_SIGN_REQUEST } from './sign-request'
export type {
  CreatedPayload,
  SignedResult,
  SignRequestClient,
  SignRequestError,
  SignRequestErrorCode,
  SignRequestLinks,
  SignRequestOptions,
  SignRequestSnapshot,
  SignRequestStatus,
  SignRequestStore,
} from './sign-request-types'
export { type SignRequestEvent, sessionEvents, signRequestEvents } from './store-events'
export { createXapp, LOADING_XAPP, type XappSnapshot, type XappStore } from './xapp'
