// npm run bench:registry [-- --quick] — the registry's name search (issue 17 item 4) on generated
// companies in PGlite (100,000; quick mode 30,000): p50/p95 of the function the registry calls
// (public.registry_search_names: full-text GIN index), next to the sequential `like '%word%'`
// search it replaced, measured in the same run on the same rows and interleaved (the baseline).
// Also the SIRET / SIREN prefix lookup. Goal: the indexed search at most 0.25 x the sequential one
// at 100,000 rows (fails above 1: the index is not used); EXPLAIN must show the index.
import {
  CITIES,
  generateCompaniesSql,
  startRegistryDatabase,
  TRADES,
} from '../tests/fixtures/registry-companies';
import { goal, median, must, percentile, pick, QUICK, round, run } from './lib/harness';

const COMPANIES = pick(100_000, 30_000);
const ROUNDS = pick(5, 2);

/** What users type: word prefixes, a trade and a city, a family name, rare and common words. */
const QUERIES: string[][] = [
  ['boul'],
  ['conseil', 'paris'],
  ['nom42'],
  ['plomb', 'lyon'],
  ['info', 'nom1234'],
  ['garage'],
  ['pharma', 'nice'],
  ['tra', 'bord'],
  ['coiffure', 'nom7'],
  ['hotel', 'pau'],
];

/** The name search before this change: every word anywhere in the key, sequentially. */
const sequential = (tokens: string[]) => {
  const where = tokens.map((_, i) => `r.search_text like '%' || $${i + 1} || '%'`).join(' and ');
  return `select * from public.registry_items r where ${where}
    order by (r.search_text like $1 || '%') desc, coalesce(r.nom_entreprise, r.denomination), r.siren
    limit 10`;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

run('bench:registry', async () => {
  const pg = await startRegistryDatabase();
  const t0 = performance.now();
  await pg.exec(generateCompaniesSql(COMPANIES));
  await pg.exec('analyze public.registry_companies');
  const loadMs = performance.now() - t0;

  const plan = (
    await pg.query<{ 'QUERY PLAN': string }>(
      "explain select * from public.registry_search_names(array['boul'], 10)",
    )
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');

  const indexed: number[] = [];
  const baseline: number[] = [];
  const numbers: number[] = [];
  let found = 0;
  for (let round_ = 0; round_ < ROUNDS + 1; round_++) {
    for (const tokens of QUERIES) {
      // interleaved: A, B, A, B... so that the machine's load weighs on both alike
      const a = await timed(async () => {
        const r = await pg.query('select * from public.registry_search_names($1::text[], 10)', [
          tokens,
        ]);
        found += r.rows.length;
      });
      const b = await timed(() => pg.query(sequential(tokens), tokens));
      const digits = String(1 + ((round_ * 7919) % COMPANIES)).padStart(9, '0');
      const c = await timed(() =>
        pg.query('select * from public.registry_search_numbers($1, 10)', [`${digits}00017`]),
      );
      if (round_ === 0) continue; // warm-up
      indexed.push(a);
      baseline.push(b);
      numbers.push(c);
    }
  }
  await pg.close();

  const ratio = median(indexed) / median(baseline);
  must('EXPLAIN uses registry_companies_search_fts_idx', /search_fts_idx/.test(plan), '');
  must('the searches find companies', found > 0, String(found));
  goal('name search median / sequential median', ratio, {
    atMost: QUICK ? 0.5 : 0.25,
    failAbove: 1,
    digits: 3,
  });
  return {
    companies: COMPANIES,
    trades: TRADES.length,
    cities: CITIES.length,
    queries: QUERIES.map((q) => q.join(' ')),
    loadSeconds: round(loadMs / 1000, 1),
    nameSearchMs: {
      p50: round(median(indexed), 2),
      p95: round(percentile(indexed, 95), 2),
    },
    sequentialBaselineMs: {
      p50: round(median(baseline), 2),
      p95: round(percentile(baseline, 95), 2),
    },
    siretLookupMs: { p50: round(median(numbers), 2), p95: round(percentile(numbers, 95), 2) },
    ratio: round(ratio, 3),
  };
});
