// The API's JSON answers compressed by Accept-Encoding (server/http/compress.ts), read with node:http
// (no transparent decompression): brotli preferred, gzip otherwise, refused encodings (q=0)
// honoured, nothing under 8 KB, never /auth/v1 (tokens: BREACH), never a HEAD; the decompressed
// body is the uncompressed answer byte for byte.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES } from '../../server/http/compress';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { backend } from './helpers';

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${backend.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

let A: ConfirmedUser;
const ZERO = '00000000-0000-0000-0000-000000000000';
const pullBody = JSON.stringify({
  p_cursors: { training_requests: { version: 0, id: ZERO } },
  p_limit: 1000,
});
const pull = (acceptEncoding?: string, method = 'POST', body = pullBody) =>
  raw(
    method,
    '/rest/v1/rpc/sync_pull_many',
    {
      apikey: backend.anonKey,
      authorization: `Bearer ${A.accessToken}`,
      'content-type': 'application/json',
      // The app's origin, as the browser sends it.
      origin: 'http://127.0.0.1:4173',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
    method === 'POST' ? body : undefined,
  );

beforeAll(async () => {
  A = await createConfirmedUser(backend);
  const mutations = Array.from({ length: 40 }, (_, i) =>
    trainingInsertMutation(A.id, { topic: `Formation ${i}` }),
  );
  const pushed = await A.client.rpc('sync_push', { p_device_id: 'gz', p_mutations: mutations });
  expect(pushed.error).toBeNull();
});

describe('compressed API answers', () => {
  it('brotli when accepted, gzip otherwise; the body decompresses to the plain answer', async () => {
    const plain = await pull();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    const pages = (b: Buffer) => (JSON.parse(b.toString('utf8')) as { pages: unknown }).pages;

    const br = await pull('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(pages(brotliDecompressSync(br.body))).toEqual(pages(plain.body));

    const gz = await pull('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(pages(gunzipSync(gz.body))).toEqual(pages(plain.body));
    // CORS headers the browser needs are still there.
    expect(gz.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4173');
  });

  it('an encoding refused with q=0 is not used; identity alone gets the plain body', async () => {
    expect((await pull('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await pull('br;q=0, gzip;q=0.0')).headers['content-encoding']).toBeUndefined();
    expect((await pull('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('an answer under 8 KB is sent as is', async () => {
    const res = await pull(
      'br, gzip',
      'POST',
      JSON.stringify({ p_cursors: { team_surveys: { version: 0, id: ZERO } }, p_limit: 10 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ more: false });
  });

  it('/auth/v1 answers (they carry tokens) are never compressed', async () => {
    const res = await raw(
      'POST',
      '/auth/v1/token?grant_type=password',
      {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip',
      },
      JSON.stringify({ email: A.email, password: A.password }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveProperty('access_token');
  });

  it('errors are still JSON the client reads (compressed or not), and a HEAD has no body', async () => {
    const denied = await raw(
      'POST',
      '/rest/v1/rpc/sync_pull_many',
      { apikey: backend.anonKey, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      pullBody,
    );
    expect(denied.status).toBeGreaterThanOrEqual(400);
    expect(denied.status).toBeLessThan(500);
    const text =
      denied.headers['content-encoding'] === 'gzip'
        ? gunzipSync(denied.body).toString('utf8')
        : denied.body.toString('utf8');
    expect(() => JSON.parse(text)).not.toThrow();
    const head = await raw('HEAD', '/rest/v1/training_requests?select=id', {
      apikey: backend.anonKey,
      authorization: `Bearer ${A.accessToken}`,
      'accept-encoding': 'br, gzip',
    });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});
