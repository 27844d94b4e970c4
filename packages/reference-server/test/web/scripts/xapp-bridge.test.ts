import { describe, expect, it } from 'vitest'
import { newUuid, UUID_SOURCE } from '../../../src/platform/ids'
import {
  argumentsText,
  MAX_BRIDGE_MESSAGE,
  readBridgeMessage,
} from '../../../src/web/scripts/xapp-bridge'

const read = (raw: unknown) => readBridgeMessage(raw, UUID_SOURCE)
const command = (fields: Record<string, unknown>) => read(JSON.stringify(fields))

describe('what the xApp host makes of a message from the framed xApp (§7.2)', () => {
  it('answers the proxy handshake', () => {
    expect(read('XAPP_PROXY_INIT')).toEqual({ kind: 'init' })
  })

  it.each([
    [{ command: 'ready' }],
    [{ command: 'openSignRequest', uuid: newUuid() }],
    [{ command: 'scanQr' }],
    [{ command: 'selectDestination', ignoreDestinationTag: true }],
    [{ command: 'openBrowser', url: 'https://xrpl.org' }],
    [{ command: 'share', text: 'hi' }],
    [{ command: 'txDetails', tx: 'A'.repeat(64), account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' }],
    [{ command: 'close', refreshEvents: false }],
    [{ command: 'xAppNavigate', xApp: 'other.app' }],
  ])('takes %j', (fields) => {
    expect(command(fields)).toEqual({ kind: 'command', command: fields })
  })

  it.each([
    [
      { command: 'openSignRequest', uuid: 'not-a-uuid' },
      'openSignRequest',
      'uuid must be a payload uuid',
    ],
    [{ command: 'openBrowser', url: 'http://xrpl.org' }, 'openBrowser', 'url must be an https URL'],
    [{ command: 'openBrowser', url: 'not a url' }, 'openBrowser', 'url must be an https URL'],
    [
      { command: 'selectDestination', ignoreDestinationTag: 'yes' },
      'selectDestination',
      'ignoreDestinationTag must be a boolean',
    ],
    [{ command: 'share', text: '' }, 'share', 'text must be a string'],
    [{ command: 'share', text: 'x'.repeat(2001) }, 'share', 'text must be a string'],
    [{ command: 'txDetails', tx: 'A' }, 'txDetails', 'tx and account must be strings'],
    [{ command: 'close', refreshEvents: 1 }, 'close', 'refreshEvents must be a boolean'],
    [{ command: 'xAppNavigate' }, 'xAppNavigate', 'xApp must be a string'],
    [{ command: 'toString' }, 'message', 'no known command'],
    [{ command: 'launchMissiles' }, 'message', 'no known command'],
    [{ nocommand: true }, 'message', 'no known command'],
  ])('ignores %j: %s, %s', (fields, name, why) => {
    expect(command(fields)).toEqual({ kind: 'ignored', name, why })
  })

  it.each([
    [{ command: 'ready' }, 'not a string of JSON'],
    [`"${'x'.repeat(MAX_BRIDGE_MESSAGE)}"`, 'not a string of JSON'],
    ['{not json', 'not JSON'],
    ['null', 'no known command'],
    ['["ready"]', 'no known command'],
  ])('ignores %j: %s', (raw, why) => {
    expect(read(raw)).toEqual({ kind: 'ignored', name: 'message', why })
  })

  it('logs a command’s arguments without its name, and nothing for none', () => {
    expect(argumentsText({ command: 'share', text: 'hi' })).toBe('{"text":"hi"}')
    expect(argumentsText({ command: 'ready' })).toBe('')
  })
})
