import { createElement, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { type PageConfig, PayloadPanel } from './page-app'

// The browser half of the test page: hydrates the server's HTML under StrictMode and records
// every recoverable error (a hydration mismatch is one).
const config = JSON.parse(document.getElementById('config')?.textContent ?? '{}') as PageConfig
const errors: string[] = []
;(window as unknown as { __errors: string[] }).__errors = errors
hydrateRoot(
  document.getElementById('root') as HTMLElement,
  createElement(StrictMode, null, createElement(PayloadPanel, config)),
  { onRecoverableError: (error) => errors.push(String(error)) },
)
