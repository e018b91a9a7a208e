// Lite 0.10 opens every API request's transaction with one statement per setting: four or five
// `select set_config(...)` for the caller (role, JWT subject, role claim, storage operation, claims)
// and five more for an RPC (response status and headers, method, path, request headers). With the
// BEGIN, the call, the response-settings read and the COMMIT, an RPC took 13 statements; on a
// PostgreSQL server each is a round trip holding a pooled connection (the backend's CPU profile
// with 100 users pushing: writes to PostgreSQL's socket 16.3% of its samples, 12.7% after), and on
// PGlite each is a turn of the single session every request waits for.
//
// `fuseRequestContext` sends the same settings, same values, same transaction-local scope and same
// order, in one statement: for an RPC, the caller's and the request's together (5 statements an
// RPC); elsewhere, the caller's. PostgREST does the same in one `select set_config(...), ...`.
// The rest of lite's request path is unchanged; tests/server/request-context.test.ts compares every
// setting with lite's own methods.
//
// How the RPC's two become one: lite's withContext(ctx, fn, { rpc }) sets the caller's settings,
// then the request's, on the same transaction, then runs fn. The caller's statement is kept for the
// request's statement to carry (a WeakMap by transaction); and fn is wrapped so that, should
// anything else come between (another lite version), the kept statement is sent on its own before
// fn runs: the call never runs without the caller's settings.
import type { Connection } from '@supabase/lite';

type Ctx = {
  auth?: { role?: string; uid?: unknown; jwt?: unknown };
  storage?: { operation?: unknown };
};
type Rpc = { method: string; path: string; requestHeaders?: unknown };
/** What kysely runs: its public CompiledQuery shape (a raw SQL node with positional parameters). */
type Executor = { executeQuery(query: unknown): Promise<unknown> };

type LiteContextMethods = {
  applyJwtSessionContext(db: Executor, ctx: Ctx, customRole: boolean): Promise<void>;
  applyRpcRequestGucs(db: Executor, rpc: Rpc): Promise<void>;
  withContext(
    ctx: unknown,
    fn: (db: Executor) => unknown,
    opts?: { rpc?: unknown; transaction?: unknown },
  ): unknown;
};
type Statement = { sql: string; params: unknown[] };

const run = (db: Executor, sql: string, parameters: unknown[]) =>
  db.executeQuery({
    sql,
    parameters,
    query: { kind: 'RawNode', sqlFragments: [sql], parameters: [] },
    queryId: { queryId: 'bf-request-context' },
  });

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const CALLER_SQL =
  "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)," +
  " set_config('request.jwt.claim.role', $1, true), set_config('storage.operation', $3, true)";
const WITH_CLAIMS = ", set_config('request.jwt.claims', $4, true)";
const CLAIMS_SQL = "select set_config('request.jwt.claims', $1, true)";
/** An RPC's settings, their parameters numbered after the `n` of the caller's statement. */
const rpcSettings = (n: number) =>
  `set_config('response.status', '', true), set_config('response.headers', '', true),` +
  ` set_config('request.method', $${n + 1}, true), set_config('request.path', $${n + 2}, true),` +
  ` set_config('request.headers', $${n + 3}, true)`;

/**
 * Every statement text this module sends (settings only: their answers are never read), for the
 * driver to pipeline them with the next statement (server/db/pg-pipeline.ts).
 */
export const REQUEST_SETTINGS_STATEMENTS: ReadonlySet<string> = new Set([
  CALLER_SQL,
  CALLER_SQL + WITH_CLAIMS,
  CLAIMS_SQL,
  `select ${rpcSettings(0)}`,
  `${CALLER_SQL}, ${rpcSettings(3)}`,
  `${CALLER_SQL + WITH_CLAIMS}, ${rpcSettings(4)}`,
]);

