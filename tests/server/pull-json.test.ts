// The pull's pages are built as json text from the columns (migration 20261126000100): every
// pulled row carries every column of its table but field_versions, with the values jsonb gave
// before; a page holds exactly the rows asked, in order, and says whether more follow; the
// generator of the page function is the owner's alone. On PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_TABLES } from '../../sync/types';
import { backend } from './helpers';
import { openSqlAccess, type SqlAccess } from './sql-access';

const ZERO = '00000000-0000-0000-0000-000000000000';

let db: SqlAccess;
let user: string;

type Row = Record<string, unknown> & { id: string; sync_version: number };
type Page = { rows: Row[]; more: boolean };
type Many = { pages: Record<string, Page>; more: boolean; xmin: number };

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

async function pullMany(cursors: Record<string, { version: number; id: string }>, limit: number) {
  const [row] = await db.asUser<{ r: unknown }>(
    user,
    'select sync_pull_many($1::text::jsonb, $2) as r',
    [JSON.stringify(cursors), limit],
  );
  return parse<Many>(row!.r);
}

beforeAll(async () => {
  db = await openSqlAccess(backend);
  user = await db.newUser();
  // Five requests in three writing transactions (the cursor orders by transaction, then id).
  await db.script(`
    begin;
    set local session_replication_role = replica;
    insert into public.training_requests
      (id, company_id, topic, format, duration, cost, coverage_rate, sync_version, created_at, updated_at)
    select ('00000000-0000-0000-0000-00000000000' || i)::uuid, '${user}'::uuid,
           'Formation « ' || i || ' » ; "guillemets" \\ é', case when i % 2 = 0 then 'remote' else 'in_person' end,
           7.5, 1234.56, 80, 1 + i / 2, '2026-11-26 10:00:00.123456+00', now()
      from generate_series(1, 5) i;
    commit;`);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('pull pages built as json', () => {
  it('a pulled row is the table row without field_versions, with the values of to_jsonb', async () => {
    const many = await pullMany({ training_requests: { version: 0, id: ZERO } }, 1000);
    const rows = many.pages.training_requests!.rows;
    expect(rows).toHaveLength(5);
    const expected = await db.admin<{ r: unknown }>(
      `select to_jsonb(t) - 'field_versions' as r from public.training_requests t
        where company_id = $1 order by sync_version, id`,
      [user],
    );
    expect(rows).toEqual(expected.map((e) => parse<Row>(e.r)));
    expect(rows[0]).not.toHaveProperty('field_versions');
    expect(rows[0]!.topic).toBe('Formation « 1 » ; "guillemets" \\ é');
    expect(rows[0]!.created_at).toBe('2026-11-26T10:00:00.123456+00:00');
  });

  it('every replicated table: the page function lists every column but field_versions (a migration that adds one runs sync.generate_pull_page())', async () => {
    const [def] = await db.admin<{ src: string }>(
      `select pg_get_functiondef('sync.pull_page(text, bigint, bigint, uuid, integer)'::regprocedure) as src`,
    );
    for (const table of SYNC_TABLES) {
      const columns = await db.admin<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = ('public.' || $1)::regclass and attnum > 0 and not attisdropped
          order by attnum`,
        [table],
      );
      const names = columns.map((c) => c.name);
      expect(names, table).toContain('field_versions');
      const list = names
        .filter((n) => n !== 'field_versions')
        .map((n) => `p.${/^[a-z_][a-z0-9_]*$/.test(n) ? n : `"${n}"`}`)
        .join(', ');
      const branch = def!.src.split(`when '${table}' then`)[1]?.split(/\n\s*when '|\n\s*else\n/)[0];
      expect(branch, table).toContain(`select ${list} from (`);
      expect(branch, table).toContain(`from public.${table} t`);
    }
  });

  it('a page holds the rows asked, in order; `more` says whether one follows, and the next page starts there', async () => {
    const all = (await pullMany({ training_requests: { version: 0, id: ZERO } }, 1000)).pages
      .training_requests!.rows;
    const seen: string[] = [];
    let cursor = { version: 0, id: ZERO };
    for (let i = 0; i < 10; i++) {
      const page = (await pullMany({ training_requests: cursor }, 2)).pages.training_requests!;
      seen.push(...page.rows.map((r) => r.id));
      expect(page.more).toBe(seen.length < 5);
      if (!page.more) break;
      const last = page.rows.at(-1)!;
      cursor = { version: Number(last.sync_version), id: last.id };
    }
    expect(seen).toEqual(all.map((r) => r.id));
    // Exactly the page size left: no more after it.
    const exact = (await pullMany({ training_requests: { version: 0, id: ZERO } }, 5)).pages
      .training_requests!;
    expect(exact.rows).toHaveLength(5);
    expect(exact.more).toBe(false);
  });

  it('a table left out once the limit is reached is probed, not read; an empty table answers []', async () => {
    const many = await pullMany(
      { training_requests: { version: 0, id: ZERO }, team_surveys: { version: 0, id: ZERO } },
      5,
    );
    expect(many.pages.training_requests!.rows).toHaveLength(5);
    expect(many.pages).not.toHaveProperty('team_surveys');
    expect(many.more).toBe(false);
    const empty = await pullMany({ team_surveys: { version: 0, id: ZERO } }, 10);
    expect(empty.pages.team_surveys).toEqual({ rows: [], more: false });
    const one = await db.asUser<{ r: unknown }>(user, 'select sync_pull($1, 0, null, 3) as r', [
      'training_requests',
    ]);
    const single = parse<Page & { xmin: number }>(one[0]!.r);
    expect(single.rows.map((r) => r.id)).toEqual(
      (
        await pullMany({ training_requests: { version: 0, id: ZERO } }, 3)
      ).pages.training_requests!.rows.map((r) => r.id),
    );
    expect(single.more).toBe(true);
  });

  it('an end user cannot run the generator of the page function', async () => {
    await expect(db.asUser(user, 'select sync.generate_pull_page()')).rejects.toThrow(
      /permission denied/,
    );
  });
});
