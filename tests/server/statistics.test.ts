// PGlite runs no autovacuum: without the backend's statistics keeper (server/db/statistics.ts) no
// table is ever analyzed, and the pull's page query reads every row of the user and sorts them
// (a bitmap scan and a sort at each page) instead of walking its index from the cursor. On a
// standalone PGlite with the project's migrations, whatever database the shared backend runs on
// (PostgreSQL analyzes on its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { STALE_TABLES_SQL, startStatistics } from '../../server/db/statistics';
import { asUserSql, createSqlUser, startSqlDatabase } from '../sync/sql-database';

let pg: PGlite;
let user: string;
const db = () => ({
  query: async <T>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows,
  exec: async (sql: string) => {
    await pg.exec(sql);
  },
});

/** `n` training requests for the user from sync_version `from` on (triggers off: a fixture). */
function insertRequests(n: number, from: number): Promise<unknown> {
  return pg.exec(`
    begin;
    set local session_replication_role = replica;
    insert into public.training_requests
      (id, company_id, topic, format, duration, cost, sync_version, created_at, updated_at)
    select gen_random_uuid(), '${user}'::uuid, 'Formation ' || i, 'remote', 7, 100,
           ${from} + i / 1000, now(), now()
      from generate_series(1, ${n}) i;
    commit;`);
}

beforeAll(async () => {
  pg = await startSqlDatabase();
  user = crypto.randomUUID();
  await createSqlUser(pg, user, `${user}@example.test`);
  // 20,000 rows for the user, as a long-used account has them.
  await insertRequests(20_000, 1);
}, 120_000);
afterAll(async () => {
  await pg?.close();
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The pull's first page for the user, as the pull runs it (RLS applying). */
async function firstPagePlan(): Promise<string[]> {
  const [{ q }] = (await pg.query<{ q: string }>("select sync.pull_sql('training_requests') as q"))
    .rows as [{ q: string }];
  const sql = q
    .replace('$1', `'${user}'::uuid`)
    .replace('$2', '9007199254740991::bigint')
    .replace('$3', '0::bigint')
    .replace('$4', "'00000000-0000-0000-0000-000000000000'::uuid")
    .replace('$5', '1001');
  const rows = await pg.transaction(async (tx) => {
    await tx.exec(asUserSql(user));
    return (await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`)).rows;
  });
  const raw = rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return nodes(plan[0].Plan).map(
    (n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`,
  );
}

describe('planner statistics on PGlite (no autovacuum)', () => {
  it('never analyzed, the pull page sorts all of the user’s rows; once the keeper ran, it walks the index', async () => {
    const stale = await pg.query<{ name: string }>(STALE_TABLES_SQL);
    expect(stale.rows.map((r) => r.name)).toContain('public.training_requests');
    // What users got: every row of the user read, then sorted, at every page.
    expect(await firstPagePlan()).toContain('Sort');

    const keeper = startStatistics(db(), { firstDelayMs: 1e9, intervalMs: 1e9 });
    try {
      expect(await keeper.runOnce()).toContain('public.training_requests');
    } finally {
      await keeper.stop();
    }
    const plan = await firstPagePlan();
    expect(plan).not.toContain('Sort');
    expect(plan).toContain('Index Scan training_requests_sync_idx');
    const [{ reltuples }] = (
      await pg.query<{ reltuples: number }>(
        "select reltuples from pg_class where oid = 'public.training_requests'::regclass",
      )
    ).rows as [{ reltuples: number }];
    expect(reltuples).toBeGreaterThan(15_000);
  });

  it('a table is analyzed again only once it has grown by more than 10 % (autovacuum’s rule)', async () => {
    const keeper = startStatistics(db(), { firstDelayMs: 1e9, intervalMs: 1e9 });
    try {
      await keeper.runOnce();
      expect(await keeper.runOnce()).toEqual([]);
      // 0.5 % more rows: the statistics still hold, nothing to do.
      await insertRequests(100, 90);
      expect(await keeper.runOnce()).not.toContain('public.training_requests');
      // A third more: analyzed again.
      await insertRequests(7_000, 100);
      expect(await keeper.runOnce()).toContain('public.training_requests');
    } finally {
      await keeper.stop();
    }
  });

  it('checks a few seconds after start, shortly after writes (at most one check per delay), then on a slow timer', async () => {
    const timers: { fn: () => void; ms: number; cleared: boolean; unref(): void }[] = [];
    let checks = 0;
    const fake = {
      query: async <T>(): Promise<T[]> => {
        checks++;
        return [];
      },
      exec: async () => undefined,
    };
    const keeper = startStatistics(fake, {
      firstDelayMs: 5_000,
      afterWriteMs: 2_000,
      intervalMs: 300_000,
      setTimer: (fn, ms) => {
        timers.push({ fn, ms, cleared: false, unref: () => undefined });
        return timers[timers.length - 1]!;
      },
      clearTimer: (h) => {
        (h as { cleared: boolean }).cleared = true;
      },
    });
    const live = () => timers.filter((t) => !t.cleared);
    expect(live().map((t) => t.ms)).toEqual([5_000]);
    // A write asks for an earlier check: the start-up one is replaced.
    keeper.wrote();
    expect(live().map((t) => t.ms)).toEqual([2_000]);
    // More writes before it fires: still one check.
    keeper.wrote();
    keeper.wrote();
    expect(live()).toHaveLength(1);
    const first = live()[0]!;
    first.cleared = true;
    first.fn();
    await new Promise((r) => setTimeout(r, 0));
    expect(checks).toBe(1);
    // Then the slow timer.
    expect(live().map((t) => t.ms)).toEqual([300_000]);
    await keeper.stop();
    expect(live()).toHaveLength(0);
  });
});
