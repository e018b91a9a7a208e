// /functions/v1/<name>: JWT verified by the router (401), unknown names 404, dispatch to the handlers
// of supabase/functions/<name>/handler.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { functionsArea, loadFunctionHandlers } from '../../server/apis/functions';
import { areaApp } from '../../server/http/route-table';
import type { FunctionHandler } from '../../supabase/functions/_shared/function-handler';
import { createConfirmedUser } from '../../server/testing/backend';
import { backend } from './helpers';

const SECRET = 'test-secret-test-secret-test-secret-1234';
const sign = (claims: Record<string, unknown>, secret = SECRET, exp = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

const echo: FunctionHandler = async (req, ctx) => ({
  status: 200,
  body: { method: req.method, body: req.body, userId: ctx.userId },
});
const teapot: FunctionHandler = async () => ({
  status: 418,
  body: { error: 'teapot', message: 'Je suis une théière' },
});

describe('functions router (unit)', () => {
  const app = areaApp(
    functionsArea({
      jwtSecret: SECRET,
      handlers: { echo, teapot },
      apiUrl: 'http://api',
    }),
  );
  const call = (name: string, token: string | null, body = '{"a":1}') =>
    app.request(`/${name}`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('dispatches with the verified user id and the parsed body', async () => {
    const res = await call('echo', await sign({ role: 'authenticated', sub: 'user-1' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'POST', body: { a: 1 }, userId: 'user-1' });
    expect((await call('teapot', await sign({ role: 'authenticated', sub: 'u' }))).status).toBe(
      418,
    );
  });

  it('401 without a valid user token: none, anon key, other secret, expired, no subject', async () => {
    for (const token of [
      null,
      'pas-un-jwt',
      await sign({ role: 'anon' }),
      await sign({ role: 'service_role' }),
      await sign({ role: 'authenticated', sub: 'u' }, 'another-secret-another-secret-another-1'),
      await sign({ role: 'authenticated', sub: 'u' }, SECRET, '-1m'),
      await sign({ role: 'authenticated' }),
    ]) {
      const res = await call('echo', token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('404 for an unknown name (after authentication), 400 for a malformed body', async () => {
    const token = await sign({ role: 'authenticated', sub: 'u' });
    for (const name of ['nope', 'toString', '__proto__', '../etc', 'a'.repeat(100)]) {
      const res = await call(name, token);
      expect(res.status, name).toBe(404);
    }
    expect((await call('nope', null)).status).toBe(401);
    expect((await call('echo', token, '{oops')).status).toBe(400);
  });
});

describe('handler discovery', () => {
  it('loads supabase/functions/<name>/handler.ts exporting handle, skipping _shared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'functions-'));
    mkdirSync(join(dir, 'hello'));
    writeFileSync(
      join(dir, 'hello', 'handler.ts'),
      'export const handle = async () => ({ status: 200, body: { ok: true } });\n',
    );
    mkdirSync(join(dir, '_shared'));
    writeFileSync(join(dir, '_shared', 'handler.ts'), 'export const handle = 1;\n');
    mkdirSync(join(dir, 'no-handler'));
    const handlers = await loadFunctionHandlers(dir);
    expect(Object.keys(handlers)).toEqual(['hello']);
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'handler.ts'), 'export const nothing = 1;\n');
    await expect(loadFunctionHandlers(dir)).rejects.toThrow(/must export "handle"/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('functions on the running backend', () => {
  it('401 without a user token, 404 for an unknown function with one', async () => {
    const url = `${backend.url}/functions/v1/fonction-inconnue`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect(
      (
        await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${backend.anonKey}` },
        })
      ).status,
    ).toBe(401);
    const user = await createConfirmedUser(backend);
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, apikey: backend.anonKey },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
    const viaClient = await user.client.functions.invoke('fonction-inconnue', { body: {} });
    expect(viaClient.error).not.toBeNull();
  });
});
