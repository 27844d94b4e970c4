import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PayloadRecord, PayloadSocketMessage } from 'pullsign/wire'
import { type WebSocket, WebSocketServer } from 'ws'
import { payloadRecord, type RecordOverrides } from './payload-record'

/**
 * A tiny platform for subscription tests: GET `payload/{uuid}` serves a record the test controls,
 * and `/sign/{uuid}` speaks docs/protocol.md §4 (welcome, expires_in_seconds, pong, expired, resolve),
 * with switches to misbehave (stay silent, drop connections, stop accepting).
 */
export interface SocketPlatform {
  readonly api: string
  readonly records: Map<string, PayloadRecord>
  /** Serves a new open payload's record (with the overrides); returns its uuid. */
  newPayload(overrides?: RecordOverrides): string
  /** Every client → server message, per uuid. */
  readonly received: Map<string, unknown[]>
  /** Connections accepted so far, per uuid. */
  connections(uuid: string): number
  /** GET payload calls so far, per uuid. */
  fetches(uuid: string): number
  /** Sends a §4 message to every socket of the uuid. */
  send(uuid: string, message: PayloadSocketMessage): void
  /** Terminates every socket without a close frame (an unclean close, code 1006). */
  dropAll(): void
  /** When true, the server neither answers pings nor sends anything. */
  silent: boolean
  /** When true, upgrade requests are refused with 503. */
  refuse: boolean
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export async function startSocketPlatform(): Promise<SocketPlatform> {
  const records = new Map<string, PayloadRecord>()
  const received = new Map<string, unknown[]>()
  const connectionCount = new Map<string, number>()
  const fetchCount = new Map<string, number>()
  const sockets = new Map<string, Set<WebSocket>>()
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/api\/v1\/platform\/payload\/([0-9a-f-]{36})$/.exec(req.url ?? '')
    if (req.method !== 'GET' || !match?.[1]) return json(res, 404, { error: { code: 404 } })
    const uuid = match[1]
    bump(fetchCount, uuid)
    const record = records.get(uuid)
    if (!record) {
      return json(res, 404, {
        error: { reference: 'ref-1', code: 404, message: `payload ${uuid} not found` },
      })
    }
    json(res, 200, record)
    for (const socket of sockets.get(uuid) ?? []) {
      if (!platform.silent) socket.send(JSON.stringify({ devapp_fetched: true }))
    }
  })
  const wss = new WebSocketServer({ noServer: true })
  http.on('upgrade', (req, socket, head) => {
    const uuid = /^\/sign\/([0-9a-f-]{36})$/.exec(req.url ?? '')?.[1]
    if (platform.refuse || !uuid) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      bump(connectionCount, uuid)
      const set = sockets.get(uuid) ?? new Set()
      sockets.set(uuid, set)
      set.add(ws)
      ws.on('close', () => set.delete(ws))
      ws.on('message', (data) => {
        const message = JSON.parse(String(data))
        received.set(uuid, [...(received.get(uuid) ?? []), message])
        if (!platform.silent && message?.ping === true) {
          ws.send(JSON.stringify({ message: 'Right back at you!' }))
        }
      })
      if (platform.silent) return
      const record = records.get(uuid)
      if (!record) {
        ws.send(JSON.stringify({ message: 'No such payload' }))
        ws.close()
        return
      }
      ws.send(JSON.stringify({ message: `Welcome ${uuid}` }))
      ws.send(JSON.stringify({ expires_in_seconds: record.payload.expires_in_seconds }))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  const platform: SocketPlatform = {
    api: `http://127.0.0.1:${port}`,
    records,
    newPayload: (overrides = {}) => {
      const uuid = randomUUID()
      records.set(uuid, payloadRecord(uuid, overrides))
      return uuid
    },
    received,
    connections: (uuid) => connectionCount.get(uuid) ?? 0,
    fetches: (uuid) => fetchCount.get(uuid) ?? 0,
    send(uuid, message) {
      for (const socket of sockets.get(uuid) ?? []) socket.send(JSON.stringify(message))
    },
    dropAll() {
      for (const set of sockets.values()) for (const socket of set) socket.terminate()
    },
    silent: false,
    refuse: false,
    async close() {
      this.dropAll()
      wss.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
  return platform
}
