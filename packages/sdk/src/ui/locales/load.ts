import type { UiStrings } from './en'

const LOADERS: Record<string, () => Promise<{ default: UiStrings }>> = {
  nl: () => import('./nl'),
  es: () => import('./es'),
}

/**
 * The texts of a shipped locale (`nl`, `es`), imported when first asked for, so a bundler makes
 * each a chunk of its own; `undefined` for English and any other code. (The script tag swaps this
 * file for load-by-url.ts.)
 */
export const loadLocale = (code: string): Promise<UiStrings> | undefined =>
  Object.hasOwn(LOADERS, code) ? LOADERS[code]?.().then((module) => module.default) : undefined
