// server/db/request-context.ts: the settings lite gives a request's transaction, sent in one statement
// each instead of one per setting. Same values as lite's own methods, for every kind of caller,
// and fewer statements: compared on a lite PGlite connection of their own (in memory), with a table
// under RLS so that lite applies the caller's settings at all.
import { createPgliteConnection, type PgliteConnection } from '@supabase/lite/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_ROLES_SQL } from '../../server/db/migrations';
import { applyCallerSettings, fuseRequestContext } from '../../server/db/request-context';

type Ctx = {
  auth?: { role?: string; uid?: string; jwt?: unknown };
  storage?: { operation?: string };
};
type Rpc = {
  method: string;
  path: string;
  requestHeaders?: Record<string, string>;
  readOnly?: boolean;
};
type Tx = { executeQuery(q: unknown): Promise<{ rows: Record<string, unknown>[] }> };
type WithContext = (
  ctx: Ctx | undefined,
  fn: (tx: Tx) => Promise<unknown>,
  opts?: { rpc?: Rpc; forceRollback?: boolean },
) => Promise<unknown>;

const SETTINGS = [
  'role',
  'request.jwt.claim.sub',
  'request.jwt.claim.role',
  'request.jwt.claims',
  'storage.operation',
  'response.status',
  'response.headers',
  'request.method',
  'request.path',
  'request.headers',
];
const READ = `select current_user::text as "current_user", ${SETTINGS.map(
  (s) => `current_setting('${s}', true) as "${s}"`,
).join(', ')}, current_setting('transaction_read_only') as read_only`;
const read = (tx: Tx) =>
  tx
    .executeQuery({
      sql: READ,
      parameters: [],
      query: { kind: 'RawNode', sqlFragments: [READ], parameters: [] },
      queryId: { queryId: 'test' },
    })
    .then((r) => r.rows[0]);

const uid = '3f1b6c1e-2a6d-4c43-9a55-7f2b8f0c9d11';
const CALLERS: [string, Ctx][] = [
  [
    'an authenticated user with claims',
    {
      auth: {
        role: 'authenticated',
        uid,
        jwt: { sub: uid, role: 'authenticated', email: "o'neil@example.test", aal: 'aal1' },
      },
    },
  ],
  ['anon without claims', { auth: { role: 'anon' } }],
  ['no auth at all', {}],
  ['service_role', { auth: { role: 'service_role', jwt: { role: 'service_role' } } }],
  [
    'a custom database role',
    {
      auth: { role: 'bf_custom', uid, jwt: { role: 'bf_custom' } },
      storage: { operation: 'upload' },
    },
  ],
];
const RPC: Rpc = {
  method: 'POST',
  path: '/rest/v1/rpc/sync_push',
  requestHeaders: { 'content-type': 'application/json', prefer: "return=representation; x='1'" },
};

let connection: PgliteConnection;
const statements: string[] = [];

beforeAll(async () => {
  connection = await createPgliteConnection();
  await connection.driver.exec(`create schema if not exists auth; ${SUPABASE_ROLES_SQL}
    create role bf_custom nologin; grant usage on schema public to bf_custom;
    create table public.guarded (id int); alter table public.guarded enable row level security;`);
  const driver = connection.driver as unknown as {
    query: (sql: string, params?: unknown[]) => Promise<unknown>;
  };
  const query = driver.query.bind(driver);
  driver.query = (sql, params) => {
    statements.push(sql);
    return query(sql, params);
  };
});
afterAll(() => connection?.close());

async function settingsOf(ctx: Ctx, opts: { rpc?: Rpc }) {
  statements.length = 0;
  let seen: Record<string, unknown> | undefined;
  await (connection as unknown as { withContext: WithContext }).withContext(
    ctx,
    async (tx) => {
      seen = await read(tx);
    },
    opts,
  );
  return { seen, statements: statements.length };
}

