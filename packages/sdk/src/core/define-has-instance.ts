/**
 * Gives a class its own `instanceof` test by definition, never by assignment. A static field or
 * method (`static [Symbol.hasInstance] = …`) becomes an assignment under compilers in loose mode
 * (SWC with `useDefineForClassFields: false`, as in Next.js's webpack build; ES5 class
 * transforms), and the `Symbol.hasInstance` every class inherits from `Function.prototype` is
 * read-only: the assignment throws when the module loads.
 */
export const defineHasInstance = <T extends object>(
  target: T,
  hasInstance: (this: T, value: unknown) => boolean,
): T => Object.defineProperty(target, Symbol.hasInstance, { value: hasInstance })
