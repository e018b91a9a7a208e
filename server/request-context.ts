// Lite 0.10 opens every API request's transaction with one statement per setting: four or five
// `select set_config(...)` for the caller (role, JWT subject, role claim, storage operation, claims)
// and five more for an RPC (response status and headers, method, path, request headers). With the
// BEGIN, the call, the response-settings read and the COMMIT, an RPC took 13 statements; on a
// PostgreSQL server each is a round trip holding a pooled connection (the backend's CPU profile
// with 100 users pushing: writes to PostgreSQL's socket 16.3% of its samples, 12.7% after), and on
// PGlite each is a turn of the single session every request waits for.
//
// `fuseRequestContext` sends the same settings, same values, same transaction-local scope and same
// order, in one statement each (caller, then RPC request): 6 statements an RPC. PostgREST does the
// same in one `select set_config(...), set_config(...)`. The rest of lite's request path is
// unchanged; tests/server/request-context.test.ts compares every setting with lite's own methods.
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
};

const run = (db: Executor, sql: string, parameters: unknown[]) =>
  db.executeQuery({
    sql,
    parameters,
    query: { kind: 'RawNode', sqlFragments: [sql], parameters: [] },
    queryId: { queryId: 'bf-request-context' },
  });

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The caller's settings, in lite's order: one statement (two for a custom database role). */
export async function applyCallerSettings(db: Executor, ctx: Ctx, customRole: boolean) {
  const role = ctx.auth?.role || 'anon';
  const jwt = ctx.auth?.jwt;
  const claims = jwt && typeof jwt === 'object' ? JSON.stringify(jwt) : null;
  const params = [role, String(ctx.auth?.uid ?? ''), String(ctx.storage?.operation ?? '')];
  let sql =
    "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)," +
    " set_config('request.jwt.claim.role', $1, true), set_config('storage.operation', $3, true)";
  if (customRole) {
    // lite runs SET LOCAL ROLE between these settings and the claims: kept as it is.
    await run(db, sql, params);
    await run(db, `set local role ${quoteIdent(role)}`, []);
    if (claims !== null)
      await run(db, "select set_config('request.jwt.claims', $1, true)", [claims]);
    return;
  }
  if (claims !== null) {
    sql += ", set_config('request.jwt.claims', $4, true)";
    params.push(claims);
  }
  await run(db, sql, params);
}

/** An RPC's request settings (PostgREST's GUCs), in lite's order: one statement. */
export async function applyRpcSettings(db: Executor, rpc: Rpc) {
  await run(
    db,
    "select set_config('response.status', '', true), set_config('response.headers', '', true)," +
      " set_config('request.method', $1, true), set_config('request.path', $2, true)," +
      " set_config('request.headers', $3, true)",
    [rpc.method, rpc.path, JSON.stringify(rpc.requestHeaders ?? {})],
  );
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
    c.applyRpcRequestGucs.length !== 2
  )
    return false;
  c.applyJwtSessionContext = applyCallerSettings;
  c.applyRpcRequestGucs = applyRpcSettings;
  return true;
}
