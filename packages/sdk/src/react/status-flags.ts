// `is` and the status with a capital: `waiting` → `isWaiting`, `signed-in` → `isSignedIn`.
const flagName = (status: string) =>
  `is${status.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase())}`

/** The boolean flags of a status among `statuses`, one per status (internal to the hooks). */
export const statusFlags = (statuses: readonly string[], status: string) =>
  Object.fromEntries(statuses.map((name) => [flagName(name), name === status]))
