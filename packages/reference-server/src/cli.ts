import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { isNetworkKey } from 'pullsign/wire'
import {
  type AutopilotFlag,
  autopilotRule,
  describeAutopilotRule,
  parseAutopilotFlags,
} from './autopilot-flag'
import { parseBaseUrl } from './base-url'
import { announceClockMoves } from './clock-announcer'
import { createReferenceServer, type ReferenceServerOptions } from './index'
import {
  AMENDMENT_PROFILES,
  type AmendmentProfile,
  type AmendmentSettings,
  networkDefinition,
} from './ledger'
import { unknownAmendments } from './ledger/amendments/amendment-table'
import { createClock } from './platform'
import { nodeUrls } from './platform/node-urls'
import { StateFileError } from './state/state-file'

const USAGE = `Usage: pullsign-server [options]
       npx @pullsign/reference-server [options]
       pnpm start -- [options]   (a leading -- is ignored)

  --port <n>              port to listen on (default 8787; 0 picks a free port)
  --host <host>           interface to listen on (default 127.0.0.1)
  --fixtures <file.json>  start fixtures instead of the demo fixtures
  --state-file <file>     keep the state in this JSON file: restored at start when it exists,
                          saved within a second of a change and on Ctrl-C / SIGTERM
                          (it holds the API secrets and seeds: a development server's file)
  --public-url <url>      base URL the server is reached at (behind a proxy); every URL it
                          emits starts with it (default: the address it listens on)
  --oauth-url <url>       base URL of the OAuth provider (default: <public url>/oauth)
  --ledger-close-ms <n>   ledger close interval in ms (default 4000; 0 closes only on demand;
                          auto closes a ledger as soon as a transaction applies)
  --no-rate-limits        switch rate limiting off
  --strict-transactions   refuse (602) a payload whose transaction the ledger's preflight
                          refuses (NFTokenMint without NFTokenTaxon: temMALFORMED); by
                          default it is created and the log line says which rule it breaks
  --amendments default|production
                          which amendments the networks have (default: every family the node
                          models; production: MAINNET as the XRP Ledger's mainnet, no Batch);
                          the Xahau networks mirror Xahau's mainnet in both
  --enable-amendment <network>:<name>, --disable-amendment <network>:<name>
                          switch one amendment on one network after the profile; repeatable
                          (e.g. --disable-amendment TESTNET:BatchV1_1)
  --autopilot <user>:sign|reject[:<txType>]
                          the simulated wallet answers every new payload (or those of one
                          transaction type) as that user (name or uuid), 500 ms after it is
                          created; repeatable, once per type (e.g. --autopilot alice:sign:SignIn)
  --retention-max-payloads <n>   keep at most n payloads (default 10000): the oldest that
                                 are over (resolved, cancelled, expired) are forgotten first
  --retention-ttl-seconds <n>    forget a payload n seconds after it is over
  -q, --quiet             no line per request (only the banner, errors and clock moves)
  -v, --verbose           also log request and response bodies (secrets redacted)
  -h, --help              show this text`

/** A command-line mistake: printed with the usage, exit code 2. */
class UsageError extends Error {}

const integer = (flag: string, text: string, min: number, max: number): number => {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`)
  }
  return value
}

const baseUrlFlag = (flag: string, text: string): string => {
  try {
    return parseBaseUrl(`--${flag}`, text)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

const readFixtures = (file: string): unknown => {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(
      `--fixtures: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new UsageError(`--fixtures: ${file} is not valid JSON`)
  }
}

