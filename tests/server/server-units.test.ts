// Units of server/: static app server, data-folder lock, port errors, PostgREST error mapping,
// timestamps, configuration; and the backend's own routes (root, /_system, body limit, local pages).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadConfig,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from '../../server/start/config';
import { acquireDataDirLock, DataDirLockedError } from '../../server/db/db';
import { keyRole } from '../../server/auth/keys';
import { freePort, listen, PortInUseError } from '../../server/start/listen';
import { postgrestStatus, toPostgrestError } from '../../server/db/pg-errors';
import { staticAppHandler } from '../../server/http/static';
import { isoTimestamp, normalizeValue } from '../../server/http/timestamps';
import { backend } from './helpers';

const tmp: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tmp.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

describe('static app server (npm start)', () => {
  const dist = tempDir('dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'survey.html'), '<!doctype html><title>survey</title>');
  writeFileSync(join(dist, 'rechercher-entreprise.html'), '<!doctype html><title>step 1</title>');
  writeFileSync(join(dist, 'sw.js'), 'self;');
  writeFileSync(join(dist, 'registerSW.js'), 'reg;');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(join(dist, 'icon.png'), 'png');
  const serve = staticAppHandler(dist);
  const get = (path: string, init: RequestInit = {}) =>
    serve(new Request(`http://app${path}`, init));

  it('content types and cache policies', async () => {
    const cases: [string, RegExp, string][] = [
      ['/', /text\/html/, 'no-cache'],
      ['/index.html', /text\/html/, 'no-cache'],
      ['/sw.js', /text\/javascript/, 'no-cache'],
      ['/registerSW.js', /text\/javascript/, 'no-cache'],
      ['/manifest.webmanifest', /application\/manifest\+json/, 'no-cache'],
      ['/assets/index-abc123.js', /text\/javascript/, 'public, max-age=31536000, immutable'],
      ['/assets/index-abc123.css', /text\/css/, 'public, max-age=31536000, immutable'],
      ['/icon.png', /image\/png/, 'no-cache'],
    ];
    for (const [path, type, cache] of cases) {
      const res = get(path === '/' ? '/index.html' : path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(type);
      expect(res.headers.get('cache-control')).toBe(cache);
    }
  });

  it('SPA fallback for client routes, never for /assets misses', async () => {
    const route = get('/dashboard/companies?x=1');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(get('/assets/missing-123.js').status).toBe(404);
  });

  it('the public survey gets its own page (survey.html) under /survey, the app elsewhere', async () => {
    const id = '5f2b1c3e-8a4d-4e6f-9b1a-2c3d4e5f6a7b';
    for (const path of [
      `/survey/${id}`,
      `/survey/${id}/`,
      `/survey/${id}?utm=mail`,
      '/survey',
      '/survey/',
      '/survey/abc/def',
    ]) {
      const res = get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<title>survey</title>');
    }
    expect(get(`/survey/${id}`, { method: 'HEAD' }).status).toBe(200);
    for (const path of ['/', '/dashboard', `/survey-results/${id}`, '/surveys', '/team-survey']) {
      const res = get(path === '/' ? '/index.html' : path);
      expect(await res.text(), path).toContain('<title>app</title>');
    }
    expect(await get('/survey.html').text()).toContain('<title>survey</title>');
    expect(get('/assets/survey-missing.js').status).toBe(404);
  });

  it('the prerendered first screen (rechercher-entreprise.html) for /rechercher-entreprise exactly, index.html elsewhere', async () => {
    for (const path of [
      '/rechercher-entreprise',
      '/rechercher-entreprise?ref=x',
      '/rechercher-entreprise?ref=abc&utm_source=mail',
    ]) {
      const res = get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<title>step 1</title>');
    }
    expect(get('/rechercher-entreprise', { method: 'HEAD' }).status).toBe(200);
    for (const path of [
      '/',
      '/rechercher-entreprise/',
      '/rechercher-entreprise/x',
      '/rechercher-entreprises',
      '/informations-entreprise',
      '/creer-compte',
      '/login',
      '/dashboard',
    ]) {
      const res = get(path === '/' ? '/index.html' : path);
      expect(await res.text(), path).toContain('<title>app</title>');
    }
  });

  it('a build without rechercher-entreprise.html serves index.html for /rechercher-entreprise', async () => {
    const old = tempDir('dist-old-');
    writeFileSync(join(old, 'index.html'), '<!doctype html><title>app</title>');
    const res = staticAppHandler(old)(new Request('http://app/rechercher-entreprise?ref=x'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('a build without survey.html serves the app for /survey/* (its own /survey/:id route)', async () => {
    const old = tempDir('dist-old-');
    writeFileSync(join(old, 'index.html'), '<!doctype html><title>app</title>');
    const res = staticAppHandler(old)(new Request('http://app/survey/abc'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
  });

  it('no path traversal, GET/HEAD only, conditional requests', async () => {
    const res = get('/../../../../etc/passwd');
    expect(await res.text()).not.toContain('root:');
    expect(get('/%2e%2e/%2e%2e/etc/passwd').status).not.toBe(500);
    expect(get('/index.html', { method: 'POST' }).status).toBe(405);
    const head = get('/sw.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const etag = get('/sw.js').headers.get('etag')!;
    expect(get('/sw.js', { headers: { 'if-none-match': etag } }).status).toBe(304);
  });
});

describe('data folder lock', () => {
  it('refuses a second opener, replaces a stale lock', async () => {
    const dir = tempDir('lock-');
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    release();
    writeFileSync(join(dir, 'backend.lock'), '999999999');
    const again = await acquireDataDirLock(dir);
    again();
  });
});

describe('ports', () => {
  it('a taken port gives a clear error naming the variable', async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    await expect(listen(() => new Response('x'), '127.0.0.1', port, 'PORT')).rejects.toThrow(
      PortInUseError,
    );
    await expect(listen(() => new Response('x'), '127.0.0.1', port, 'PORT')).rejects.toThrow(
      /PORT=/,
    );
    await new Promise<void>((r) => blocker.close(() => r()));
  });
});

describe('PostgREST error mapping', () => {
  it('statuses of SQLSTATEs lite does not map', () => {
    expect(postgrestStatus('P0001')).toBe(400);
    expect(postgrestStatus('23514')).toBe(400);
    expect(postgrestStatus('23P01')).toBe(409);
    expect(postgrestStatus('40001')).toBe(409);
    expect(postgrestStatus('XX000')).toBe(500);
  });
  it('turns a raised business error into the PGRST form lite renders verbatim', () => {
    const mapped = toPostgrestError({ code: 'P0001', message: 'company_limit', detail: 'x' }) as {
      code: string;
      message: string;
      detail: string;
    };
    expect(mapped.code).toBe('PGRST');
    expect(JSON.parse(mapped.message)).toEqual({
      code: 'P0001',
      message: 'company_limit',
      details: 'x',
      hint: null,
    });
    expect(JSON.parse(mapped.detail)).toEqual({ status: 400, headers: {} });
    const lite = { code: '42501', message: 'rls' };
    expect(toPostgrestError(lite)).toBe(lite);
  });
});

describe('timestamps', () => {
  it('Postgres text to ISO 8601', () => {
    expect(isoTimestamp('2026-11-22 10:12:53+00')).toBe('2026-11-22T10:12:53+00:00');
    expect(isoTimestamp('2026-11-22 10:12:53.123456+05:30')).toBe(
      '2026-11-22T10:12:53.123456+05:30',
    );
    expect(isoTimestamp('2026-11-22')).toBe('2026-11-22');
    expect(normalizeValue({ a: ['2026-11-22 10:12:53+00', 'texte'], b: 3 })).toEqual({
      a: ['2026-11-22T10:12:53+00:00', 'texte'],
      b: 3,
    });
  });
});

describe('configuration and keys', () => {
  it('Supabase local defaults, overridable by environment', async () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 54321,
      appPort: 4173,
      budgetApiKey: 'local-static-key',
      databaseUrl: null,
    });
    // No secret in the environment: none in the configuration (the data folder's, at start).
    expect([c.jwtSecret, c.anonKey, c.serviceKey]).toEqual(['', '', '']);
    // The demo values are honoured when set explicitly.
    const demo = loadConfig({
      SUPABASE_JWT_SECRET: LOCAL_JWT_SECRET,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(await keyRole(LOCAL_ANON_KEY, demo)).toBe('anon');
    expect(await keyRole(LOCAL_SERVICE_ROLE_KEY, demo)).toBe('service_role');
    const o = loadConfig({
      PORT: '6000',
      APP_PORT: '6001',
      LITE_DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://x',
      BUDGET_API_KEY: 'k',
    });
    expect(o).toMatchObject({
      port: 6000,
      appPort: 6001,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://x',
      budgetApiKey: 'k',
    });
    expect(o.corsOrigins).toContain('http://127.0.0.1:6001');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow();
  });
});

describe('backend routes', () => {
  it('root index, lite internals hidden, body limit on lite routes', async () => {
    expect(await (await fetch(`${backend.url}/`)).json()).toMatchObject({
      mailbox: '/_mailbox',
      registry: '/registry/v2',
    });
    for (const path of ['/_system/info', '/_system/config', '/_system/introspect']) {
      expect((await fetch(`${backend.url}${path}`)).status).toBe(404);
    }
    const big = await fetch(`${backend.url}/rest/v1/simulations`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ company_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('local helper pages: labelled, frameable, reading their query', async () => {
    for (const path of [
      '/_local/scheduler',
      '/_local/scheduler?type=leads',
      '/_local/budget-form?email=a%40b.fr&idcc=1486&employes=1-10&budget=3000&phone_number=0612345678',
      '/_local/contact',
    ]) {
      const res = await fetch(`${backend.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('x-frame-options')).toBeNull();
      const html = await res.text();
      expect(html).toContain('lang="fr"');
      expect(html).toContain('Données d’exemple / environnement local');
    }
    const form = await (await fetch(`${backend.url}/_local/budget-form`)).text();
    for (const field of ['email', 'idcc', 'employes', 'budget', 'phone_number'])
      expect(form).toContain(`name="${field}"`);
    expect(await (await fetch(`${backend.url}/_local/scheduler?type=leads`)).text()).toContain(
      'Prendre rendez-vous avec notre équipe',
    );
  });

  it("serves each advisor's calendar (the booking modal's address) and tells the parent it is shown", async () => {
    // Issue 16 item 1: the modal asks /_local/scheduler/<advisor>; it was a 404.
    for (const advisor of ['claire-dubois', 'thomas-lefevre', 'nadia-benali', 'julien-moreau']) {
      const res = await fetch(`${backend.url}/_local/scheduler/${advisor}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-frame-options')).toBeNull();
      const html = await res.text();
      expect(html).toContain('Rendez-vous conseiller (30 min)');
      expect(html).toContain("type: 'local-scheduler:ready'");
    }
    for (const bad of ['Claire', 'a%2Fb', '-x', 'a_b', '%3Cscript%3E', 'x'.repeat(65)]) {
      expect((await fetch(`${backend.url}/_local/scheduler/${bad}`)).status).toBe(404);
    }
    expect(await (await fetch(`${backend.url}/_local/budget-form`)).text()).toContain(
      "type: 'local-budget-form:ready'",
    );
  });
});
