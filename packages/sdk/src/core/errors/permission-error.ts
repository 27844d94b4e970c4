import { PullSignError } from './pull-sign-error'

/**
 * The typed error (`ERR_PERMISSION`) of an error the runtime threw for a refused permission (Deno
 * without `--allow-net` or `--allow-env`: `NotCapable`, or `PermissionDenied` before Deno 2),
 * else `undefined`. Its message is the runtime's, which names the permission and the flag.
 *
 * @example
 * ```ts
 * throw refusedPermission(err) ?? err
 * ```
 */
export function refusedPermission(err: unknown): PullSignError | undefined {
  const { name, message } = Object(err) as Error
  if (/^(NotCapable|PermissionDenied)$/.test(name)) {
    return new PullSignError('ERR_PERMISSION', message, { cause: err })
  }
}
