// The embedded backend: @supabase/lite (auth + PostgREST-compatible data API) over PGlite on disk or
// a PostgreSQL server, plus what lite 0.10 lacks and the app needs (see docs/backend.md):
//  - legacy JWT api keys (anon / service_role) mapped to roles (keys.ts),
//  - a local mailbox as lite's e-mail driver (mailbox.ts),
//  - GoTrue's service-role admin API for users (admin-users.ts),
//  - /functions/v1/<name> (functions.ts), the budget API and the company registry (budget-api.ts,
//    registry.ts), local helper pages (local-pages.ts), ISO timestamps in /rest/v1 responses,
//  - Realtime's /realtime/v1/websocket for private Broadcast channels (realtime/).
import './telemetry-off';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { App } from '@supabase/lite';
import { PROJECT_ROOT, type BackendConfig } from './config';
import { acquireDataDirLock, dbFromConnection, type Db } from '../db/db';
import { applyMigrations, listMigrationFiles } from '../db/migrations';
import { Mailbox, mailboxArea } from '../auth/mailbox';
import { apiKeyResolver, bearerToken } from '../auth/keys';
import { adminUsersArea } from '../auth/admin-users';
import { mountArea, type BackendEnv } from '../http/route-table';
import { compressAnswers } from '../http/compress';
import { API_EXPOSED_HEADERS, jsonError } from '../http/common';
import { originGuard, originPolicy, upgradeRefusal } from '../auth/origin-guard';
import { withResolvedSecrets } from './secrets';
import { budgetApiArea } from '../apis/budget-api';
import { registryArea } from '../apis/registry';
import {
  discoverFunctionHandlers,
  functionsArea,
  registryFromMap,
  type FunctionHandlers,
} from '../apis/functions';
import { localPagesRoutes } from '../apis/local-pages';
import { seedReferenceData } from '../db/seed/seed';
import { normalizeRestTimestamps } from '../http/timestamps';
import { patchErrorMapping } from '../db/pg-errors';
import { fuseRequestContext, REQUEST_SETTINGS_STATEMENTS } from '../db/request-context';
import { prepareStatements } from '../db/pg-prepared';
import { warmedPglite } from '../db/pglite-warmup';
import { extensionsCreatedBy, openWithExtensions } from '../db/pglite-extensions';
import { jsonDepthGuard, scalarColumnGuard } from '../http/json-guard';
import { assertSafeExposure, isJwtWithoutExpiry } from './exposure';
import { authGuardArea } from '../auth/guard';
import { authBodies, authBodyLimit } from '../auth/bodies';
import { VerifyAttempts, verifyAttemptsGuard } from '../auth/attempts';
import { passwordStrengthGuard } from '../auth/strength';
import { deferredAwareThrottle, uniformAnswers } from '../auth/uniform-answers';
import { ACCOUNT_LOOKUP_PATH, accountLookupThrottle } from '../auth/account-lookup';
import { redirectGuard } from '../auth/redirects';
import { LiveSessions, liveSessionGuard } from '../auth/sessions';
import { FrenchMailer } from '../auth/mailer';
import { installPasswordHashing } from '../auth/password-hashing';
import { Registrations } from '../auth/registration';
import { ConfirmationLinks } from '../auth/confirmation-links';
import { SignUps } from '../auth/sign-up';
import { EmailChanges } from '../auth/email-change';
import { AuthThrottle } from '../auth/throttle';
import { startRealtime, type RealtimeEndpoint } from '../realtime';
import { startPruning } from '../db/prune';
import { startStatistics } from '../db/statistics';
import { pipelineStatements } from '../db/pg-pipeline';
import { pgUrlOptions } from '../db/pg-url';
import { singleFlightRlsProvisioning } from '../db/rls-provisioning';
import { bufferedRequest, queueErrorResponse, requestScopeMiddleware } from '../http/queue-http';
import { requestScope } from '../db/session-queue';

