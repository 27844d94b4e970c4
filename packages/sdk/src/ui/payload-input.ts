import { CLASSIC_ADDRESS, describeValue, isObject, requireUuid } from '../core/input'
import { isSafeLink } from './safe-link'
import type { SignRequestError, SignRequestLinks } from './sign-request-types'

/**
 * A payload a sign request can follow: its uuid, its checked links, the `{api}` its socket is on,
 * whether it was pushed, and the signing account when the app said so.
 */
export interface AdoptedPayload {
  uuid: string
  links: SignRequestLinks
  api: string
  pushed: boolean
  account?: string
}

const RULE = 'https:, xumm:, xaman:, or http: on localhost'

const inputError = (message: string): SignRequestError =>
  Object.freeze({ code: 'ERR_INPUT' as const, message })

const linkError = (field: string, value: unknown): SignRequestError => {
  let shown = describeValue(value)
  try {
    shown = `a ${new URL(value as string).protocol} link`
  } catch {}
  return Object.freeze({
    code: 'ERR_LINK' as const,
    message: `${field} is not a link the sign request opens (${RULE}): ${shown}`,
  })
}

// The links production and the reference server emit for a payload (docs/protocol.md §3.2).
const linksOf = (api: string, uuid: string): SignRequestLinks => ({
  always: `${api}/sign/${uuid}`,
  qrPng: `${api}/sign/${uuid}_q.png`,
  qrMatrix: `${api}/sign/${uuid}_q.json`,
})

// Each link with the field it came from, as the created answer names it (docs/protocol.md §3.2).
const FIELDS = { always: 'next.always', qrPng: 'refs.qr_png', qrMatrix: 'refs.qr_matrix' } as const

const checkLinks = (links: SignRequestLinks): SignRequestError | null => {
  for (const [name, field] of Object.entries(FIELDS)) {
    const value = links[name as keyof SignRequestLinks]
    if (!isSafeLink(value)) return linkError(`payload.${field}`, value)
  }
  return null
}

/**
 * Reads what a sign request is given to follow: a uuid (its links on `api`) or a created answer
 * (its own links; its socket's host is `api` when given, else its `refs.websocket_status`'s).
 * Every link must pass the link rule; anything else is an error value naming the field.
 *
 * @example
 * ```ts
 * const adopted = adoptPayload(created, undefined) // or an error: { code: 'ERR_LINK', … }
 * ```
 */
export function adoptPayload(
  payload: unknown,
  api: string | undefined,
  production: string,
): AdoptedPayload | SignRequestError {
  if (typeof payload === 'string') {
    let uuid: string
    try {
      uuid = requireUuid(payload, 'payload')
    } catch (err) {
      return inputError((err as Error).message)
    }
    const host = api ?? production
    const links = linksOf(host, uuid)
    // The three links share the host: one check says it for all.
    if (!isSafeLink(links.always)) return linkError('endpoints.api', host)
    return { uuid, links, api: host, pushed: false }
  }
  if (!isObject(payload) || !isObject(payload.next) || !isObject(payload.refs)) {
    return inputError(
      `payload must be a uuid or a created answer {uuid, next, refs, pushed}, got ${describeValue(payload)}`,
    )
  }
  let uuid: string
  try {
    uuid = requireUuid(payload.uuid, 'payload.uuid')
  } catch (err) {
    return inputError((err as Error).message)
  }
  const { next, refs, account } = payload
  const links = {
    always: next.always,
    qrPng: refs.qr_png,
    qrMatrix: refs.qr_matrix,
  } as SignRequestLinks
  const bad = checkLinks(links)
  if (bad) return bad
  if (account !== undefined && (typeof account !== 'string' || !CLASSIC_ADDRESS.test(account))) {
    return inputError(`payload.account must be a classic address, got ${describeValue(account)}`)
  }
  let host = api
  if (host === undefined) {
    // `{ws-api}/sign/{uuid}`: the socket's own host, http for ws (docs/protocol.md §3.2).
    const socket = refs.websocket_status
    const tail = `/sign/${uuid}`
    if (!isSafeLink(socket, true) || !socket.endsWith(tail)) {
      return linkError('payload.refs.websocket_status', socket)
    }
    host = socket.slice(0, -tail.length).replace(/^ws/, 'http')
  }
  return {
    uuid,
    links,
    api: host,
    pushed: payload.pushed === true,
    ...(account === undefined ? {} : { account }),
  }
}
