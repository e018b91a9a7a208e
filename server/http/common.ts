// Shared HTTP helpers of the routes server/ adds: JSON errors ({error, message}, contracts.ts
// apiErrorSchema), CORS for the app's origins, body limits.
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  message: string,
): Response {
  return c.json({ error, message }, status);
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Answer headers a browser may read on /auth and /rest, as hosted Supabase exposes them. */
export const API_EXPOSED_HEADERS =
  'Content-Range, Content-Location, Content-Profile, Preference-Applied, Retry-After, X-Sb-Error-Code, X-Supabase-Api-Version';

export const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-api-key',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'cache-control',
  'pragma',
  'x-supabase-api-version',
];

/** CORS for our routes: the configured origins only (the PWA on 4173, Vite on 5173, localhost too). */
export function cors(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!ok) return c.body(null, 403);
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers':
          c.req.header('access-control-request-headers') || ALLOWED_HEADERS.join(', '),
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    await next();
    if (ok) {
      c.res.headers.set('access-control-allow-origin', origin);
      // Added to what the route exposes (the registry's X-Data-Source), never in its place.
      const exposed = c.res.headers.get('access-control-expose-headers');
      const names = exposed ? exposed.split(',').map((h) => h.trim().toLowerCase()) : [];
      if (!names.includes('retry-after')) {
        c.res.headers.set(
          'access-control-expose-headers',
          exposed ? `${exposed}, Retry-After` : 'Retry-After',
        );
      }
      c.res.headers.append('vary', 'Origin');
    }
  };
}

/**
 * Replaces the request that the next handlers (and lite) read: another URL (a rewritten query) or
 * another body. Hono keeps the body it has read in `bodyCache`: emptied, so the next read gets this
 * request's body.
 */
export function replaceRequest(
  c: Context,
  url: string = c.req.url,
  body?: string,
  headers: Headers = c.req.raw.headers,
): void {
  const raw = c.req.raw;
  const init: RequestInit & { duplex?: 'half' } = { method: raw.method, headers };
  if (body !== undefined) init.body = body;
  else if (raw.body) {
    init.body = raw.body;
    init.duplex = 'half';
  }
  const req = c.req as unknown as { raw: Request; bodyCache: Record<string, unknown> };
  req.raw = new Request(url, init);
  req.bodyCache = {};
}