export type Backend = {
  config: BackendConfig;
  db: Db;
  lite: App;
  mailbox: Mailbox;
  /** Handles one API request (the HTTP listener and in-process tests call it). */
  fetch(request: Request, peerAddress?: string | null): Promise<Response>;
  /** Realtime: the listener hands it every HTTP upgrade (websocket) request. */
  realtime: RealtimeEndpoint;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Milliseconds spent in each start phase. */
  timings: Record<string, number>;
  /** Imports every function handler now (else each is imported on its first call). */
  preloadFunctions(): Promise<void>;
  close(): Promise<void>;
};

export type CreateBackendOptions = {
  /** Function handlers (default: discovered in supabase/functions/<name>/handler.ts). */
  functions?: FunctionHandlers;
  log?: (line: string) => void;
};

/**
 * postgres.js options. Lite 0.10 passes JSON values as text and its json/jsonb serializers
 * JSON.stringify them again: on a PostgreSQL server every jsonb parameter (auth metadata, RPC
 * arguments) was stored as a JSON *string*. PGlite keeps text as is; so do these serializers.
 */
export function postgresOptions(max: number) {
  const serialize = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return {
    max,
    onnotice: () => {},
    types: {
      json: { to: 114, from: [114], serialize, parse: (v: string) => JSON.parse(v) as unknown },
      jsonb: { to: 3802, from: [3802], serialize, parse: (v: string) => JSON.parse(v) as unknown },
    },
  };
}

async function openConnection(config: BackendConfig) {
  if (config.databaseUrl) {
    const { createPostgresConnection } = await import('@supabase/lite/postgres');
    const { url, options } = pgUrlOptions(config.databaseUrl);
    const connection = await createPostgresConnection({
      url,
      postgresOptions: { ...postgresOptions(10), ...options },
    });
    prepareStatements(connection);
    pipelineStatements(connection, (text) => REQUEST_SETTINGS_STATEMENTS.has(text));
    return connection;
  }
  const { createPgliteConnection } = await import('@supabase/lite/pglite');
  const artifacts = await warmedPglite();
  const needed = extensionsCreatedBy(listMigrationFiles(config.migrationsDir).map((f) => f.sql));
  return openWithExtensions(
    () =>
      createPgliteConnection({
        url: join(config.dataDir, 'pgdata'),
        ...(artifacts ? { pgliteOptions: artifacts } : {}),
      }),
    needed,
  );
}

/**
 * lite.fetch() answers /auth/v1 and /rest/v1 without CORS headers (its own listener adds them).
 * The origin guard (origin-guard.ts) names the calling origin on every answer; here only the answer
 * headers a browser may read, as hosted Supabase exposes them.
 */
