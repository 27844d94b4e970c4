import type { Endpoints } from 'pullsign/wire'
import type { Platform } from '../create-platform'
import type { CredentialParts } from './guards/credentials'
import type { RecordBodies } from './record-bodies'

/**
 * The parts of the platform the HTTP routes call. The handler (handler.ts) builds this once; each
 * route module names the few it uses (`Pick<HttpParts, 'credentials' | 'payloads'>`).
 */
export interface HttpParts extends Omit<Platform, 'endpoints' | 'setEndpoints' | 'dispose'> {
  /** What the guard of an API route verifies callers with (guards/credentials.ts). */
  credentials: CredentialParts
  /** The endpoints now (the transport sets them after listening). */
  endpoints: () => Endpoints
  /** The host names the server calls its own now (guards/own-hosts.ts). */
  ownHosts: () => Set<string>
  /** The JSON text of the payload records the routes send, kept per record. */
  recordBodies: RecordBodies
}
