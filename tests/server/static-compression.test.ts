// The app server compresses text formats as a static host would (brotli or gzip by
// Accept-Encoding), with per-encoding ETags and Vary, and leaves binary formats alone.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, staticAppHandler } from '../../server/http/static';

const dist = mkdtempSync(join(tmpdir(), 'bf-static-'));
mkdirSync(join(dist, 'assets'));
const js = `export const message = ${JSON.stringify('Bonjour '.repeat(2000))};\n`;
writeFileSync(join(dist, 'assets', 'app-abc.js'), js);
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html lang="fr"><body>${'<p>x</p>'.repeat(300)}</body></html>`,
);
const png = Buffer.alloc(4096, 7);
writeFileSync(join(dist, 'logo.png'), png);
const serve = staticAppHandler(dist);
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  serve(new Request(`http://127.0.0.1:4173${path}`, { headers, method }));

describe('static app server compression', () => {
  it('serves brotli when accepted, and the body decompresses to the file', async () => {
    const res = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(js.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(js);
  });

  it('falls back to gzip, then to the raw file', async () => {
    const gz = await get('/assets/app-abc.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const raw = await get('/assets/app-abc.js');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(js);
  });

  it('compresses the SPA fallback too, and gives each encoding its own ETag', async () => {
    const br = await get('/dashboard', { 'accept-encoding': 'br' });
    const plain = await get('/dashboard');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const revalidated = await get('/dashboard', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.get('etag')!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('leaves images alone and sends no body for HEAD', async () => {
    const image = await get('/logo.png', { 'accept-encoding': 'br' });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const head = await get('/assets/app-abc.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.body).toBeNull();
  });

  it.each([
    ['br', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['identity', null],
    [null, null],
    ['BR', 'br'],
  ])('Accept-Encoding %s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
