import { PullSign, type PullSignError, type XappClient } from 'pullsign'
import { describe, expect, it } from 'vitest'

const apiKey = '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b'

describe('which runtime PullSign picks for xApp calls (docs/protocol.md §7.2)', () => {
  it('a backend client has no wallet commands: only the OTT lookup', () => {
    const pullsign = new PullSign(apiKey, '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0')
    expect(pullsign.runtime).toBe('backend')
    expect(Object.keys(pullsign.xapp)).toEqual(['get'])
  })

  it('runtime "xapp" where there is no page: error event and rejected commands, no unhandled rejection', async () => {
    const pullsign: XappClient = new PullSign({ apiKey, runtime: 'xapp' })
    const heard = new Promise<PullSignError>((resolve) => pullsign.on('error', resolve))
    const error = await heard
    expect(error).toMatchObject({ code: 'ERR_CONFIG', message: expect.stringContaining('window') })
    await expect(pullsign.xapp.share('hello')).rejects.toBe(error)
    await expect(pullsign.ping()).rejects.toBe(error)
    expect(pullsign.state).toEqual({ account: undefined, signedIn: false })
  })
})
