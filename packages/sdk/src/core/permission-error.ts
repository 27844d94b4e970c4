import { KIND, PullSignError } from './errors'

/**
 * The runtime refused the SDK a permission (Deno without `--allow-net` or `--allow-env`, an
 * `NotCapable` or `PermissionDenied` error); `permission` names it (`net`, `env`, …).
 *
 * @example
 * ```ts
 * if (err instanceof PermissionError) console.log(`run again with --allow-${err.permission}`)
 * ```
 */
export class PermissionError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'PermissionError'
  declare readonly code: 'ERR_PERMISSION'
  /** The refused permission, as the runtime names it (`net`, `env`, `read`, …). */
  readonly permission: string
  constructor(permission: string, message: string, cause: unknown) {
    super('ERR_PERMISSION', message, { cause })
    this.permission = permission
  }
}

/**
 * The {@link PermissionError} of an error the runtime threw for a refused permission, else
 * `undefined`.
 *
 * @example
 * ```ts
 * throw refusedPermission(err) ?? err
 * ```
 */
export function refusedPermission(err: unknown): PermissionError | undefined {
  const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown }
  if (name !== 'NotCapable' && name !== 'PermissionDenied') return undefined
  const text = String(message)
  const permission = /--allow-([a-z-]+)/.exec(text)?.[1] ?? 'unknown'
  return new PermissionError(
    permission,
    `the runtime refused the ${permission} permission: ${text}`,
    err,
  )
}
