import autocannon from 'autocannon'

/** One autocannon run, as the parent asks for it over IPC. */
export interface LoadRequest {
  type: 'load'
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  /** Replace every `{n}` in the body with a number counted per request, so no two are equal. */
  numbered?: boolean
  /** Paths to take in turn, one per request, in place of the URL's own path. */
  paths?: string[]
  connections: number
  seconds: number
}

/** What the child sends back. */
export interface LoadResult {
  type: 'result'
  requestsPerSecond: number
  total: number
  non2xx: number
  errors: number
  p99Ms: number
  /** CPU time this load generator used, as a share of the run's wall time (1 = one full core). */
  cpuShare: number
}

const cpuShare = (before: NodeJS.CpuUsage, wallBefore: number) => {
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / (performance.now() - wallBefore)
}

// Each request's body gets the next number in place of `{n}`.
const numberBody = (template: string) => {
  let next = 0
  return (request: autocannon.Request) => {
    next += 1
    request.body = template.replaceAll('{n}', String(next))
    return request
  }
}

// Each request takes the next path of the list, starting over at its end.
const cyclePaths = (paths: string[]) => {
  let next = 0
  return (request: autocannon.Request) => {
    request.path = paths[next % paths.length] as string
    next += 1
    return request
  }
}

const setupRequest = (message: LoadRequest) =>
  message.numbered
    ? numberBody(message.body ?? '')
    : message.paths
      ? cyclePaths(message.paths)
      : undefined

// Runs in its own process (see bench-child.ts): autocannon's loop must not steal the server's.
process.on('message', (message: LoadRequest) => {
  if (message?.type !== 'load') return
  const cpuBefore = process.cpuUsage()
  const wallBefore = performance.now()
  const setup = setupRequest(message)
  autocannon(
    {
      url: message.url,
      method: message.method,
      headers: message.headers,
      body: message.body,
      requests: setup ? [{ setupRequest: setup }] : undefined,
      connections: message.connections,
      duration: message.seconds,
    },
    (error, result) => {
      if (error) throw error
      const reply: LoadResult = {
        type: 'result',
        requestsPerSecond: result.requests.total / (result.duration || message.seconds),
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        p99Ms: result.latency.p99,
        cpuShare: cpuShare(cpuBefore, wallBefore),
      }
      process.send?.(reply)
    },
  )
})
process.send?.({ type: 'ready' })
process.on('disconnect', () => process.exit(0))
