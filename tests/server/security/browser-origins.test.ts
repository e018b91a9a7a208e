// Issue 28 item 1: any web page could read and write every local user's data. From any origin,
// `/rest/v1/profiles?select=*` with the demo service key printed in .env.example answered 200 with
// every profile and `Access-Control-Allow-Origin: *`, PATCH too; with no Host allow-list, DNS
// rebinding read /_mailbox and called the admin API. Now a local install has its own keys (the
// demo ones are refused unless set explicitly), only the app's origins may call the API, never with
// the service role, and the API answers only to its own host names.
import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../server/start/config';
import { createConfirmedUser } from '../../../server/testing/backend';
import { backend } from '../helpers';

const APP = 'http://127.0.0.1:4173';
const EVIL = 'http://evil.example';

const get = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${backend.url}${path}`, { ...init, headers });

/** A request with a Host header of our choice (a DNS-rebinding page sends the attacker's name). */
function withHost(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: url.hostname, port: url.port, path, headers: { ...headers, host } },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const service = { apikey: backend.serviceKey, authorization: `Bearer ${backend.serviceKey}` };

describe("a web page cannot reach a local install's data", () => {
  it("the demo keys of .env.example are not this install's keys", async () => {
    expect(backend.anonKey).not.toBe(LOCAL_ANON_KEY);
    expect(backend.serviceKey).not.toBe(LOCAL_SERVICE_ROLE_KEY);
    const res = await get('/rest/v1/profiles?select=*', {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
    });
    expect(res.status).toBe(401);
  });

  it("the issue's request from another origin is refused, reads and writes alike", async () => {
    await createConfirmedUser(backend);
    const read = await get('/rest/v1/profiles?select=*', { ...service, origin: EVIL });
    expect(read.status).toBe(403);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(await read.json()).toMatchObject({ code: 'origin_not_allowed' });
    const write = await get(
      '/rest/v1/profiles?id=not.is.null',
      { ...service, origin: EVIL, 'content-type': 'application/json' },
      { method: 'PATCH', body: JSON.stringify({ contact_name: 'pirate' }) },
    );
    expect(write.status).toBe(403);
    // The anon key from another origin, a `null` origin (sandboxed frame, file://): refused too.
    for (const origin of [EVIL, 'null', 'http://127.0.0.1:4173.evil.example']) {
      const res = await get('/rest/v1/rpc/get_public_survey', {
        apikey: backend.anonKey,
        origin,
        'content-type': 'application/json',
      });
      expect(res.status, origin).toBe(403);
    }
  });

  it('the service role is never accepted from a browser, even from the app origin', async () => {
    for (const headers of [
      { ...service, origin: APP },
      { apikey: backend.anonKey, authorization: `Bearer ${backend.serviceKey}`, origin: APP },
    ]) {
      const res = await get('/rest/v1/profiles?select=id', headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'service_role_from_browser' });
    }
    const inQuery = await get(`/auth/v1/admin/users?apikey=${backend.serviceKey}`, { origin: APP });
    expect(inQuery.status).toBe(403);
    // The honest paths: the service key from a server (no Origin), the anon key from the app.
    expect((await get('/rest/v1/profiles?select=id&limit=1', service)).status).toBe(200);
    const app = await get('/rest/v1/rpc/profile_exists_for_email', {
      apikey: backend.anonKey,
      origin: APP,
    });
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('vary')).toMatch(/origin/i);
  });

  it('CORS names the calling app origin, never *; a server-side answer carries no CORS header', async () => {
    for (const origin of [APP, 'http://localhost:4173', 'http://localhost:5173']) {
      const res = await get('/auth/v1/settings', { apikey: backend.anonKey, origin });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
    }
    const plain = await get('/auth/v1/settings', { apikey: backend.anonKey });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('preflights: the app origin is allowed (and Private Network Access answered), others not', async () => {
    const preflight = (origin: string, extra: Record<string, string> = {}) =>
      fetch(`${backend.url}/rest/v1/profiles`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'apikey, authorization',
          ...extra,
        },
      });
    const pna = { 'access-control-request-private-network': 'true' };
    const ok = await preflight(APP, pna);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ok.headers.get('access-control-allow-private-network')).toBe('true');
    expect((await preflight(APP)).headers.get('access-control-allow-private-network')).toBeNull();
    const evil = await preflight(EVIL, pna);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('DNS rebinding: a foreign host name is refused on the mailbox, the admin API and REST', async () => {
    const port = new URL(backend.url).port;
    for (const path of ['/_mailbox/api/messages', '/auth/v1/admin/users', '/rest/v1/profiles']) {
      const res = await withHost(path, `evil.example:${port}`, service);
      expect(res.status, path).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'host_not_allowed' });
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await withHost('/_mailbox/api/messages', host);
      expect(res.status, host).toBe(200);
    }
    // The mailbox page calling its own API (same origin) still works.
    const own = await get('/_mailbox/api/messages', { origin: backend.url });
    expect(own.status).toBe(200);
  });

  it('Realtime: a foreign host or origin cannot open a websocket; the app can', async () => {
    const port = new URL(backend.url).port;
    const open = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(
          `ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=1.0.0`,
          { headers },
        );
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
    expect(await open({ host: `evil.example:${port}` })).toBe(403);
    expect(await open({ origin: EVIL })).toBe(403);
    expect(await open({ origin: APP })).toBe(101);
  });
});