/** Request contexts of an RPC in a transaction of its own (marked by the withContext wrapper). */
const rpcContexts = new WeakSet<object>();
/** The caller's statement, kept by transaction for the RPC's statement to carry. */
const keptCallerSettings = new WeakMap<Executor, Statement>();

/** Sends the caller's statement kept for `db` on its own, if the RPC's did not carry it. */
async function flushCallerSettings(db: Executor) {
  const kept = keptCallerSettings.get(db);
  if (!kept) return;
  keptCallerSettings.delete(db);
  await run(db, kept.sql, kept.params);
}

/** The caller's settings, in lite's order: one statement (two for a custom database role). */
export async function applyCallerSettings(db: Executor, ctx: Ctx, customRole: boolean) {
  const role = ctx.auth?.role || 'anon';
  const jwt = ctx.auth?.jwt;
  const claims = jwt && typeof jwt === 'object' ? JSON.stringify(jwt) : null;
  const params = [role, String(ctx.auth?.uid ?? ''), String(ctx.storage?.operation ?? '')];
  let sql = CALLER_SQL;
  if (customRole) {
    // lite runs SET LOCAL ROLE between these settings and the claims: kept as it is.
    await run(db, sql, params);
    await run(db, `set local role ${quoteIdent(role)}`, []);
    if (claims !== null) await run(db, CLAIMS_SQL, [claims]);
    return;
  }
  if (claims !== null) {
    sql += WITH_CLAIMS;
    params.push(claims);
  }
  // The mark serves once: this RPC transaction's caller settings, nothing after.
  if (rpcContexts.delete(ctx)) {
    keptCallerSettings.set(db, { sql, params });
    return;
  }
  await run(db, sql, params);
}

/**
 * An RPC's request settings (PostgREST's GUCs), in lite's order: one statement, after the caller's
 * settings when they were kept for it (the same order as two statements: PostgreSQL evaluates a
 * select list from left to right).
 */
export async function applyRpcSettings(db: Executor, rpc: Rpc) {
  const caller = keptCallerSettings.get(db);
  keptCallerSettings.delete(db);
  const own = rpcSettings(caller?.params.length ?? 0);
  await run(db, caller ? `${caller.sql}, ${own}` : `select ${own}`, [
    ...(caller?.params ?? []),
    rpc.method,
    rpc.path,
    JSON.stringify(rpc.requestHeaders ?? {}),
  ]);
}

/**
 * Replaces lite's two context methods on this connection. Lite's own are kept when they are not
 * the ones this was written against (another version): the request path then works as lite wrote
 * it, only slower, and the test that counts statements fails.
 */
export function fuseRequestContext(connection: Connection): boolean {
  const c = connection as unknown as LiteContextMethods;
  if (
    typeof c.applyJwtSessionContext !== 'function' ||
    c.applyJwtSessionContext.length !== 3 ||
    typeof c.applyRpcRequestGucs !== 'function' ||
    c.applyRpcRequestGucs.length !== 2 ||
    typeof c.withContext !== 'function' ||
    c.withContext.length !== 3
  )
    return false;
  c.applyJwtSessionContext = applyCallerSettings;
  c.applyRpcRequestGucs = applyRpcSettings;
  const withContext = c.withContext;
  c.withContext = async function (this: unknown, ctx, fn, opts) {
    if (!ctx || typeof ctx !== 'object') return withContext.call(this, ctx, fn, opts);
    // Anything but an RPC in a transaction of its own (with `transaction`, an outer one, lite sets
    // the caller's settings only): they are sent as they come.
    if (!opts?.rpc || opts.transaction) {
      rpcContexts.delete(ctx);
      return withContext.call(this, ctx, fn, opts);
    }
    rpcContexts.add(ctx);
    try {
      return await withContext.call(
        this,
        ctx,
        async (db: Executor) => {
          await flushCallerSettings(db);
          return fn(db);
        },
        opts,
      );
    } finally {
      rpcContexts.delete(ctx);
    }
  };
  return true;
}
