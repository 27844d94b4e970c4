export { createCountdown } from './countdown'
export { PullSignButtonElement } from './elements/button-element'
export { PullSignCountdownElement } from './elements/countdown-element'
export { defineElements, ELEMENTS } from './elements/define-elements'
export { PullSignDialogElement } from './elements/dialog-element'
export type { PullSignEventMap } from './elements/element-types'
export { PullSignQrElement } from './elements/qr-element'
export { PullSignRequestElement } from './elements/request-element'
export type { ExternalStore } from './external-store'
export { en, type UiStrings } from './locales/en'
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
export { type NotSignedCode, NotSignedError, waitForSigned } from './wait-for-signed'
export { createXapp, LOADING_XAPP, type XappSnapshot, type XappStore } from './xapp'