describe('request settings in one statement (fuseRequestContext)', () => {
  it('gives every caller, with and without an RPC, the settings lite gives, in fewer statements', async () => {
    const lite: Awaited<ReturnType<typeof settingsOf>>[] = [];
    for (const [, ctx] of CALLERS)
      for (const opts of [{ rpc: RPC }, { rpc: { ...RPC, readOnly: true } }, {}])
        lite.push(await settingsOf(ctx, opts));

    expect(fuseRequestContext(connection)).toBe(true);
    let i = 0;
    for (const [who, ctx] of CALLERS)
      for (const opts of [{ rpc: RPC }, { rpc: { ...RPC, readOnly: true } }, {}]) {
        const fused = await settingsOf(ctx, opts);
        const before = lite[i++]!;
        expect(fused.seen, `${who} ${JSON.stringify(opts)}`).toEqual(before.seen);
        expect(fused.statements, who).toBeLessThan(before.statements);
      }
    // The values really are the caller's (not two empty reads that match).
    const [, user] = CALLERS[0]!;
    const { seen, statements: n } = await settingsOf(user, { rpc: RPC });
    expect(seen).toMatchObject({
      current_user: 'authenticated',
      'request.jwt.claim.sub': uid,
      'request.jwt.claim.role': 'authenticated',
      'request.method': 'POST',
      'request.path': '/rest/v1/rpc/sync_push',
      read_only: 'off',
    });
    expect(JSON.parse(String(seen!['request.jwt.claims']))).toEqual(
      (user.auth as { jwt: unknown }).jwt,
    );
    expect(JSON.parse(String(seen!['request.headers']))).toEqual(RPC.requestHeaders);
    // BEGIN, the caller's and the RPC's settings in one, the read here, COMMIT (lite: 13 with the
    // claims).
    expect(n).toBe(4);
  });

  it("never runs an RPC without the caller's settings, even if the request's are not set", async () => {
    const [, user] = CALLERS[0]!;
    const c = connection as unknown as { applyRpcRequestGucs: (...a: unknown[]) => unknown };
    const fused = c.applyRpcRequestGucs;
    // As if lite set nothing else between the caller's settings and the call.
    c.applyRpcRequestGucs = async () => undefined;
    try {
      const { seen } = await settingsOf(user, { rpc: RPC });
      expect(seen).toMatchObject({
        current_user: 'authenticated',
        'request.jwt.claim.sub': uid,
        'request.jwt.claim.role': 'authenticated',
      });
    } finally {
      c.applyRpcRequestGucs = fused;
    }
  });

  it('leaves no mark on a context whose RPC set no caller settings', async () => {
    const [, user] = CALLERS[0]!;
    const c = connection as unknown as {
      applyJwtSessionContext: (...a: unknown[]) => unknown;
      kysely: { transaction(): { execute<T>(fn: (tx: Tx) => Promise<T>): Promise<T> } };
    };
    const fused = c.applyJwtSessionContext;
    c.applyJwtSessionContext = async () => undefined;
    try {
      await settingsOf(user, { rpc: RPC });
    } finally {
      c.applyJwtSessionContext = fused;
    }
    // The same context, later, outside an RPC: its settings are sent, not kept for an RPC.
    const seen = await c.kysely.transaction().execute(async (tx) => {
      await applyCallerSettings(tx, user, false);
      return read(tx);
    });
    expect(seen).toMatchObject({
      'request.jwt.claim.sub': uid,
      'request.jwt.claim.role': 'authenticated',
    });
  });

  it('sends the caller settings of any later request with the same context, RPC or not', async () => {
    const [, user] = CALLERS[0]!;
    const failing = (connection as unknown as { withContext: WithContext }).withContext(
      user,
      () => Promise.reject(new Error('the call failed')),
      { rpc: RPC },
    );
    await expect(failing).rejects.toThrow('the call failed');
    for (const opts of [{}, { rpc: RPC }, {}]) {
      const { seen } = await settingsOf(user, opts);
      expect(seen, JSON.stringify(opts)).toMatchObject({
        current_user: 'authenticated',
        'request.jwt.claim.sub': uid,
      });
    }
  });

  it('keeps the settings transaction-local: the next anonymous request sees none of the last user', async () => {
    const [, user] = CALLERS[0]!;
    await settingsOf(user, { rpc: RPC });
    const { seen } = await settingsOf({}, {});
    expect(seen).toMatchObject({ current_user: 'anon', 'request.jwt.claim.role': 'anon' });
    expect(seen!['request.jwt.claim.sub'] ?? '').toBe('');
    expect(seen!['request.jwt.claims'] ?? '').toBe('');
  });

  it('is not applied to a connection whose methods are not the ones it replaces', () => {
    const other = { applyJwtSessionContext: () => undefined };
    expect(fuseRequestContext(other as never)).toBe(false);
    expect(other.applyJwtSessionContext.length).toBe(0);
  });
});
