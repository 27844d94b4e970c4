import { createRequire } from 'node:module'

type RippleKeypairs = typeof import('ripple-keypairs')

// Kept once per process, not per server: the module holds no state of any server (its functions
// are pure), and Node's require cache would hand every server the same object anyway.
let loaded: RippleKeypairs | undefined

/**
 * ripple-keypairs, required on first use: its curves cost a fresh process tens of ms, and a server
 * whose payloads are signed with Ed25519 keys (node:crypto) by the demo fixtures (keys derived at
 * build time) never needs them. It is only asked for secp256k1 signatures and new users' keys;
 * `require` keeps those callers synchronous (the package is CommonJS).
 */
export function rippleKeypairs(): RippleKeypairs {
  loaded ??= createRequire(import.meta.url)('ripple-keypairs') as RippleKeypairs
  return loaded
}
