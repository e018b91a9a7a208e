// Compression of the API's JSON answers, as hosted Supabase's edge compresses them: brotli or gzip
// by Accept-Encoding (server/http/static.ts pickEncoding), for answers of at least 8 KB. A pull page of
// 1,000 training requests is ~700 KB of JSON; brotli at quality 4 makes it ~35 KB in ~2 ms (on a
// phone's link, what counts is the bytes). The work runs on libuv's thread pool (zlib's async
// calls), not on the event loop.
//
// Not for /auth/v1: its answers carry tokens next to what the caller sent (e-mail, metadata), and
// compressing a secret beside attacker-chosen text leaks it through the size (BREACH); they are
// small anyway. Not for event streams (text/event-stream: each event must leave when written).
//
// Written here rather than with hono/compress: that one compresses only when the answer gives a
// Content-Length (lite's answers do not, so every tiny answer would be a gzip stream), has no
// brotli, and no compression level.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { pickEncoding } from './static';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON (PostgREST's vnd.pgrst.object+json included), plain text and CSV. */
const COMPRESSIBLE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/(?:plain|csv))\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/**
 * Answers under 8 KB are sent as they are: on a 3G link (1.6 Mbit/s, 560 ms round trip) compressing
 * them would save under 40 ms of a ~600 ms request, for ~0.3 ms of the server's CPU each (brotli or
 * gzip set-up dominates at that size), on the machine that also runs the database. A push's answer
 * (a line per mutation) is a few KB; a pull page is up to ~700 KB.
 */
export const MIN_COMPRESS_BYTES = 8 * 1024;

function addVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === 'HEAD' ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(res.headers.get('content-type') ?? '') ||
      NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')
    )
      return;
    const headers = new Headers(res.headers);
    addVary(headers);
    const encoding = pickEncoding(c.req.header('accept-encoding') ?? null);
    const raw = Buffer.from(await res.arrayBuffer());
    let body: Buffer = raw;
    if (encoding && raw.length >= MIN_COMPRESS_BYTES) {
      body =
        encoding === 'br'
          ? await brotli(raw, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : await gzipAsync(raw, { level: 6 });
      headers.set('content-encoding', encoding);
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    headers.set('content-length', String(body.length));
    // Hono's setter copies the previous answer's headers over the new one's: set ours after it.
    c.res = new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
    for (const name of ['content-length', 'content-encoding', 'vary', 'etag']) {
      const value = headers.get(name);
      if (value !== null) c.res.headers.set(name, value);
    }
  };
}
