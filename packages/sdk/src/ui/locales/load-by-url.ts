import type { UiStrings } from './en'

// The script tag (pullsign-ui.iife.js) is one file with no bundler to split it: a locale is
// imported from beside it (dist/ui/locales/<code>.js, a module of plain data). Read while the
// script runs, the only time `currentScript` names it.
const script = (globalThis.document?.currentScript as HTMLScriptElement | null)?.src

/** load.ts for the script tag: the same locales (those load.ts imports), read from beside it. */
export const loadLocale = (code: string): Promise<UiStrings> | undefined =>
  script && (code === 'nl' || code === 'es')
    ? import(new URL(`ui/locales/${code}.js`, script).href).then((module) => module.default)
    : undefined
