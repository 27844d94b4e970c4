import { defineElements } from './elements/define-elements'

// The element types come with the registration: `document.createElement('pullsign-request')`
// and `addEventListener('pullsign-signed', …)` are typed after `import 'pullsign/ui/define'`.
export type { PullSignEventMap } from './elements/element-types'

/**
 * `pullsign/ui/define`: registers every `pullsign-*` element (an already defined name is left
 * alone). The package's `sideEffects` names this file, so a bundler keeps `import
 * 'pullsign/ui/define'`.
 *
 * @example
 * ```ts
 * import 'pullsign/ui/define'
 * ```
 */
defineElements()