// --amendments and the repeatable --enable-amendment / --disable-amendment <network>:<name>,
// each checked against the network's own amendments (docs/protocol.md §8.10).
const amendmentSettings = (values: ReturnType<typeof parse>['values']): AmendmentSettings => {
  const profile = values.amendments ?? 'default'
  if (!(AMENDMENT_PROFILES as readonly string[]).includes(profile)) {
    throw new UsageError(`--amendments must be default or production, got "${profile}"`)
  }
  const settings: AmendmentSettings = { profile: profile as AmendmentProfile }
  for (const [flag, side] of [
    ['enable-amendment', 'enable'],
    ['disable-amendment', 'disable'],
  ] as const) {
    for (const text of values[flag] ?? []) {
      const [key = '', name = ''] = text.split(':')
      if (!isNetworkKey(key) || name === '') {
        throw new UsageError(`--${flag} must be <network>:<amendment>, got "${text}"`)
      }
      if (unknownAmendments(networkDefinition(key), [name]).length > 0) {
        throw new UsageError(`--${flag}: ${name} is not an amendment of ${key}`)
      }
      const switches = settings[key] ?? {}
      switches[side] = [...(switches[side] ?? []), name]
      settings[key] = switches
    }
  }
  return settings
}

/** Turns argv into server options and a port, or throws a {@link UsageError} naming the flag. */
const parseCommandLine = (
  argv: string[],
): { port: number; options: ReferenceServerOptions; autopilot: AutopilotFlag[] } | null => {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    // node:util's messages name the flag ("Unknown option '--prot'").
    throw new UsageError((error as Error).message)
  }
  const { values } = parsed
  if (values.help) return null
  if (values.quiet && values.verbose)
    throw new UsageError('--quiet and --verbose exclude each other')
  const write = (line: string) => process.stdout.write(`${line}\n`)
  const options: ReferenceServerOptions = {
    host: values.host ?? '127.0.0.1',
    clock: announceClockMoves(createClock(), write),
    ...(values.quiet ? {} : { requestLog: { write, bodies: values.verbose === true } }),
  }
  if (values['ledger-close-ms'] !== undefined) {
    const given = values['ledger-close-ms']
    if (given !== 'auto' && !/^\d+$/.test(given)) {
      throw new UsageError(`--ledger-close-ms must be auto or a whole number of ms, got "${given}"`)
    }
    const ms = given === 'auto' ? 'auto' : integer('ledger-close-ms', given, 0, 3_600_000)
    options.ledgerCloseMs = ms === 0 ? false : ms
  }
  if (values['no-rate-limits']) options.rateLimits = false
  if (values['strict-transactions']) options.strictTransactions = true
  options.amendments = amendmentSettings(values)
  const maxPayloads = values['retention-max-payloads']
  const ttl = values['retention-ttl-seconds']
  if (maxPayloads !== undefined || ttl !== undefined) {
    options.retention = {
      ...(maxPayloads === undefined
        ? {}
        : { maxPayloads: integer('retention-max-payloads', maxPayloads, 1, 100_000_000) }),
      ...(ttl === undefined
        ? {}
        : { resolvedTtlSeconds: integer('retention-ttl-seconds', ttl, 1, 10 * 365 * 24 * 3600) }),
    }
  }
  if (values.fixtures !== undefined) options.fixtures = readFixtures(values.fixtures)
  if (values['state-file'] !== undefined) options.stateFile = values['state-file']
  if (values['public-url'] !== undefined)
    options.publicUrl = baseUrlFlag('public-url', values['public-url'])
  if (values['oauth-url'] !== undefined)
    options.oauthUrl = baseUrlFlag('oauth-url', values['oauth-url'])
  let autopilot: AutopilotFlag[]
  try {
    autopilot = parseAutopilotFlags(values.autopilot ?? [])
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  return { port: integer('port', values.port ?? '8787', 0, 65535), options, autopilot }
}

// `pnpm start -- --port 0` hands the script its `--`: one leading `--` is no positional.
const parse = (argv: string[]) =>
  parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      fixtures: { type: 'string' },
      'state-file': { type: 'string' },
      'public-url': { type: 'string' },
      'oauth-url': { type: 'string' },
      'ledger-close-ms': { type: 'string' },
      'no-rate-limits': { type: 'boolean' },
      'strict-transactions': { type: 'boolean' },
      amendments: { type: 'string' },
      'enable-amendment': { type: 'string', multiple: true },
      'disable-amendment': { type: 'string', multiple: true },
      autopilot: { type: 'string', multiple: true },
      'retention-max-payloads': { type: 'string' },
      'retention-ttl-seconds': { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
      verbose: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
    },
  })

