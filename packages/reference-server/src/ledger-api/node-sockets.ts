import type { Ledger, NetworkDefinition } from '../ledger'
import { NETWORKS } from '../ledger'
import type { SocketPeer } from '../ws/payload-sockets'
import { bookRequests, bookSnapshot } from './book-subscriptions'
import type { LedgerNode } from './ledger-node'
import { type ApiVersion, isAccount } from './node-request'
import {
  ledgerStreamFields,
  type NetworkStreams,
  publishClose,
  type StreamSubscriber,
} from './node-streams'
import { createPathFindSession } from './path-find-session'
import { type CallOutcome, runMethod, socketAnswer } from './rpc-envelope'
import { RpcError } from './rpc-errors'

/** Bounds of the node's sockets (docs/protocol.md §8.6 "Limits" [ours]). */
export interface NodeSocketLimits {
  /** Largest frame answered (bigger: jsonInvalid, the socket stays open). */
  maxFrameBytes: number
  /** Sockets one client address holds at once on the node. */
  socketsPerAddress: number
  /** Streams plus accounts one socket follows. */
  subscriptionsPerSocket: number
}

/** Default bounds: the HTTP body limit per frame, 2,000 sockets an address, 1,000 subscriptions. */
export const NODE_SOCKET_LIMITS: NodeSocketLimits = {
  maxFrameBytes: 256 * 1024,
  socketsPerAddress: 2_000,
  subscriptionsPerSocket: 1_000,
}

/** The node's WebSocket sessions, every network's. */
export interface NodeSockets {
  /** Whether `address` may open one more socket (checked before the upgrade). */
  admits(address: string | null): boolean
  /** Serves a connected socket on a network's node. */
  accept(socket: SocketPeer, network: NetworkDefinition, address: string | null): void
  /** Closes every socket and stops listening to the ledger. */
  close(): void
}

const STREAMS = ['ledger', 'transactions', 'server'] as const
type StreamName = (typeof STREAMS)[number]
const isStream = (value: unknown): value is StreamName =>
  typeof value === 'string' && (STREAMS as readonly string[]).includes(value)

// A list param of subscribe: absent → [], otherwise an array (rippled Subscribe.cpp).
const listParam = (params: Record<string, unknown>, name: string): unknown[] => {
  const value = params[name]
  if (value === undefined) return []
  if (!Array.isArray(value))
    throw new RpcError('invalidParams', `Invalid field '${name}', not array.`)
  return value
}

/** A WebSocket message's text, whatever form `ws` gave it in; null for none it sends. */
export const frameText = (data: unknown): string | null => {
  if (typeof data === 'string') return data
  if (data instanceof Uint8Array) return Buffer.from(data).toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return null
}

/**
 * Creates the node's socket sessions: each frame answered with rippled's envelope
 * (rpc-envelope.ts), `subscribe`/`unsubscribe` to the `ledger`, `transactions` and `server`
 * streams, to `accounts` and to `books` (book-subscriptions.ts), each close published once
 * (node-streams.ts).
 *
 * @example
 * ```ts
 * const sockets = createNodeSockets({ ledger, node })
 * sockets.accept(wsClient, networkDefinition('TESTNET'), '127.0.0.1')
 * ```
 */
