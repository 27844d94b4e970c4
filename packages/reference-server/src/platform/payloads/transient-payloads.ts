/**
 * The payloads created without credentials (an `/oauth/auth` sign-in, a link page's button):
 * once such a payload expired unopened it is forgotten (docs/protocol.md §7.3), whatever the
 * retention options say, so a flood of unfinished sign-ins does not stay in memory. Kept in
 * creation order; each creation walks from the oldest and stops at the first not yet expired, so
 * the cost per creation stays constant on average.
 *
 * @example
 * ```ts
 * const transient = createTransientPayloads((uuid) => isUnopened(uuid), forget)
 * transient.added(payload.uuid, payload.expiresAt, clock.now())
 * ```
 */
export function createTransientPayloads(
  unopened: (uuid: string) => boolean,
  forget: (uuids: readonly string[]) => void,
) {
  const expiry = new Map<string, number>()
  return {
    added(uuid: string, expiresAt: number, now: number): void {
      const doomed: string[] = []
      for (const [old, at] of expiry) {
        if (at > now) break
        expiry.delete(old)
        if (unopened(old)) doomed.push(old)
      }
      if (doomed.length > 0) forget(doomed)
      expiry.set(uuid, expiresAt)
    },
    clear: () => expiry.clear(),
  }
}
