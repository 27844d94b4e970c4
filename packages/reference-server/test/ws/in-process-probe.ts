import type { InProcessWebSocket, InProcessWebSocketConstructor } from '../../src'

/** One `server.WebSocket`, its frames parsed and queued so a test awaits them one by one. */
export interface InProcessProbe {
  readonly socket: InProcessWebSocket
  /** Every frame received so far. */
  readonly frames: Record<string, unknown>[]
  /** The next frame not yet taken (frames come on the microtask queue: no timer involved). */
  next(): Promise<Record<string, unknown>>
  /** Resolves once `count` frames arrived, or with fewer once the socket closed. */
  framesUntil(count: number): Promise<Record<string, unknown>[]>
  /** Sends `frame` (JSON-encoded unless a string) once the socket is open, and takes the next frame. */
  ask(frame: unknown): Promise<Record<string, unknown>>
  /** The close event's code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>
}

/** Opens `url` with an in-process WebSocket class (`server.WebSocket`). */
export function openInProcess(
  WebSocket: InProcessWebSocketConstructor,
  url: string,
): InProcessProbe {
  const socket = new WebSocket(url)
  const frames: Record<string, unknown>[] = []
  const waiters: Array<() => void> = []
  let taken = 0
  // Set by the close event, which comes after every frame sent before the close.
  let ended = false
  socket.onmessage = ({ data }) => {
    frames.push(JSON.parse(String(data)))
    for (const wake of waiters.splice(0)) wake()
  }
  const opened = new Promise<void>((resolve) => {
    socket.onopen = () => resolve()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.onclose = ({ code, reason }) => {
      ended = true
      resolve({ code, reason })
      for (const wake of waiters.splice(0)) wake()
    }
  })
  const framesUntil = async (count: number) => {
    while (frames.length < count) {
      if (ended) break
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
    return frames
  }
  const next = async () => {
    const [frame] = (await framesUntil(taken + 1)).slice(taken)
    if (!frame) throw new Error(`the socket closed after ${frames.length} frames`)
    taken++
    return frame
  }
  return {
    socket,
    frames,
    next,
    framesUntil,
    closed,
    async ask(frame) {
      await opened
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
      return next()
    },
  }
}
