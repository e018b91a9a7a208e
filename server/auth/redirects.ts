// Where an auth answer may send the browser (issue 28 item 6). `redirect_to` (GET /verify's 303,
// and the links of the e-mails that sign-up, recovery, magic links and resends send) was checked
// by lite with a parser of its own: `http://evil.example\@127.0.0.1:4273/` passed as 127.0.0.1 and
// redirected to evil.example. Here every /auth/v1 request's `redirect_to` is parsed once, as a
// browser parses it (WHATWG URL), and kept only when
//  - it is plain printable ASCII: no backslash, no whitespace or control character, no Unicode
//    (full-width dots and slashes, homographs: a browser maps them to other characters);
//  - it is an absolute http(s) URL without user name or password (`http://127.0.0.1:4173@evil`);
//  - its origin (scheme, host, port) is one of the allowed ones: the site URL and the additional
//    redirect URLs (GoTrue's SITE_URL and URI allow list), compared exactly.
// It is then handed on in its canonical form without fragment (the 303 appends the tokens as the
// fragment); any other value is removed, so lite and the e-mails fall back to the site URL, as
// GoTrue does for a redirect it does not allow.
import type { MiddlewareHandler } from 'hono';
import { replaceRequest } from '../http/common';

const MAX_LENGTH = 2048;
/** Printable ASCII without space and backslash. */
const PLAIN = /^[!-[\]-~]+$/;

/** The origins of a list of URLs (invalid entries ignored). */
export function originsOf(urls: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const u of urls) {
    try {
      const url = new URL(u);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      /* not a URL */
    }
  }
  return origins;
}

/** The canonical form of an allowed redirect target, or null when it must not be followed. */
export function safeRedirect(
  raw: string | null | undefined,
  allowedOrigins: ReadonlySet<string>,
): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!PLAIN.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // relative (`//evil.example`, `/dashboard`) or malformed
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  // `http:127.0.0.1:4173` and other forms a browser repairs: only the ordinary spelling.
  if (!raw.toLowerCase().startsWith(`${url.protocol}//`)) return null;
  if (!allowedOrigins.has(url.origin)) return null;
  url.hash = '';
  return url.href;
}

/** Rewrites `redirect_to` of every request it sees: canonical when allowed, removed otherwise. */
export function redirectGuard(allowedRedirectUrls: readonly string[]): MiddlewareHandler {
  const allowed = originsOf(allowedRedirectUrls);
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.searchParams.has('redirect_to')) return next();
    const safe = safeRedirect(url.searchParams.get('redirect_to'), allowed);
    // One value at most (a second `redirect_to` must not win elsewhere).
    url.searchParams.delete('redirect_to');
    if (safe) url.searchParams.set('redirect_to', safe);
    replaceRequest(c, url.toString());
    return next();
  };
}
