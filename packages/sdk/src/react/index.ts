export { type SessionState, useSession } from './use-session'
export { type SignRequestState, usePayload, useSignRequest } from './use-sign-request'
export { useXapp, type XappState } from './use-xapp'
