import { Hono } from 'hono'
import { type Ledger, NETWORKS, networkDefinition } from '../../ledger'
import { FaucetError, fundFromFaucet } from '../../ledger-api/faucet'
import type { LedgerNode } from '../../ledger-api/ledger-node'
import { serverDefinitions } from '../../ledger-api/methods/server-definitions'
import { rpcAnswer } from '../../ledger-api/rpc-envelope'
import { unknownNetwork } from '../../platform/node-urls'
import type { HttpEnv } from '../http-env'
import { MAX_BODY_BYTES, readBodyBytes } from '../json-body'
import { LEDGER_NOTE_HEADER, submitNote } from '../ledger-note'
import { jsonResponse, response } from '../responses'

const KEYS = new Set<string>(NETWORKS.map((n) => n.key))

// The bytes of a body as JSON, or why not, in rippled's words (ServerHandler.cpp processRequest).
const parsed = async (request: Request): Promise<{ value: unknown } | { refusal: string }> => {
  let bytes: Buffer | null
  try {
    bytes = await readBodyBytes(request, MAX_BODY_BYTES)
  } catch {
    return { refusal: `Unable to parse request: larger than ${MAX_BODY_BYTES} bytes` }
  }
  try {
    return { value: JSON.parse(bytes?.toString('utf8') ?? '') }
  } catch {
    return { refusal: 'Unable to parse request: not JSON' }
  }
}

const text = (body: string, status: number) =>
  response(`${body}\n`, status, { 'content-type': 'text/plain; charset=utf-8' })

/**
 * Each network's JSON-RPC node `POST /ledger/{K}`, faucet `POST /ledger/{K}/accounts` and
 * binary-codec definitions `GET /ledger/{K}/definitions` (docs/protocol.md §8.6): public, like a
 * public node; an unknown network is a 404 whose message lists the networks (before the body is
 * read: nothing is submitted or funded).
 *
 * @example
 * ```ts
 * app.route('/', ledgerNodeRoutes({ ledger, node }))
 * ```
 */
export function ledgerNodeRoutes({ ledger, node }: { ledger: Ledger; node: LedgerNode }) {
  const routes = new Hono<HttpEnv>()
  routes.post('/ledger/:network', async (c) => {
    const key = c.req.param('network')
    if (!KEYS.has(key)) throw unknownNetwork(key)
    const network = networkDefinition(key as never)
    const body = await parsed(c.req.raw)
    if ('refusal' in body) return text(body.refusal, 400)
    const reply = rpcAnswer(body.value, (command, params, apiVersion) =>
      node.call(network, command, params, apiVersion),
    )
    if (!('json' in reply)) return text(reply.text, reply.status)
    // A submission that did not succeed says why in the request log (issue 40 §6).
    const note = submitNote(ledger, network.key, (reply.json as { result?: unknown }).result)
    return jsonResponse(reply.json, 200, note === null ? {} : { [LEDGER_NOTE_HEADER]: note })
  })
  // The definitions the node encodes with, as a Xahau node serves them over HTTP (the rails'
  // `definitions` URL) and as its `server_definitions` answers.
  routes.get('/ledger/:network/definitions', (c) => {
    const key = c.req.param('network')
    if (!KEYS.has(key)) throw unknownNetwork(key)
    return jsonResponse(serverDefinitions(networkDefinition(key as never)))
  })
  routes.post('/ledger/:network/accounts', async (c) => {
    const key = c.req.param('network')
    if (!KEYS.has(key)) throw unknownNetwork(key)
    const body = await parsed(c.req.raw)
    if ('refusal' in body) return jsonResponse({ error: body.refusal }, 400)
    try {
      return jsonResponse(fundFromFaucet(ledger, networkDefinition(key as never), body.value ?? {}))
    } catch (error) {
      if (error instanceof FaucetError) {
        const { message, transactionHash } = error
        return jsonResponse(
          { error: message, ...(transactionHash ? { transactionHash } : {}) },
          400,
        )
      }
      throw error
    }
  })
  return routes
}
