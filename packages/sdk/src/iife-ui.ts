import './iife'
import {
  browserPage,
  createCountdown,
  createSession,
  createSignRequest,
  createXapp,
  defineElements,
  ELEMENTS,
  en,
  IDLE_SIGN_REQUEST,
  isSafeLink,
  LOADING_XAPP,
  NotSignedError,
  PAGE_CHANNEL,
  PullSignButtonElement,
  PullSignCountdownElement,
  PullSignDialogElement,
  PullSignQrElement,
  PullSignRequestElement,
  RESTORING_SESSION,
  sessionEvents,
  signRequestEvents,
  waitForSigned,
} from './ui/index'

// Listed rather than `import * as` (a getter per export in the file, as iife.ts says); the
// script tag's browser test checks that every name of pullsign/ui is here.
const ui = {
  browserPage,
  createCountdown,
  createSession,
  createSignRequest,
  createXapp,
  defineElements,
  ELEMENTS,
  en,
  IDLE_SIGN_REQUEST,
  isSafeLink,
  LOADING_XAPP,
  NotSignedError,
  PAGE_CHANNEL,
  PullSignButtonElement,
  PullSignCountdownElement,
  PullSignDialogElement,
  PullSignQrElement,
  PullSignRequestElement,
  RESTORING_SESSION,
  sessionEvents,
  signRequestEvents,
  waitForSigned,
}

/**
 * The script tag with the elements (`pullsign-ui.iife.js`): the SDK's script tag (`window.PullSign`)
 * plus `PullSign.ui` (what `pullsign/ui` exports), every `pullsign-*` element registered.
 */
Object.assign((globalThis as unknown as { PullSign: object }).PullSign, { ui })
defineElements()