export function createNodeSockets({
  ledger,
  node,
  limits = NODE_SOCKET_LIMITS,
}: {
  ledger: Ledger
  node: LedgerNode
  limits?: NodeSocketLimits
}): NodeSockets {
  const streams = new Map<string, NetworkStreams>(
    NETWORKS.map((network) => [
      network.key,
      {
        ledger: new Set(),
        transactions: new Set(),
        server: new Set(),
        accounts: new Map(),
        books: new Map(),
      },
    ]),
  )
  const perAddress = new Map<string, number>()
  const open = new Set<SocketPeer>()
  let closed = false
  const stopListening = ledger.onClose((event) => {
    const network = NETWORKS.find((n) => n.key === event.network)
    const target = streams.get(event.network)
    if (network && target) publishClose(target, ledger, network, event)
  })

  const serve = (socket: SocketPeer, network: NetworkDefinition) => {
    const own = streams.get(network.key) as NetworkStreams
    const subscriber: StreamSubscriber & {
      streams: Set<StreamName>
      accounts: Set<string>
      books: Set<string>
    } = {
      send: (frame) => socket.send(frame),
      apiVersion: 1,
      streams: new Set(),
      accounts: new Set(),
      books: new Set(),
    }
    const subscribe = (params: Record<string, unknown>, apiVersion: ApiVersion) => {
      const books = bookRequests(params)
      const names = listParam(params, 'streams')
      const accounts = listParam(params, 'accounts')
      if (!names.every(isStream)) throw new RpcError('malformedStream')
      if (!accounts.every((a) => isAccount(a))) {
        throw new RpcError('actMalformed')
      }
      const adding = new Set([
        ...names.filter((n) => !subscriber.streams.has(n as StreamName)),
        ...accounts.filter((a) => !subscriber.accounts.has(a as string)),
        ...books.flatMap((book) => book.keys).filter((key) => !subscriber.books.has(key)),
      ])
      if (
        subscriber.streams.size + subscriber.accounts.size + subscriber.books.size + adding.size >
        limits.subscriptionsPerSocket
      ) {
        throw new RpcError(
          'tooBusy',
          `A socket follows at most ${limits.subscriptionsPerSocket} streams and accounts.`,
        )
      }
      subscriber.apiVersion = apiVersion
      for (const name of names as StreamName[]) {
        subscriber.streams.add(name)
        own[name].add(subscriber)
      }
      for (const account of accounts as string[]) follow(own.accounts, subscriber.accounts, account)
      const result: Record<string, unknown> = {}
      for (const book of books) {
        for (const key of book.keys) follow(own.books, subscriber.books, key)
        if (book.snapshot) Object.assign(result, bookSnapshot(ledger, network, book))
      }
      if (names.includes('ledger')) Object.assign(result, ledgerStreamFields(ledger, network))
      if (names.includes('server'))
        Object.assign(result, { load_base: 256, load_factor: 256, server_status: 'full' })
      return result
    }
    const unsubscribe = (params: Record<string, unknown>) => {
      const names = listParam(params, 'streams')
      const accounts = listParam(params, 'accounts')
      if (!names.every(isStream)) throw new RpcError('malformedStream')
      if (!accounts.every((a) => isAccount(a))) {
        throw new RpcError('actMalformed')
      }
      for (const name of names as StreamName[]) {
        subscriber.streams.delete(name)
        own[name].delete(subscriber)
      }
      for (const account of accounts as string[]) forgetAccount(account)
      for (const key of bookRequests(params).flatMap((book) => book.keys)) {
        unfollow(own.books, subscriber.books, key)
      }
      return {}
    }
    const follow = (map: Map<string, Set<StreamSubscriber>>, mine: Set<string>, key: string) => {
      mine.add(key)
      const set = map.get(key) ?? new Set()
      set.add(subscriber)
      map.set(key, set)
    }
    const unfollow = (map: Map<string, Set<StreamSubscriber>>, mine: Set<string>, key: string) => {
      mine.delete(key)
      const set = map.get(key)
      set?.delete(subscriber)
      if (set?.size === 0) map.delete(key)
    }
    const forgetAccount = (account: string) => unfollow(own.accounts, subscriber.accounts, account)
    // path_find: one request per socket, answered again after each close (path-find-session.ts).
    const paths = createPathFindSession(ledger, network, (frame) =>
      socket.send(JSON.stringify(frame)),
    )
    const stopPaths = ledger.onClose((event) => {
      if (event.network === network.key) paths.update()
    })
    const call = (
      command: string,
      request: Record<string, unknown>,
      apiVersion: ApiVersion,
    ): CallOutcome => {
      if (command === 'path_find') return runMethod(() => paths.handle(request))
      if (command === 'subscribe') return runMethod(() => subscribe(request, apiVersion))
      if (command === 'unsubscribe') return runMethod(() => unsubscribe(request))
      return node.call(network, command, request, apiVersion)
    }
    socket.on('message', (data) => {
      const text = frameText(data)
      let request: unknown
      if (text !== null && Buffer.byteLength(text) <= limits.maxFrameBytes) {
        try {
          request = JSON.parse(text)
        } catch {
          request = undefined
        }
      }
      // rippled ServerHandler.cpp onWSMessage: what is no JSON object is echoed as jsonInvalid.
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        socket.send(
          JSON.stringify({
            type: 'error',
            error: 'jsonInvalid',
            value: (text ?? '').slice(0, 1024),
          }),
        )
        return
      }
      const fields = request as Record<string, unknown>
      socket.send(
        JSON.stringify(
          socketAnswer(fields, (command, apiVersion) => call(command, fields, apiVersion)),
        ),
      )
    })
    return () => {
      stopPaths()
      for (const name of subscriber.streams) own[name].delete(subscriber)
      for (const account of [...subscriber.accounts]) forgetAccount(account)
      for (const key of [...subscriber.books]) unfollow(own.books, subscriber.books, key)
    }
  }

  return {
    admits: (address) =>
      !closed && (address === null || (perAddress.get(address) ?? 0) < limits.socketsPerAddress),
    accept(socket, network, address) {
      socket.on('error', () => socket.terminate())
      if (closed) {
        socket.close(1001, 'server closed')
        return
      }
      open.add(socket)
      if (address !== null) perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
      const release = serve(socket, network)
      socket.on('close', () => {
        if (!open.delete(socket)) return
        release()
        if (address === null) return
        const left = (perAddress.get(address) ?? 1) - 1
        if (left === 0) perAddress.delete(address)
        else perAddress.set(address, left)
      })
    },
    close() {
      closed = true
      stopListening()
      for (const socket of open) socket.terminate()
    },
  }
}
