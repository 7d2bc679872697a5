import { createHash } from 'node:crypto';

// Security headers of the staff and public pages (never the widget frame, which has its own
// frame-ancestors from the school's allowed websites). Built by proxy.ts for every page request.

/** The CSP source that allows one known inline script (the theme boot script in <head>). */
export const inlineScriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** A fresh nonce per response; Next.js puts it on its own scripts when the request's CSP carries it. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * Scripts only with this response's nonce (or the theme boot script's hash); nothing may frame a
 * staff page; images may come from school logos elsewhere and voice previews from the voice provider.
 */
export function pageContentSecurityPolicy(nonce: string, inlineScripts: string[] = [], dev = process.env.NODE_ENV !== 'production'): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", `'nonce-${nonce}'`, ...inlineScripts, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Headers every page answer carries besides its CSP. HSTS only when the request came over https.
 * A page whose address carries a secret (the reset link's `?token=`) sends no Referer anywhere and
 * is never cached.
 */
export function pageSecurityHeaders(https: boolean, carriesSecret = false): Record<string, string> {
  return {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': carriesSecret ? 'no-referrer' : 'strict-origin-when-cross-origin',
    ...(carriesSecret ? { 'Cache-Control': 'no-store' } : {}),
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Query parameters that carry a secret in a page's address (the password reset link: `/?token=…`). */
export const SECRET_QUERY_PARAMS = ['token'];

/**
 * The page paths proxy.ts gives these headers (its matcher lists the same): each `page.tsx` under
 * app/ must be one of them; tests/unit/page-headers.test.ts enumerates the tree to check it.
 */
export const PAGE_PATH_PATTERNS = ['/', '/login', '/docs/api', '/dashboard', '/dashboard/:path*'];

/** An upload is served as inert data: no script, no plugins, no framing by other sites. */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/** A path whose %-escapes do not decode (`/web-links/%ff%fe`): the router cannot read it. */
export function pathDecodes(pathname: string): boolean {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
