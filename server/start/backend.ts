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
import { App } from '@supabase/lite';
import { PROJECT_ROOT, type BackendConfig } from './config';
import { apiOrigin } from './api-origin';
import { buildApi } from './api';
import { authServices, type AuthServices } from './auth-services';
import { withResolvedSecrets } from './secrets';
import { startOps } from './ops';
import {
  assertDataFolderSound,
  holdsDatabase,
  markDataFolder,
  openFailure,
} from '../db/storage/data-folder';
import { assertSafeExposure } from './exposure';
import { acquireDataDirLock, dbFromConnection, type Db } from '../db/db';
import { applyMigrations, listMigrationFiles } from '../db/migrations';
import { seedReferenceData } from '../db/seed/seed';
import { patchErrorMapping } from '../db/pg-errors';
import { fuseRequestContext, REQUEST_SETTINGS_STATEMENTS } from '../db/request-context';
import { prepareStatements } from '../db/pg-prepared';
import { warmedPglite } from '../db/pglite-warmup';
import { extensionsCreatedBy, openWithExtensions } from '../db/pglite-extensions';
import { startPruning } from '../db/prune';
import { startStatistics } from '../db/statistics';
import { pipelineStatements } from '../db/pg-pipeline';
import { pgUrlOptions } from '../db/pg-url';
import { singleFlightRlsProvisioning } from '../db/rls-provisioning';
import { Mailbox } from '../auth/mailbox';
import { apiKeyResolver } from '../auth/keys';
import { originPolicy, upgradeRefusal, type OriginPolicy } from '../auth/origin-guard';
import { LiveSessions } from '../auth/sessions';
import type { RouteEntry } from '../http/route-table';
import { startRealtime, type RealtimeEndpoint } from '../realtime';
import {
  discoverFunctionHandlers,
  registryFromMap,
  type FunctionHandlers,
} from '../apis/functions';

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
  /** The route table: every area's routes, who may call them (server/http/route-table.ts). */
  routes: RouteEntry[];
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

function startTimings() {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const mark = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  return { timings, mark };
}

/** The local mailbox: lite's e-mail driver, its links on the API's /auth/v1/verify. */
function localMailbox(config: BackendConfig, log: (line: string) => void): Mailbox {
  return new Mailbox({
    print: config.printEmails,
    file: config.databaseUrl ? null : join(config.dataDir, 'mailbox.json'),
    log,
    // Verification links: lite builds them on site_url (the app); the API serves /auth/v1/verify.
    rewrite: (s) => s.split(`${config.siteUrl}/auth/v1/`).join(`${apiOrigin(config)}/auth/v1/`),
  });
}

type LiteConnection = Awaited<ReturnType<typeof openConnection>>;

function createLite(config: BackendConfig, connection: LiteConnection, mailbox: Mailbox): App {
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
  return lite;
}

/** lite's system schema, the migrations, the reference data, lite's own start. */
async function prepareDatabase(
  config: BackendConfig,
  db: Db,
  lite: App,
  provisionRls: () => Promise<void>,
  log: (line: string) => void,
  mark: (name: string) => void,
) {
  await ensureLiteSystemSchema(db, lite);
  mark('systemSchema');
  await applyMigrations(db, config.migrationsDir);
  // The folder holds a database from now on: a missing one later is damage (data-folder.ts).
  if (!config.databaseUrl) markDataFolder(config.dataDir);
  mark('migrations');
  if (config.seed) {
    const seeded = await seedReferenceData(db, config.dataFilesDir, { log });
    if (seeded.length) log(`[backend] reference data loaded: ${seeded.join(', ')}`);
  }
  mark('seed');
  await db.serialize(() => lite.init());
  if (db.kind === 'postgres') await provisionRls();
  mark('liteInit');
}

/** Realtime's websockets, after the origin guard's checks. */
function upgradeHandler(realtime: RealtimeEndpoint, policy: OriginPolicy, config: BackendConfig) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    void upgradeRefusal(req, policy, config).then((code) => {
      if (!code) return realtime.handleUpgrade(req, socket, head);
      const body = JSON.stringify({ code, error_code: code });
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
  };
}

/** Everything createBackend started, stopped in order, the data folder released last. */
function closer(parts: {
  auth: AuthServices;
  mailbox: Mailbox;
  jobs: { stop(): Promise<void> }[];
  realtime: RealtimeEndpoint;
  sessions: LiveSessions;
  db: Db;
  releaseLock: () => void;
}) {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    parts.auth.links.close();
    parts.mailbox.flush();
    try {
      for (const job of parts.jobs) await job.stop();
      await parts.realtime.close();
      await parts.sessions.close();
      await parts.db.close();
    } finally {
      parts.releaseLock();
    }
  };
}

export async function createBackend(
  configured: BackendConfig,
  options: CreateBackendOptions = {},
): Promise<Backend> {
  // The environment's secrets, else the data folder's own (generated on the first start).
  const { config } = await withResolvedSecrets(configured);
  const log = options.log ?? ((l: string) => (config.quiet ? undefined : console.log(l)));
  const { timings, mark } = startTimings();
  // Demo secret or open mailbox on a non-loopback address, keys not signed with the secret: refused.
  await assertSafeExposure(config);
  const releaseLock = config.databaseUrl ? () => {} : await acquireDataDirLock(config.dataDir);
  try {
    // A damaged folder is refused before PGlite could run initdb over it (db/storage/data-folder.ts).
    const existing = !config.databaseUrl && holdsDatabase(config.dataDir);
    if (!config.databaseUrl) assertDataFolderSound(config.dataDir);
    const connection = await openConnection(config).catch((e: unknown) => {
      throw existing ? openFailure(config.dataDir, e) : e;
    });
    patchErrorMapping(connection);
    fuseRequestContext(connection);
    const provisionRls = singleFlightRlsProvisioning(connection);
    const db = dbFromConnection(connection, { maxQueueWaitMs: config.queueMaxWaitMs });
    mark('open');
    const mailbox = localMailbox(config, log);
    const lite = createLite(config, connection, mailbox);
    const auth = authServices(config, db, lite, mailbox, log);
    await prepareDatabase(config, db, lite, provisionRls, log, mark);
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
    // Host allow-list, allowed origins only, never the service role from a browser (issue 28).
    const policy = originPolicy(config);
    // Metrics, backups (service role only) and the full-disk guard (./ops, issue 32).
    const ops = startOps({ db, connection, config, log });
    const parts = { config, log, db, lite, mailbox, auth, sessions, statistics, policy, ops };
    const { api, routes } = buildApi({ ...parts, functionHandlers });
    // Applied-mutation records past their retention, on a timer (hosted: the pg_cron job).
    const pruner = startPruning(db, { log });
    const opsJob = { stop: () => Promise.resolve(ops.stop()) };
    const jobs = statistics ? [opsJob, pruner, statistics] : [opsJob, pruner];
    return {
      config,
      db,
      lite,
      mailbox,
      timings,
      routes,
      preloadFunctions: () => functionHandlers.preload(),
      fetch: (request, peerAddress = null) => Promise.resolve(api.fetch(request, { peerAddress })),
      realtime,
      upgrade: upgradeHandler(realtime, policy, config),
      close: closer({ auth, mailbox, jobs, realtime, sessions, db, releaseLock }),
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

export { apiOrigin } from './api-origin';
