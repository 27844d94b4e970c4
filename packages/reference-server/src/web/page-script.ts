/**
 * A page's browser script as served: the bundled bytes (src/web/scripts/, built by
 * bundle-page-scripts.ts) and the CSP source that lets exactly those bytes run inline.
 */
export interface PageScript {
  source: string
  /** `'sha256-…'` of `source`, for `script-src`. */
  hash: string
}
