import { connect } from 'node:net'

/**
 * One HTTP/1.1 answer read off a raw socket.
 *
 * @example
 * ```ts
 * const { status, headers, body }: RawAnswer = await rawRequest(port, 'GET / HTTP/1.1\r\nhost: x')
 * ```
 */
export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends `head` (request line and headers, without the blank line) with `connection: close` over
 * a raw socket, so a test can send what fetch never sends (a bad Host, dot segments kept), and
 * reads the answer until the server closes.
 *
 * @example
 * ```ts
 * const answer = await rawRequest(port, 'GET /__ref/state HTTP/1.1\r\nhost: evil.example')
 * answer.status // 403
 * ```
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const split = text.indexOf('\r\n\r\n')
      const lines = text.slice(0, split).split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
      }
      const status = Number(lines[0]?.split(' ')[1])
      if (!Number.isInteger(status)) reject(new Error(`no HTTP answer: ${text.slice(0, 200)}`))
      else resolve({ status, headers, body: text.slice(split + 4) })
    })
    socket.write(`${head}\r\nconnection: close\r\n\r\n${body}`)
  })
}
