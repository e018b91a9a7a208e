// The API of the embedded backend as one Hono app: the middleware every request passes (origin
// guard, session queue, body limits, JSON guards, compression), the auth middleware in front of
// lite's /auth/v1, then the route table (server/http/route-table.ts: each area's routes, who may
// call them), then lite for every /auth/v1 and /rest/v1 request left.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { App } from '@supabase/lite';
import type { BackendConfig } from './config';
import { apiOrigin } from './api-origin';
import type { Db } from '../db/db';
import { requestScope } from '../db/session-queue';
import type { StatisticsKeeper } from '../db/statistics';
import { mailboxArea, type Mailbox } from '../auth/mailbox';
import { bearerToken } from '../auth/keys';
import { adminUsersArea } from '../auth/admin-users';
import { originGuard, type OriginPolicy } from '../auth/origin-guard';
import { authGuardArea } from '../auth/guard';
import { authBodies, authBodyLimit } from '../auth/bodies';
import { verifyAttemptsGuard } from '../auth/attempts';
import { passwordStrengthGuard } from '../auth/strength';
import { uniformAnswers } from '../auth/uniform-answers';
import { ACCOUNT_LOOKUP_PATH, accountLookupThrottle } from '../auth/account-lookup';
import { redirectGuard } from '../auth/redirects';
import { liveSessionGuard, type LiveSessions } from '../auth/sessions';
import type { AuthServices } from './auth-services';
import {
  mountArea,
  routeEntries,
  type BackendEnv,
  type RouteArea,
  type RouteEntry,
} from '../http/route-table';
import { compressAnswers } from '../http/compress';
import { API_EXPOSED_HEADERS, jsonError } from '../http/common';
import { jsonDepthGuard, scalarColumnGuard } from '../http/json-guard';
import { normalizeRestTimestamps } from '../http/timestamps';
import { bufferedRequest, queueErrorResponse, requestScopeMiddleware } from '../http/queue-http';
import { budgetApiArea } from '../apis/budget-api';
import { registryArea } from '../apis/registry';
import { functionsArea, type FunctionRegistry } from '../apis/functions';
import { localPagesRoutes } from '../apis/local-pages';
import { isJwtWithoutExpiry } from './exposure';
import type { Ops } from './ops';
import { diskSpaceGuard } from '../db/storage/disk-space';

/** What the API is made of (createBackend builds them). */
export type ApiParts = {
  config: BackendConfig;
  log: (line: string) => void;
  db: Db;
  lite: App;
  mailbox: Mailbox;
  auth: AuthServices;
  sessions: LiveSessions;
  statistics: StatisticsKeeper | null;
  policy: OriginPolicy;
  functionHandlers: FunctionRegistry;
  /** Metrics, backups (service role only) and the full-disk guard (issue 32, ./ops). */
  ops: Ops;
};

type LiteFetch = (request: Request, peerAddress: string | null) => Promise<Response>;

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

/** The middleware every request passes, in order. */
function commonMiddleware(api: Hono<BackendEnv>, { config, policy, statistics, ops }: ApiParts) {
  api.use('*', originGuard(policy, config));
  api.use('*', requestScopeMiddleware());
  // A disk short of space: writes answered 503 + Retry-After before the database is touched.
  if (ops.disk) api.use('*', diskSpaceGuard(ops.disk));
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
}

/** In front of lite's /auth/v1 (issue 28): sizes, sessions, redirects, bodies, attempts, strength,
 * the same answers for every address. */
function authMiddleware(api: Hono<BackendEnv>, { config, db, log, sessions, auth }: ApiParts) {
  const { throttle, verifyAttempts } = auth;
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
}

/** lite itself: every /auth/v1 and /rest/v1 request that gets past our routes. */
function liteForwarder({ db, lite }: ApiParts): LiteFetch {
  return async (request, peerAddress) => {
    // Lite verifies bearer tokens without requiring `exp`: a never-expiring token is refused here.
    const bearer = bearerToken(request);
    if (bearer && isJwtWithoutExpiry(bearer)) return tokenWithoutExpiry(request);
    // Read the body before queueing: a slow upload must not hold PGlite's session.
    const buffered = await bufferedRequest(request);
    const res = await db.serialize(() => lite.fetch(buffered, { peerAddress }));
    return withApiCors(normalizeRestTimestamps(request, res));
  };
}

/** The route table: every area, in the order they are matched. */
function backendAreas(p: ApiParts, liteFetch: LiteFetch): RouteArea[] {
  const { config, db, log, mailbox, auth } = p;
  return [
    mailboxArea(mailbox, { mode: config.mailbox, token: config.mailboxToken }),
    authGuardArea({
      db,
      pool: auth.hashPool,
      throttle: auth.onceThrottle,
      registrations: auth.registrations,
      signUps: auth.signUps,
      emailChanges: auth.emailChanges,
      refreshReuseIntervalSeconds: config.refreshReuseIntervalSeconds,
      forward: (request, peer) => liteFetch(request, peer),
    }),
    adminUsersArea({ db, keys: config, mailbox }),
    budgetApiArea({ db, apiKey: config.budgetApiKey, sampleRules: config.budgetSampleRules }),
    registryArea({ db, settings: config.registry, log }),
    functionsArea({
      jwtSecret: config.jwtSecret,
      handlers: p.functionHandlers,
      apiUrl: apiOrigin(config),
    }),
  ];
}

/** The API app and its route table as data. */
export function buildApi(p: ApiParts): { api: Hono<BackendEnv>; routes: RouteEntry[] } {
  const api = new Hono<BackendEnv>();
  commonMiddleware(api, p);
  authMiddleware(api, p);
  const liteFetch = liteForwarder(p);
  const areas = backendAreas(p, liteFetch);
  for (const area of areas) mountArea(api, area);
  api.route('/_local', localPagesRoutes());
  api.route('/_ops', p.ops.routes);
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
  return { api, routes: routeEntries(areas) };
}