const banner = (server: ReturnType<typeof createReferenceServer>, host: string): string => {
  const { endpoints } = server
  const state = server.platform.state()
  const lines = [
    'pullsign reference server',
    '',
    // The real port, also when --public-url names another one (a proxy in front).
    `  listening  http://${host.includes(':') ? `[${host}]` : host}:${server.port}`,
    `  api        ${endpoints.api}`,
    `  oauth      ${endpoints.oauth}`,
    `  links      ${endpoints.links}`,
    `  websocket  ${endpoints.api.replace(/^http/, 'ws')}/sign/{uuid}`,
    `  ledger     ${nodeUrls(endpoints.api, 'TESTNET').ws.replace('TESTNET', '{network}')} (xrpl.js, WebSocket)`,
    `             ${nodeUrls(endpoints.api, 'TESTNET').rpc.replace('TESTNET', '{network}')} (JSON-RPC; /accounts: faucet)`,
    `  dashboard  ${endpoints.api}/`,
    `  control    ${endpoints.api}/__ref/state`,
    '',
    'Applications:',
  ]
  for (const app of state.applications) {
    lines.push(
      `  ${app.name}`,
      `    x-api-key     ${app.apiKey}`,
      `    x-api-secret  ${app.apiSecret}`,
    )
  }
  lines.push('', 'Users:')
  for (const user of state.users) {
    lines.push(`  ${user.name}  ${user.uuid}`)
    for (const account of user.accounts) lines.push(`    ${account.address}  ${account.algorithm}`)
  }
  if (state.autopilot.length > 0) {
    lines.push('', 'Autopilot:')
    for (const rule of state.autopilot) lines.push(`  ${describeAutopilotRule(rule, state.users)}`)
  }
  lines.push('', 'Ctrl-C stops the server.')
  return lines.join('\n')
}

const main = async () => {
  let command: ReturnType<typeof parseCommandLine>
  try {
    command = parseCommandLine(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`pullsign-server: ${error.message}\n\n${USAGE}\n`)
    process.exitCode = 2
    return
  }
  if (!command) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  let server: ReturnType<typeof createReferenceServer>
  try {
    server = createReferenceServer(command.options)
  } catch (error) {
    // Bad fixtures or a bad state file are refused with a message naming the field.
    const flag = error instanceof StateFileError ? '--state-file' : '--fixtures'
    process.stderr.write(`pullsign-server: ${flag}: ${(error as Error).message}\n`)
    process.exitCode = 2
    return
  }
  try {
    const { users } = server.platform.state()
    for (const flag of command.autopilot) server.wallet.autopilot(autopilotRule(flag, users))
  } catch (error) {
    // An unknown user, or a transaction type the platform does not know (600 naming txType).
    const message = (error as Error).message
    process.stderr.write(
      `pullsign-server: ${message.startsWith('--autopilot') ? message : `--autopilot: ${message}`}\n`,
    )
    await server.close()
    process.exitCode = 2
    return
  }
  try {
    await server.listen(command.port)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    process.stderr.write(
      `pullsign-server: cannot listen on ${command.options.host}:${command.port} (${code})\n`,
    )
    await server.close()
    process.exitCode = 1
    return
  }
  const stop = (signal: string) => {
    process.stdout.write(`\n${signal}: stopping\n`)
    server.close().then(
      () => {
        process.exitCode = 0
      },
      (error: unknown) => {
        process.stderr.write(`pullsign-server: could not stop cleanly: ${String(error)}\n`)
        process.exitCode = 1
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // Printed once Ctrl-C is handled: whoever reads the banner may stop the server at once.
  process.stdout.write(`${banner(server, command.options.host ?? '127.0.0.1')}\n`)
}

await main()