async function withApiCors(pending: Response | Promise<Response>): Promise<Response> {
  const res = await pending;
  if (res.headers.has('access-control-expose-headers')) return res;
  const headers = new Headers(res.headers);
  headers.set('access-control-expose-headers', API_EXPOSED_HEADERS);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** A bearer JWT without `exp`: GoTrue's 403 bad_jwt under /auth, PostgREST's 401 elsewhere. */
function tokenWithoutExpiry(request: Request): Response {
  const auth = new URL(request.url).pathname.startsWith('/auth/');
  const body = auth
    ? { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT: token has no expiry (exp claim)' }
    : { code: 'PGRST301', message: 'JWT has no expiry (exp claim)', details: null, hint: null };
  return new Response(JSON.stringify(body), {
    status: auth ? 403 : 401,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'access-control-expose-headers': API_EXPOSED_HEADERS,
    },
  });
}

export async function createBackend(
  configured: BackendConfig,
  options: CreateBackendOptions = {},
): Promise<Backend> {
  // The environment's secrets, else the data folder's own (generated on the first start).
  const { config } = await withResolvedSecrets(configured);
  const log = options.log ?? ((l: string) => (config.quiet ? undefined : console.log(l)));
  const timings: Record<string, number> = {};
  let t = performance.now();
  const mark = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };

  // Demo secret or open mailbox on a non-loopback address, keys not signed with the secret: refused.
  await assertSafeExposure(config);
  const releaseLock = config.databaseUrl ? () => {} : await acquireDataDirLock(config.dataDir);
  try {
    const connection = await openConnection(config);
    patchErrorMapping(connection);
    fuseRequestContext(connection);
    const provisionRls = singleFlightRlsProvisioning(connection);
    const db = dbFromConnection(connection, { maxQueueWaitMs: config.queueMaxWaitMs });
    mark('open');

    const mailbox = new Mailbox({
      print: config.printEmails,
      file: config.databaseUrl ? null : join(config.dataDir, 'mailbox.json'),
      log,
      // Verification links: lite builds them on site_url (the app); the API serves /auth/v1/verify.
      rewrite: (s) => s.split(`${config.siteUrl}/auth/v1/`).join(`${apiOrigin(config)}/auth/v1/`),
    });

    const lite = new App({
      connection,
      auth: {
        enabled: true,
        jwt_secret: config.jwtSecret,
        jwt_expiry: config.jwtExpiry,
        site_url: config.siteUrl,
        additional_redirect_urls: config.redirectUrls,
        minimum_password_length: 8,
        enable_signup: true,
        email: {
          enable_signup: true,
          enable_confirmations: true,
          // E-mail intervals are enforced in front of lite (auth/throttle.ts).
          max_frequency: '1s',
        },
      },
      studio: { enabled: false },
      options: {
        server: {
          admin: false,
          disableStudio: true,
          apiKeys: { resolver: apiKeyResolver(config) },
        },
        drivers: { email: mailbox },
      },
    } as unknown as ConstructorParameters<typeof App>[0]) as unknown as App;
    if (lite.adminMode) throw new Error('lite admin mode must be off');
    // Hashing on worker threads; French e-mails (subject, HTML, text) landing where they should.
    const hashPool = installPasswordHashing();
    const mailer = new FrenchMailer({
      driver: mailbox,
      apiOrigin: apiOrigin(config),
      siteUrl: config.siteUrl,
      redirectUrls: config.redirectUrls,
      templatesDir: config.templatesDir,
    });
    (lite as unknown as { _mailer: FrenchMailer })._mailer = mailer;
    const throttle = new AuthThrottle(config.authLimits);
    // Registrations, links and the guard see the first pass of a deferred request
    // (uniform-answers.ts): what it spent or recorded is not spent or refused a second time.
    const onceThrottle = deferredAwareThrottle(throttle);
    const registrations = new Registrations(db);
    const links = new ConfirmationLinks(db, mailer, onceThrottle, registrations.lock, log);
    const signUps = new SignUps(db, mailer, onceThrottle, registrations.lock, hashPool, links);
    const emailChanges = new EmailChanges(db, mailer, onceThrottle);
    const verifyAttempts = new VerifyAttempts(db, config.authLimits);

    await ensureLiteSystemSchema(db, lite);
    mark('systemSchema');
    await applyMigrations(db, config.migrationsDir);
    mark('migrations');
    if (config.seed) {
      const seeded = await seedReferenceData(db, config.dataFilesDir, { log });
      if (seeded.length) log(`[backend] reference data loaded: ${seeded.join(', ')}`);
    }
    mark('seed');
    await db.serialize(() => lite.init());
    if (db.kind === 'postgres') await provisionRls();
    mark('liteInit');
    // Live sessions: an ended session is refused on REST, functions and Realtime at once.
    const sessions = new LiveSessions(db);
    await sessions.start();
    const realtime = await startRealtime({ db, keys: config, log, sessions });
    mark('realtime');

    const functionHandlers = options.functions
      ? registryFromMap(options.functions)
      : discoverFunctionHandlers(config.functionsDir);
    mark('functions');

    // PGlite has no autovacuum: the planner's statistics are kept here (PostgreSQL keeps its own).
    const statistics = db.kind === 'pglite' ? startStatistics(db, { log }) : null;

    const api = new Hono<BackendEnv>();
    // Host allow-list, allowed origins only, never the service role from a browser (item 1).
    const policy = originPolicy(config);
    api.use('*', originGuard(policy, config));
    api.use('*', requestScopeMiddleware());
    if (statistics) {
      api.use('*', async (c, next) => {
        await next();
        const method = c.req.method;
        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
        // Outside the request's scope: the check is the server's own work, not this request's.
        requestScope.exit(() => statistics.wrote());
      });
    }
    api.onError((err, c) => {
      const refused = queueErrorResponse(err, c);
      if (refused) return refused;
      // Always reported, even when quiet: a 500 is a bug.
      console.error(
        `[backend] ${c.req.method} ${new URL(c.req.url).pathname}: ${(err as Error).stack ?? String(err)}`,
      );
      return jsonError(c, 500, 'internal_error', 'Erreur interne du serveur local');
    });
    api.use(
      '*',
      bodyLimit({
        maxSize: config.maxBodyBytes,
        onError: (c) => {
          // The rest of the body is not read: the client must not reuse this connection.
          c.header('connection', 'close');
          return jsonError(
            c,
            413,
            'payload_too_large',
            `Corps de requête trop volumineux (max ${config.maxBodyBytes} octets)`,
          );
        },
      }),
    );
    // Auth bodies are small (metadata: 16 KiB): a larger one is refused before it is read.
    api.use('/auth/v1/*', authBodyLimit());
    // JSON nested deeper than any body of the app: 400 before anything recurses into it.
    api.use('*', jsonDepthGuard());
    // JSON answers compressed by Accept-Encoding (server/http/compress.ts; not /auth/v1: tokens).
    for (const path of ['/rest/v1/*', '/registry/*', '/public/*', '/functions/v1/*'])
      api.use(path, compressAnswers());
    api.use(
      '/rest/v1/*',
      scalarColumnGuard((sql) => db.query(sql)),
    );
    api.use('/rest/v1/*', liveSessionGuard(sessions, config.jwtSecret, 'rest'));
    api.use('/functions/v1/*', liveSessionGuard(sessions, config.jwtSecret, 'functions'));
    api.use('/auth/v1/*', liveSessionGuard(sessions, config.jwtSecret, 'auth'));
    // /auth/v1: redirect targets by origin, then every body checked with zod (issue 28 items 6, 7).
    api.use('/auth/v1/*', redirectGuard(config.redirectUrls));
    api.use('/auth/v1/*', authBodies());
    // Verification failures counted per target address, whatever the client (item 3).
    api.use('/auth/v1/*', verifyAttemptsGuard(verifyAttempts, config.siteUrl));
    // New passwords through the strength estimator, then the same answer for every address on
    // the routes that send e-mails, the real work after it (item 8).
    const peer = (c: Context) =>
      (c.env as { peerAddress?: string | null } | undefined)?.peerAddress ?? null;
    api.use('/auth/v1/*', passwordStrengthGuard({ jwtSecret: config.jwtSecret, throttle, peer }));
    const uniform = uniformAnswers({
      db,
      throttle,
      log,
      dispatch: (request, from) => Promise.resolve(api.fetch(request, { peerAddress: from })),
    });
    api.use('/auth/v1/*', uniform.middleware);
    // The mailbox lists an address's e-mails once the work of its last request is done.
    api.use('/_mailbox/api/messages', async (c, next) => {
      const to = c.req.query('to');
      if (to) await uniform.settled(to);
      return next();
    });
    api.use(ACCOUNT_LOOKUP_PATH, accountLookupThrottle(throttle, peer));
    // lite itself: every /auth/v1 and /rest/v1 request that gets past our routes.
    const liteFetch = async (request: Request, peerAddress: string | null) => {
      // Lite verifies bearer tokens without requiring `exp`: a never-expiring token is refused here.
      const bearer = bearerToken(request);
      if (bearer && isJwtWithoutExpiry(bearer)) return tokenWithoutExpiry(request);
      // Read the body before queueing: a slow upload must not hold PGlite's session.
      const buffered = await bufferedRequest(request);
      const res = await db.serialize(() => lite.fetch(buffered, { peerAddress }));
      return withApiCors(normalizeRestTimestamps(request, res));
    };

    mountArea(api, mailboxArea(mailbox, { mode: config.mailbox, token: config.mailboxToken }));
    mountArea(
      api,
      authGuardArea({
        db,
        pool: hashPool,
        throttle: onceThrottle,
        registrations,
        signUps,
        emailChanges,
        refreshReuseIntervalSeconds: config.refreshReuseIntervalSeconds,
        forward: (request, peer) => liteFetch(request, peer),
      }),
    );
    mountArea(api, adminUsersArea({ db, keys: config, mailbox }));
    mountArea(
      api,
      budgetApiArea({ db, apiKey: config.budgetApiKey, sampleRules: config.budgetSampleRules }),
    );
    mountArea(api, registryArea({ db, settings: config.registry, log }));
    mountArea(
      api,
      functionsArea({
        jwtSecret: config.jwtSecret,
        handlers: functionHandlers,
        apiUrl: apiOrigin(config),
      }),
    );
    api.route('/_local', localPagesRoutes());
    // lite's introspection/config endpoints are not part of the Supabase API surface.
    api.all('/_system/*', (c) => jsonError(c, 404, 'not_found', 'Not found'));
    api.get('/', (c) =>
      c.json({
        name: 'Budget Formation — backend local',
        auth: '/auth/v1',
        rest: '/rest/v1',
        functions: '/functions/v1',
        realtime: '/realtime/v1',
        budgetApi: '/public',
        registry: '/registry/v2',
        mailbox: '/_mailbox',
      }),
    );
    // CORS preflights (lite.fetch() answers them wrongly) are answered by the origin guard.
    api.all('*', (c) => liteFetch(c.req.raw, c.env?.peerAddress ?? null));

    // Applied-mutation records past their retention, on a timer (hosted: the pg_cron job).
    const pruner = startPruning(db, { log });

    let closed = false;
    return {
      config,
      db,
      lite,
      mailbox,
      timings,
      preloadFunctions: () => functionHandlers.preload(),
      fetch: (request, peerAddress = null) => Promise.resolve(api.fetch(request, { peerAddress })),
      realtime,
      upgrade: (req, socket, head) => {
        socket.on('error', () => socket.destroy());
        void upgradeRefusal(req, policy, config).then((code) => {
          if (!code) return realtime.handleUpgrade(req, socket, head);
          const body = JSON.stringify({ code, error_code: code });
          socket.end(
            `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          );
        });
      },
      async close() {
        if (closed) return;
        closed = true;
        links.close();
        mailbox.flush();
        try {
          await pruner.stop();
          await statistics?.stop();
          await realtime.close();
          await sessions.close();
          await db.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (e) {
    releaseLock();
    throw e;
  }
}

const LITE_VERSION = (
  JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'node_modules', '@supabase', 'lite', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

/**
 * Lite's auth / migration-history schemas, provisioned once per lite version: re-running it on
 * every start costs ~0.6 s on PGlite (catalog writes), most of a cold start.
 */
async function ensureLiteSystemSchema(db: Db, lite: App): Promise<void> {
  const marker = `lite ${LITE_VERSION}`;
  try {
    const [row] = await db.query<{ value: string }>(
      "select value from supabase_migrations.embedded_backend where key = 'system_schema'",
    );
    if (row?.value === marker) return;
  } catch {
    /* first start: the table does not exist yet */
  }
  await db.serialize(() => lite.ensureSystemSchema());
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.embedded_backend (key text primary key, value text not null);`);
  await db.query(
    `insert into supabase_migrations.embedded_backend (key, value) values ('system_schema', $1)
     on conflict (key) do update set value = excluded.value`,
    [marker],
  );
}

export function apiOrigin(config: Pick<BackendConfig, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
