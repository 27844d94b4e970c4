import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import type { Clock } from '../platform'
import type { Snapshots } from './snapshot'

/**
 * A state file that cannot be read or restored: the message names the file and the field.
 *
 * @example
 * ```ts
 * try {
 *   createReferenceServer({ stateFile: 'state.json' })
 * } catch (error) {
 *   if (error instanceof StateFileError) console.error(error.message) // state.json: payloads.3.state ...
 * }
 * ```
 */
export class StateFileError extends Error {
  override readonly name = 'StateFileError'
}

/** The state file of a server (`--state-file`, the `stateFile` option). */
export interface StateFile {
  /**
   * Restores the file's state when the file exists (else keeps the start fixtures); a bad file
   * throws a {@link StateFileError} before anything changed.
   */
  load(): void
  /** Checks every second of the clock and saves when the state changed. */
  start(): void
  /** Stops checking and saves a last time (at once, before the process ends). */
  close(): Promise<void>
}

// How often the state is compared with what was last written, ms (docs/protocol.md §10).
const SAVE_EVERY_MS = 1000

/**
 * Creates the state file of a server. Each save writes a temporary file next to it, then renames
 * it over the file, so a reader (or a process killed with SIGKILL mid-write) only ever finds a
 * whole snapshot: the old one or the new one.
 *
 * @example
 * ```ts
 * const file = createStateFile({ path: 'state.json', snapshots, clock })
 * file.load()
 * file.start()
 * await file.close()
 * ```
 */
export function createStateFile(deps: {
  path: string
  snapshots: Snapshots
  clock: Pick<Clock, 'setInterval'>
  /** Where a failed save is reported; stderr by default. */
  report?: (message: string) => void
}): StateFile {
  const { path, snapshots } = deps
  const report = deps.report ?? ((message) => process.stderr.write(`${message}\n`))
  const temporary = `${path}.${process.pid}.tmp`
  // Whether the file lacks a change: set by a change, cleared once a write of it succeeded.
  let unsaved = false
  let writing: Promise<void> | null = null
  let stop: (() => void) | null = null

  const save = () => {
    if (writing) return
    const { text, changed } = snapshots.text()
    if (!changed && !unsaved) return
    unsaved = true
    writing = writeFile(temporary, text)
      .then(() => rename(temporary, path))
      .then(
        () => {
          // A change made while the file was written is seen by the next check.
          unsaved = false
        },
        (error: NodeJS.ErrnoException) => report(`cannot save the state to ${path}: ${error.code}`),
      )
      .finally(() => {
        writing = null
      })
  }

  return {
    load() {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') return
        throw new StateFileError(`cannot read ${path} (${code ?? 'error'})`)
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new StateFileError(`${path} is not valid JSON`)
      }
      try {
        snapshots.restore(json)
      } catch (error) {
        throw new StateFileError(`${path}: ${(error as Error).message}`)
      }
      // What was just read is what the file holds: the next check writes only a change.
      snapshots.text()
    },
    start() {
      stop ??= deps.clock.setInterval(save, SAVE_EVERY_MS)
    },
    async close() {
      stop?.()
      stop = null
      await writing
      const { text, changed } = snapshots.text()
      if (!changed && !unsaved) return
      writeFileSync(temporary, text)
      renameSync(temporary, path)
      unsaved = false
    },
  }
}
