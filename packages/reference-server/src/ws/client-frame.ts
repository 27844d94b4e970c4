/**
 * Whether a frame from a payload socket client is the §4 keepalive `{"ping": true}`. Anything else
 * (binary, not JSON, another shape) is ignored by the caller, so a client cannot crash the server.
 */
export function isKeepalive(data: unknown, isBinary: boolean): boolean {
  if (isBinary) return false
  let text: string
  if (typeof data === 'string') text = data
  else if (data instanceof Uint8Array) text = Buffer.from(data).toString('utf8')
  else return false
  // Cheap pre-check: a keepalive is a tiny object, so skip parsing anything that cannot be one.
  if (text.length > 64 || !text.includes('ping')) return false
  try {
    const value: unknown = JSON.parse(text)
    return (
      typeof value === 'object' && value !== null && (value as { ping?: unknown }).ping === true
    )
  } catch {
    return false
  }
}
