// Issue 14 item 10: the embedded backend outside loopback. /_mailbox (every confirmation and recovery
// link) was served to anyone on the API port and the public demo JWT secret let anyone mint a
// service_role token; tokens without `exp` were accepted. Now start-up on a non-loopback address is
// refused while the demo secret or the open mailbox is in force (French message saying what to
// set), the mailbox can require a token, and tokens without `exp` are refused everywhere.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  loadConfig,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
  PROJECT_ROOT,
} from '../../../server/start/config';
import { exposureProblems, isLoopbackHost } from '../../../server/start/exposure';
import { withResolvedSecrets } from '../../../server/start/secrets';
import { freePort } from '../../../server/start/listen';
import { Mailbox, mailboxArea } from '../../../server/auth/mailbox';
import { areaApp } from '../../../server/http/route-table';
import { createConfirmedUser } from '../../../server/testing/backend';
import { backend } from '../helpers';

const sign = (claims: Record<string, unknown>, secret: string, exp: boolean) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (exp) jwt.setExpirationTime('1h');
  return jwt.sign(new TextEncoder().encode(secret));
};

describe('the embedded backend outside loopback', () => {
  it('refuses to listen on a non-loopback address with the demo secret or the open mailbox, saying what to set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bf-exposed-'));
    try {
      const child = spawn(process.execPath, ['server/start/start.mjs'], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          HOST: '0.0.0.0',
          PORT: String(await freePort()),
          LITE_DATA_DIR: dataDir,
          // The public demo values, set explicitly (unset, the data folder's own are generated).
          SUPABASE_JWT_SECRET: LOCAL_JWT_SECRET,
          SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
          SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain("refuse d'écouter sur 0.0.0.0");
      expect(output).toContain('SUPABASE_JWT_SECRET');
      expect(output).toContain('MAILBOX_TOKEN');
      expect(output).not.toContain('prêt en');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('accepts a non-loopback address once a real secret, its keys and a mailbox token are set', async () => {
    const secret = 'un-secret-de-production-de-plus-de-32-caracteres';
    const env = {
      HOST: '0.0.0.0',
      SUPABASE_JWT_SECRET: secret,
      SUPABASE_ANON_KEY: await sign({ role: 'anon' }, secret, true),
      SUPABASE_SERVICE_ROLE_KEY: await sign({ role: 'service_role' }, secret, true),
    };
    expect(await exposureProblems(loadConfig(env))).toHaveLength(3); // mailbox still open
    expect(await exposureProblems(loadConfig({ ...env, MAILBOX_TOKEN: 'jeton-secret' }))).toEqual(
      [],
    );
    expect(await exposureProblems(loadConfig({ ...env, MAILBOX: 'off' }))).toEqual([]);
    // Keys without exp, or not signed with the secret: refused on any address.
    const noExp = {
      ...env,
      HOST: '127.0.0.1',
      SUPABASE_ANON_KEY: await sign({ role: 'anon' }, secret, false),
    };
    expect((await exposureProblems(loadConfig(noExp))).join()).toContain('SUPABASE_ANON_KEY');
    // The defaults on loopback: the data folder's own keys.
    const dataDir = mkdtempSync(join(tmpdir(), 'bf-exposed-keys-'));
    try {
      const { config } = await withResolvedSecrets(loadConfig({ LITE_DATA_DIR: dataDir }));
      expect(await exposureProblems(config)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(['127.0.0.1', '127.5.0.1', '::1', '[::1]', 'localhost'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(['0.0.0.0', '::', '192.168.1.10', 'example.org'].some(isLoopbackHost)).toBe(false);
  });

  it('a mailbox with MAILBOX_TOKEN answers only with the token; MAILBOX=off serves nothing', async () => {
    const mailbox = new Mailbox({ print: false, file: null });
    await mailbox.send({
      to: 'a@b.fr',
      subject: 'Lien',
      text: 'http://x/auth/v1/verify?t=1',
      html: '',
    });
    const guarded = areaApp(mailboxArea(mailbox, { mode: 'token', token: 'jeton-secret' }));
    expect((await guarded.request('/api/messages')).status).toBe(401);
    expect((await guarded.request('/api/messages?token=mauvais')).status).toBe(401);
    expect((await guarded.request('/api/messages?token=jeton-secret')).status).toBe(200);
    const bearer = await guarded.request('/', {
      headers: { authorization: 'Bearer jeton-secret' },
    });
    expect(bearer.status).toBe(200);
    const off = areaApp(mailboxArea(mailbox, { mode: 'off', token: null }));
    expect((await off.request('/api/messages')).status).toBe(404);
  });
});

describe('tokens without exp', () => {
  it('are refused as API keys, bearer tokens of lite, of the functions and of the admin API', async () => {
    const user = await createConfirmedUser(backend);
    const service = await sign(
      { role: 'service_role', iss: 'supabase-demo' },
      backend.jwtSecret,
      false,
    );
    const userToken = await sign(
      { role: 'authenticated', sub: user.id, aud: 'authenticated' },
      backend.jwtSecret,
      false,
    );
    const get = (path: string, apikey: string, bearer: string) =>
      fetch(`${backend.url}${path}`, { headers: { apikey, authorization: `Bearer ${bearer}` } });

    expect((await get('/rest/v1/profiles?select=id', service, service)).status).toBe(401);
    expect((await get('/auth/v1/admin/users', service, service)).status).toBeGreaterThanOrEqual(
      401,
    );
    expect((await get('/rest/v1/profiles?select=id', backend.anonKey, userToken)).status).toBe(401);
    expect((await get('/auth/v1/user', backend.anonKey, userToken)).status).toBe(403);
    const fn = await fetch(`${backend.url}/functions/v1/estimate-training`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${userToken}` },
      body: '{}',
    });
    expect(fn.status).toBe(401);

    // The honest path: the same claims with an expiry work.
    const withExp = await sign(
      { role: 'authenticated', sub: user.id, aud: 'authenticated' },
      backend.jwtSecret,
      true,
    );
    const own = await get('/rest/v1/profiles?select=id', backend.anonKey, withExp);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual([{ id: user.id }]);
  });
});
