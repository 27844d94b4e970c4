import type { decode } from 'ripple-binary-codec'

/** A transaction as ripple-binary-codec decodes it. */
export type JsonObject = ReturnType<typeof decode>
