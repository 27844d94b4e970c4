import { refusedPermission } from './errors/permission-error'

interface ProcessLike {
  env?: Record<string, string | undefined>
  versions?: { node?: string }
}

const processLike = (): ProcessLike | undefined => (globalThis as { process?: ProcessLike }).process

/**
 * Whether this looks like a web page: `window` and `document` exist and it is not a Node-like
 * runtime (jsdom and happy-dom in Node tests are not browsers).
 *
 * @example
 * ```ts
 * if (isBrowserRuntime()) console.log('never hold an API secret here')
 * ```
 */
export function isBrowserRuntime(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown }
  return (
    typeof g.window !== 'undefined' &&
    typeof g.document !== 'undefined' &&
    typeof processLike()?.versions?.node !== 'string'
  )
}

/**
 * Reads an environment variable where there is one (Node, Bun, Deno with `process`), else
 * `undefined`. Never imports a Node built-in. A runtime that refuses the read (Deno without
 * `--allow-env`) throws a `PermissionError` naming `env`.
 *
 * @example
 * ```ts
 * const key = readEnv('PULLSIGN_API_KEY')
 * ```
 */
export function readEnv(name: string): string | undefined {
  let value: string | undefined
  try {
    value = processLike()?.env?.[name]
  } catch (err) {
    throw refusedPermission(err) ?? err
  }
  return value === '' ? undefined : value
}
