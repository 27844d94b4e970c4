import {
  AbortError,
  ApiError,
  AuthError,
  createBackendClient,
  createBrowserClient,
  createNativeClient,
  createXappClient,
  isFinalRecord,
  isPullSignError,
  isSignedRecord,
  NetworkError,
  PayloadExpiredError,
  PayloadSubscription,
  PullSign,
  PullSignError,
  RateLimitError,
  SignatureError,
  SignInError,
  TimeoutError,
  watchPayload,
  XappHostUnreachableError,
} from './index'

// Listed rather than `import * as`: a namespace object costs a getter per export in the file
// (test/browser/iife.test.ts checks that every name of the ESM entry is here).
const sdk = {
  isFinalRecord,
  isSignedRecord,
  PayloadExpiredError,
  PayloadSubscription,
  watchPayload,
  ApiError,
  AuthError,
  RateLimitError,
  isPullSignError,
  AbortError,
  NetworkError,
  PullSignError,
  TimeoutError,
  SignInError,
  XappHostUnreachableError,
  SignatureError,
  PullSign,
  createBackendClient,
  createBrowserClient,
  createNativeClient,
  createXappClient,
}

// Minification renames classes and functions to letters; a console shows an instance by its
// constructor's `name`, so every export gets its public name back (cheaper than esbuild's
// keepNames, which names every internal function too).
// Every export is a function or a class; `name` stays configurable, as a function's own is.
for (const [name, value] of Object.entries(sdk))
  Object.defineProperty(value, 'name', { value: name })
  /**
   * The script-tag build: `window.PullSign` is the client class itself, so `new PullSign({...})`
   * works in a page, and every other export of the ESM entry hangs off it (`PullSign.PullSignError`).
   */
;(globalThis as { PullSign?: unknown }).PullSign = Object.assign(sdk.PullSign, sdk)
