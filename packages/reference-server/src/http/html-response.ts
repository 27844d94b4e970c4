import {
  DASHBOARD_SCRIPT,
  OAUTH_REFUSAL_SCRIPT,
  OAUTH_RETURN_SCRIPT,
  SIGN_PAGE_SCRIPT,
} from '../web/page-scripts.gen'
import { response } from './responses'

/**
 * The content security policy of every page: only the pages' own inline scripts run (by hash, so
 * an injected script would not even if escaping failed), everything else comes from this origin,
 * and no other site may frame a page (the sign buttons act as a wallet user).
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${[SIGN_PAGE_SCRIPT, DASHBOARD_SCRIPT, OAUTH_RETURN_SCRIPT, OAUTH_REFUSAL_SCRIPT].map((script) => script.hash).join(' ')}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * A page as a `text/html; charset=utf-8` Response, never cached (pages show live state), with the
 * pages' content security policy (or a page's own, e.g. one that frames another site).
 */
export function htmlResponse(
  body: string,
  status = 200,
  contentSecurityPolicy = PAGE_CONTENT_SECURITY_POLICY,
): Response {
  return response(body, status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
  })
}
