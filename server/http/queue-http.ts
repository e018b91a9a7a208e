// HTTP side of PGlite's session queue (session-queue.ts): ties each request's database uses to
// the request (its signal: the client closing the connection aborts it), turns a refusal into
// 503 + Retry-After, and reads a request's body before it queues (a slow upload on a weak
// connection must not hold the one database session).
import type { Context, MiddlewareHandler } from 'hono';
import { AbandonedRequestError, QueueFullError, requestScope } from '../db/session-queue';

/** First middleware: the request's database uses share one admission and its abort signal. */
export function requestScopeMiddleware(): MiddlewareHandler {
  return (c, next) => requestScope.run({ signal: c.req.raw.signal, admitted: false }, next);
}

/** The answer to a queue refusal, or null for any other error. */
export function queueErrorResponse(err: unknown, c: Context): Response | null {
  if (err instanceof QueueFullError) {
    c.header('retry-after', String(err.retryAfterSeconds));
    c.header('cache-control', 'no-store');
    // Readable by the app in a browser: /auth and /rest answer any origin (our routes' CORS
    // middleware then sets their own origin); Retry-After must be exposed to be read.
    c.header('access-control-allow-origin', '*');
    c.header('access-control-expose-headers', 'Retry-After');
    // `code` too: supabase-js reads it as the error code (PostgREST's shape).
    return c.json(
      {
        error: 'busy',
        code: 'busy',
        message: `Serveur local occupé : réessayez dans ${err.retryAfterSeconds} s`,
      },
      503,
    );
  }
  // Nobody reads this answer: the client closed the connection (nginx's "client closed request").
  if (err instanceof AbandonedRequestError) return c.body(null, 499 as never);
  return null;
}

/** The same request with its body read into memory (GET and HEAD unchanged). */
export async function bufferedRequest(raw: Request): Promise<Request> {
  if (raw.method === 'GET' || raw.method === 'HEAD' || raw.body === null) return raw;
  const body = await raw.arrayBuffer();
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body,
    signal: raw.signal,
  });
}
