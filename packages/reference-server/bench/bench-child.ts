import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Starts another bench script (load generator, socket clients, baseline server) in its own node
 * process with tsx, so it never shares an event loop or a heap with the server under test (the
 * machine has 2 cores).
 */
export function forkBenchChild(file: string, options: { exposeGc?: boolean } = {}): ChildProcess {
  const path = fileURLToPath(new URL(file, import.meta.url))
  const execArgv = [...(options.exposeGc ? ['--expose-gc'] : []), '--import', 'tsx']
  return fork(path, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
}

/** The first IPC message of the child of the given `type`, or the child's exit as an error. */
export function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown })?.type !== type) return
      cleanup()
      resolve(message as T)
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`bench child exited with ${code} before sending ${type}`))
    }
    const cleanup = () => {
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}
