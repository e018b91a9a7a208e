// Issue 17 item 4: the pull pages by keyset only. With 100,000 rows for one user (and others'
// rows beside them), the page query of sync_pull / sync_pull_many walks the table's
// (owner, sync_version, id) index from the cursor, reads at most one row more than the page (no
// count of the rest), and needs no sort, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './helpers';
import { openSqlAccess, type SqlAccess } from './sql-access';

const ROWS = 100_000;
let db: SqlAccess;
let big: string;

beforeAll(async () => {
  db = await openSqlAccess(backend);
  big = await db.newUser();
  const other = await db.newUser();
  // Bulk load without the per-row triggers (the stamps are given: a thousand rows per writing
  // transaction, all below the snapshot's xmin): a fixture, not a write path.
  const rows = (owner: string, from: number, to: number) => `
    insert into public.training_requests
      (id, company_id, topic, format, duration, cost, sync_version, created_at, updated_at)
    select gen_random_uuid(), '${owner}'::uuid, 'Formation ' || i, 'remote', 7, 100,
           1 + i / 1000, now(), now()
      from generate_series(${from}, ${to}) i;`;
  await db.script(`
    begin;
    set local session_replication_role = replica;
    ${rows(big, 1, ROWS)}
    ${rows(other, ROWS + 1, ROWS + 20_000)}
    commit;
    analyze public.training_requests;`);
}, 600_000);
afterAll(async () => {
  await db?.close();
});

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

let prepared = 0;

/**
 * The pull's own page query for a cursor (sync.pull_page runs this statement with its variables
 * as parameters), EXPLAINed (ANALYZE) as the user, RLS applying: with a plan for the actual values,
 * or with the generic plan that plpgsql may keep for the session after a few calls.
 */
async function explainPage(
  version: number,
  id: string,
  limit: number,
  kind: 'custom' | 'generic' = 'custom',
): Promise<PlanNode[]> {
  const [{ q }] = (await db.admin<{ q: string }>(
    "select sync.pull_sql('training_requests') as q",
  )) as [{ q: string }];
  const name = `pull_page_${kind}_${prepared++}`;
  const values = `'${big}'::uuid, 9007199254740991::bigint, ${version}::bigint, '${id}'::uuid, ${limit}`;
  const [row] = await db.asUserSteps<{ 'QUERY PLAN': unknown }>(big, [
    `set local plan_cache_mode = ${kind === 'generic' ? 'force_generic_plan' : 'force_custom_plan'}`,
    `prepare ${name} (uuid, bigint, bigint, uuid, integer) as ${q}`,
    `explain (analyze, format json) execute ${name} (${values})`,
  ]);
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return nodes(plan[0].Plan);
}

const ZERO = '00000000-0000-0000-0000-000000000000';

describe(`pull on ${ROWS.toLocaleString('en')} rows: keyset on the sync index`, () => {
  it.each([
    ['the first page', 0, ZERO],
    ['a page in the middle', 1 + ROWS / 2000, ZERO],
    ['past the end', 1 + (ROWS + 20_000) / 1000, ZERO],
  ])(
    '%s: training_requests_sync_idx from the cursor, no seq scan, no count (custom and generic plans)',
    async (_label, version, id) => {
      for (const kind of ['custom', 'generic'] as const) {
        const plan = await explainPage(version, id, 1001, kind);
        const types = plan.map((n) => n['Node Type']);
        expect(types).not.toContain('Seq Scan');
        expect(types).not.toContain('Aggregate');
        // The index gives the order; past the end the planner may take a bitmap scan of the same
        // index and sort its zero rows.
        for (const sort of plan.filter((n) => n['Node Type'] === 'Sort'))
          expect(sort['Actual Rows']).toBe(0);
        const scan = plan.find((n) => /Index/.test(n['Node Type']));
        expect(scan?.['Index Name']).toBe('training_requests_sync_idx');
        // Reads the page and one row more (to say "more"), never the rest of the user's rows.
        expect(scan!['Actual Rows']).toBeLessThanOrEqual(1001);
      }
    },
  );

  it('sync_pull_many answers pages with `more`, and no row count', async () => {
    const cursors = { training_requests: { version: 0, id: ZERO } };
    const [row] = await db.asUser<{ r: unknown }>(
      big,
      'select sync_pull_many($1::text::jsonb, 1000) as r',
      [JSON.stringify(cursors)],
    );
    const r = (typeof row!.r === 'string' ? JSON.parse(row!.r) : row!.r) as {
      more: boolean;
      pages: { training_requests: { rows: unknown[]; more: boolean; remaining?: unknown } };
    };
    expect(r.more).toBe(true);
    expect(r.pages.training_requests.rows).toHaveLength(1000);
    expect(r.pages.training_requests.more).toBe(true);
    expect(r.pages.training_requests).not.toHaveProperty('remaining');
  });

  it('a table outside the replicated ones is refused (invalid_table): the name is never SQL', async () => {
    for (const table of [
      'auth.users',
      'sync.applied_mutations',
      'profiles; drop table x',
      'Profiles',
    ]) {
      await expect(
        db.asUser(big, 'select sync_pull($1, 0, null, 10) as r', [table]),
      ).rejects.toThrow(/invalid_table/);
      await expect(
        db.asUser(big, 'select sync_pull_many($1::text::jsonb, 10) as r', [
          JSON.stringify({ [table]: { version: 0, id: ZERO } }),
        ]),
      ).rejects.toThrow(/invalid_table/);
    }
  });
});
