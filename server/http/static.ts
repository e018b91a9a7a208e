// Static server of the built PWA (dist/) for `npm start`: correct content types, survey.html (the
// public survey's lean entry) for /survey and /survey/*, the prerendered first screen
// (rechercher-entreprise.html) for /rechercher-entreprise, SPA fallback to index.html for the other
// client routes (never for /assets/* misses, which are 404), no-cache for the files
// that must be revalidated (index.html, sw.js, manifest.webmanifest, registerSW*), long-lived
// immutable caching for the hashed /assets/*.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
};

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

// Compression, as any static host does it: brotli or gzip by Accept-Encoding, for text formats
// (the app's JS, CSS, HTML, manifest, SVG, JSON datasets). Each file version is compressed once
// and kept in memory (bounded); images and fonts are already compressed.
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
type Encoding = 'br' | 'gzip';
const compressed = new Map<string, Buffer>();
let cachedBytes = 0;

export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

function compressedBody(file: string, version: string, encoding: Encoding): Buffer {
  const key = `${encoding}:${file}:${version}`;
  const hit = compressed.get(key);
  if (hit) return hit;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 9 });
  if (cachedBytes + body.length > MAX_CACHE_BYTES) {
    compressed.clear();
    cachedBytes = 0;
  }
  compressed.set(key, body);
  cachedBytes += body.length;
  return body;
}

function fileResponse(req: Request, file: string, urlPath: string, status = 200): Response {
  const st = statSync(file);
  const version = `${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}`;
  const type = contentType(file);
  const encoding =
    COMPRESSIBLE.test(type) && st.size >= MIN_COMPRESS_BYTES
      ? pickEncoding(req.headers.get('accept-encoding'))
      : null;
  const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
  const headers = new Headers({
    'content-type': type,
    'cache-control': cacheControl(urlPath),
    etag,
    'last-modified': st.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  if (COMPRESSIBLE.test(type)) headers.set('vary', 'accept-encoding');
  if (status === 200 && req.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });
  if (encoding) {
    const body = compressedBody(file, version, encoding);
    headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.length));
    return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }
  headers.set('content-length', String(st.size));
  if (req.method === 'HEAD') return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream;
  return new Response(body, { status, headers });
}

/** The public survey's addresses (/survey, /survey/{id}): answered with survey.html. */
export const SURVEY_PAGE_PATH = /^\/survey(?:\/|$)/;

/**
 * The visitor's first screen, prerendered at build time (vite.prerender.ts): its address, exactly
 * (a query string such as ?ref= is allowed), is answered with its own HTML file, which paints the
 * screen before the JavaScript runs. A build without that file gets index.html (same screen).
 */
export const PRERENDERED_PAGES: ReadonlyMap<string, string> = new Map([
  ['/rechercher-entreprise', 'rechercher-entreprise.html'],
]);

export function staticAppHandler(distDir: string): (req: Request) => Response {
  const root = resolve(distDir);
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Méthode non autorisée', {
        status: 405,
        headers: { allow: 'GET, HEAD' },
      });
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url).pathname);
    } catch {
      return new Response('Requête invalide', { status: 400 });
    }
    if (urlPath.includes('\0')) return new Response('Requête invalide', { status: 400 });
    const file = resolve(join(root, normalize(urlPath)));
    if (file !== root && !file.startsWith(root + sep))
      return new Response('Interdit', { status: 403 });
    if (existsSync(file) && statSync(file).isFile()) return fileResponse(req, file, urlPath);
    if (urlPath.startsWith('/assets/')) {
      return new Response('Fichier introuvable', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
      });
    }
    if (SURVEY_PAGE_PATH.test(urlPath)) {
      const survey = join(root, 'survey.html');
      if (existsSync(survey)) return fileResponse(req, survey, '/survey.html');
    }
    const prerendered = PRERENDERED_PAGES.get(urlPath);
    if (prerendered && existsSync(join(root, prerendered)))
      return fileResponse(req, join(root, prerendered), `/${prerendered}`);
    const index = join(root, 'index.html');
    if (!existsSync(index))
      return new Response("L'application n'est pas construite (dist/index.html manquant)", {
        status: 503,
      });
    // SPA fallback: client-side routes get index.html.
    return fileResponse(req, index, '/index.html');
  };
}
