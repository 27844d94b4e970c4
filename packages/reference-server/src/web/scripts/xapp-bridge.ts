/** A command the framed xApp sent (docs/protocol.md §7.2 bridge table), its arguments checked. */
export type BridgeCommand = { command: string } & Record<string, unknown>

/** What the host makes of one message from the framed xApp. */
export type BridgeMessage =
  | { kind: 'init' }
  | { kind: 'command'; command: BridgeCommand }
  | { kind: 'ignored'; name: string; why: string }

/** The longest message the host reads; longer ones are ignored unread. */
export const MAX_BRIDGE_MESSAGE = 20_000

const isBool = (value: unknown) => value === undefined || typeof value === 'boolean'
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 2000
const isHttps = (value: unknown) => {
  try {
    return isText(value) && new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

// each known command and the check of its arguments (§7.2 bridge table); null = fine
const commandChecks = (uuid: RegExp): Record<string, (c: BridgeCommand) => string | null> => ({
  ready: () => null,
  openSignRequest: (c) =>
    typeof c.uuid === 'string' && uuid.test(c.uuid) ? null : 'uuid must be a payload uuid',
  scanQr: () => null,
  selectDestination: (c) =>
    isBool(c.ignoreDestinationTag) ? null : 'ignoreDestinationTag must be a boolean',
  openBrowser: (c) => (isHttps(c.url) ? null : 'url must be an https URL'),
  share: (c) => (isText(c.text) ? null : 'text must be a string'),
  txDetails: (c) => (isText(c.tx) && isText(c.account) ? null : 'tx and account must be strings'),
  close: (c) => (isBool(c.refreshEvents) ? null : 'refreshEvents must be a boolean'),
  xAppNavigate: (c) => (isText(c.xApp) ? null : 'xApp must be a string'),
})

/**
 * Reads one message of the framed xApp: `XAPP_PROXY_INIT`, or a string of JSON with a known
 * `command` whose arguments check out; anything else is ignored, with the reason.
 * `uuidSource` is the platform's UUID pattern (platform/ids.ts `UUID_SOURCE`), from the page data.
 */
export function readBridgeMessage(raw: unknown, uuidSource: string): BridgeMessage {
  if (typeof raw !== 'string' || raw.length > MAX_BRIDGE_MESSAGE) {
    return { kind: 'ignored', name: 'message', why: 'not a string of JSON' }
  }
  if (raw === 'XAPP_PROXY_INIT') return { kind: 'init' }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { kind: 'ignored', name: 'message', why: 'not JSON' }
  }
  const checks = commandChecks(new RegExp(`^${uuidSource}$`, 'i'))
  const command = parsed as BridgeCommand | null
  if (
    !command ||
    typeof command !== 'object' ||
    Array.isArray(command) ||
    typeof command.command !== 'string' ||
    !Object.hasOwn(checks, command.command)
  ) {
    return { kind: 'ignored', name: 'message', why: 'no known command' }
  }
  const problem = checks[command.command]?.(command) ?? null
  return problem
    ? { kind: 'ignored', name: command.command, why: problem }
    : { kind: 'command', command }
}

/** A command's arguments as the log shows them (`{"uuid":"…"}`), or '' when it has none. */
export function argumentsText(command: BridgeCommand): string {
  const { command: _name, ...rest } = command
  const text = JSON.stringify(rest)
  return text === '{}' ? '' : text
}
