export type { AppStorageApi } from './api/app-storage'
export type { BackendLookups, JwtLookups, KycTarget, Lookups } from './api/lookups'
export type { CreatedSubscription, PayloadApi } from './api/payload'
export { PayloadExpiredError } from './api/payload-expired-error'
export { isFinalRecord, isSignedRecord } from './api/payload-outcome'
export { PayloadSubscription } from './api/payload-subscription'
export type { PayloadTarget } from './api/payload-target'
export type { PushApi } from './api/push'
export type { ReconnectOptions } from './api/reconnect-policy'
export type {
  PayloadEvent,
  PayloadEventHandler,
  Settled,
  SubscribeOptions,
  SubscriptionEvents,
} from './api/subscription-types'
export type { UserStoreApi } from './api/user-store'
export {
  type PayloadWatch,
  type WatchOptions,
  type WatchOutcome,
  watchPayload,
} from './api/watch-payload'
export type { XappApi } from './api/xapp'
export type { HttpMethod, RequestEvent, ResponseEvent, RetryOptions } from './core/client'
export { ApiError, type ApiErrorDetails, AuthError, RateLimitError } from './core/errors/api-errors'
export { type AnyPullSignError, isPullSignError } from './core/errors/error-guard'
export {
  AbortError,
  NetworkError,
  PullSignError,
  type PullSignErrorCode,
  type PullSignErrorOptions,
  TimeoutError,
} from './core/errors/pull-sign-error'
export {
  SignInError,
  type SignInFailure,
  XappHostUnreachableError,
} from './core/errors/sign-in-errors'
export { SignatureError, type SignatureFailure } from './core/errors/signature-error'
export type { RateLimitInfo } from './core/rate-limit'
export type { Clock, StorageLike, TimerId } from './core/seams'
export type { WebSocketConstructor, WebSocketLike } from './core/websocket'
export {
  PullSign,
  type PullSignConstructor,
  type PullSignOptions,
  type RuntimeName,
} from './pull-sign'
export type { PullSignEvents } from './pull-sign-events'
export { type BackendClient, createBackendClient } from './runtimes/backend-client'
export { type BrowserClient, createBrowserClient } from './runtimes/browser/browser-client'
export type {
  BackendOptions,
  BrowserOptions,
  ClientFactoryOptions,
  NativeOptions,
  XappOptions,
} from './runtimes/client-options'
export type { JwtClient, SignInClient } from './runtimes/jwt-client'
export { createNativeClient, type NativeClient } from './runtimes/native/native-client'
export type { SignInOptions } from './runtimes/oauth/sign-in-options'
export type {
  Environment,
  SignInEnvironment,
  SignInUser,
} from './runtimes/oauth/sign-in-props'
export type { SignInEvents, SignInResult } from './runtimes/oauth/sign-in-session'
export { createXappClient, type XappClient } from './runtimes/xapp/xapp-client'
export type { XappCommands } from './runtimes/xapp/xapp-members'
export type { XappClientEvents } from './runtimes/xapp/xapp-runtime'
export type {
  PayloadSocketEvent,
  SocketExpiredMessage,
  SocketResolvedMessage,
} from './wire/socket'
