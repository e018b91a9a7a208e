// The registry's name search is indexed (issue 17 item 4): on 100,000 generated companies, EXPLAIN of
// the search functions the registry calls shows the full-text GIN index (names) and the prefix
// b-trees (SIRET / SIREN), on PGlite and, with TEST_DATABASE_URL, on a PostgreSQL server. The
// functions are inlined by the planner (plain SQL, STABLE), so the plan is the query's own.
// PGlite: a private database (the shared backend's registry must not see 100,000 more companies);
// PostgreSQL: the shared test database inside a transaction that is rolled back.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { generateCompaniesSql, startRegistryDatabase } from '../fixtures/registry-companies';

const COMPANIES = 100_000;

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

type PlanNode = { type: string; index?: string; relation?: string; fn?: string };
function planNodes(plan: unknown): PlanNode[] {
  const out: PlanNode[] = [];
  const walk = (node: Record<string, unknown>) => {
    out.push({
      type: String(node['Node Type']),
      index: node['Index Name'] as string | undefined,
      relation: node['Relation Name'] as string | undefined,
      fn: node['Function Name'] as string | undefined,
    });
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(plan as Record<string, unknown>);
  return out;
}

async function explain(query: Query, sql: string) {
  const [row] = await query(`explain (format json) ${sql}`);
  const raw = row!['QUERY PLAN'];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: unknown }[];
  return planNodes(json[0]!.Plan);
}

async function checks(query: Query) {
  await query(generateCompaniesSql(COMPANIES));
  await query('analyze public.registry_companies');
  const [{ n }] = (await query(
    "select count(*)::int as n from public.registry_companies where source = 'import'",
  )) as [{ n: number }];
  expect(n).toBe(COMPANIES);

  // Names: every word a word prefix, through the full-text index; no sequential scan of the table.
  const byName = await explain(
    query,
    "select * from public.registry_search_names(array['boul', 'nom42'], 10)",
  );
  // Inlined: the plan is the query's (the only function scan is unnest() of the agreements).
  expect(byName.filter((x) => x.type === 'Function Scan').map((x) => x.fn)).not.toContain(
    'registry_search_names',
  );
  expect(byName.some((x) => x.index === 'registry_companies_search_fts_idx')).toBe(true);
  expect(byName.some((x) => x.type === 'Seq Scan' && x.relation === 'registry_companies')).toBe(
    false,
  );
  const found = await query(
    "select siren, nom_entreprise from public.registry_search_names(array['boul', 'nom4242'], 10)",
  );
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((r) => /^BOULANGERIE NOM4242$/.test(String(r.nom_entreprise)))).toBe(true);

  // Numbers: the SIRET / SIREN prefix b-trees.
  const byNumber = await explain(
    query,
    "select * from public.registry_search_numbers('00000424200017', 10)",
  );
  expect(byNumber.filter((x) => x.type === 'Function Scan').map((x) => x.fn)).not.toContain(
    'registry_search_numbers',
  );
  expect(
    byNumber.some(
      (x) =>
        x.index === 'registry_companies_siret_idx' || x.index === 'registry_companies_siren_idx',
    ),
  ).toBe(true);
  expect(byNumber.some((x) => x.type === 'Seq Scan' && x.relation === 'registry_companies')).toBe(
    false,
  );
  const [exact] = await query("select siren from public.registry_search_numbers('000004242', 5)");
  expect(exact?.siren).toBe('000004242');
}

describe('registry search on 100,000 companies uses its indexes', () => {
  describe('PGlite', () => {
    let pg: PGlite;
    beforeAll(async () => {
      pg = await startRegistryDatabase();
    }, 120_000);
    afterAll(async () => {
      await pg?.close();
    });
    it('EXPLAIN shows the full-text index for names and the b-trees for numbers', async () => {
      await checks(async (sql) => (await pg.query<Record<string, unknown>>(sql)).rows);
    }, 180_000);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL server (TEST_DATABASE_URL)', () => {
    it('the same checks, in a transaction rolled back', async () => {
      const sql = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        await sql
          .begin(async (tx) => {
            await checks(async (text) => (await tx.unsafe(text)) as Record<string, unknown>[]);
            throw new Error('rollback');
          })
          .catch((e: Error) => {
            if (e.message !== 'rollback') throw e;
          });
      } finally {
        await sql.end({ timeout: 5 });
      }
    }, 180_000);
  });
});
