import { defineElements } from './elements/define-elements'

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
