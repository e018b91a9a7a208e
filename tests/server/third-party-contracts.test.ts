// The third-party contracts served by the backend (budget API, company registry), parsed by the
// same zod schemas and domain readers the app uses; coverage of the reference data; bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementDetailsSchema,
  apiErrorSchema,
  budgetInfoSchema,
  budgetLookupResponseSchema,
  idccSearchResponseSchema,
  idccSuggestionsResponseSchema,
  infoPdcEntrySchema,
  infoPdcResponseSchema,
  registryResponseSchema,
} from '../../src/domain/contracts';
import { deriveBudget, parseBudgetLookup } from '../../src/domain/budget';
import { parseIdccSuggestions } from '../../src/domain/idcc';
import { OPCO_SHORT_NAMES } from '../../src/domain/opco';
import { pickRegistryResults } from '../../src/domain/registry';
import { backend, service } from './helpers';

const KEY: Record<string, string> = { 'x-api-key': 'local-static-key' };
const SAMPLE: Record<string, string> = { ...KEY, 'x-budget-sample-rules': 'on' };
const api = (path: string, headers: Record<string, string> = KEY, init: RequestInit = {}) =>
  fetch(`${backend.url}${path}`, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
async function json(path: string, headers = KEY) {
  const res = await api(path, headers);
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}
async function expectError(path: string, status: number, headers = KEY, init: RequestInit = {}) {
  const res = await api(path, headers, init);
  expect(res.status, path).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return apiErrorSchema.parse(await res.json());
}

type Rule = { idcc: string; min_employees: number; max_employees: number } & Record<
  string,
  string | number | null
>;
let rules: Rule[] = [];
let companyNafs: string[] = [];

beforeAll(async () => {
  const svc = service();
  rules = ((await svc.from('budget_rules').select('*').order('idcc')).data ?? []) as Rule[];
  const companies =
    (await svc.from('registry_companies').select('code_naf').limit(10_000)).data ?? [];
  companyNafs = [
    ...new Set(companies.map((c) => c.code_naf as string | null).filter((n): n is string => !!n)),
  ];
});

describe('reference data loaded in Postgres', () => {
  it('has every IDCC, OPCO attachment, NAF sub-class, estimate, rule and sample company', async () => {
    const svc = service();
    const count = async (table: string) =>
      (await svc.from(table).select('*', { count: 'exact', head: true })).count;
    // 787 rows of the March-2024 list (one grouping three codes that have their own rows) + the 9
    // IDCCs of the OPCO table it lacked (issue 27, data/README.md)
    expect(await count('idcc')).toBe(795);
    // the March-2024 snapshot (330) + the research's additions (386 new, 1618 corrected)
    expect(await count('idcc_opco')).toBe(716);
    expect(await count('naf')).toBe(732);
    expect(await count('registry_companies')).toBeGreaterThanOrEqual(300);
    const ruleIdccs = new Set(rules.map((r) => r.idcc));
    expect(ruleIdccs.size).toBeGreaterThanOrEqual(25);
    const datasets = (await svc.from('reference_datasets').select('dataset, source, row_count'))
      .data!;
    expect(datasets.map((d) => d.dataset).sort()).toEqual([
      'budget_rules',
      'funding_criteria',
      'idcc',
      'idcc_opco',
      'naf',
      'naf_idcc',
      'registry_companies',
    ]);
    expect(datasets.every((d) => d.source === 'bundled')).toBe(true);
  });

  it('the company sample spreads over >= 40 NAF codes and >= 25 IDCCs, with fallback cases', async () => {
    const rows = ((await service().from('registry_companies').select('*').limit(10_000)).data ??
      []) as Record<string, unknown>[];
    expect(companyNafs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.flatMap((r) => r.idccs as string[])).size).toBeGreaterThanOrEqual(25);
    expect(rows.filter((r) => r.siege_siret === null).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.code_naf === null).length).toBeGreaterThan(5);
    expect(rows.filter((r) => (r.idccs as string[]).length === 0).length).toBeGreaterThan(5);
    expect(rows.every((r) => r.source === 'sample')).toBe(true);
  });
});

describe('budget API', () => {
  it('getIdccFromNAF: estimated suggestions for every NAF code of the company sample', async () => {
    for (const naf of companyNafs) {
      const { status, body, headers } = await json(`/public/idcc/getIdccFromNAF/?naf=${naf}`);
      expect(status).toBe(200);
      const raw = idccSuggestionsResponseSchema.parse(body);
      const kept = parseIdccSuggestions(raw);
      expect(kept.length, naf).toBeGreaterThan(0);
      expect(kept.length).toBe(raw.length);
      expect(kept.map((k) => k.proba)).toEqual([...kept.map((k) => k.proba)].sort((a, b) => b - a));
      expect(headers.get('x-estimate')).toBe('true');
    }
    // Also without the dot, and an unknown but well-formed code: empty list.
    expect(((await json('/public/idcc/getIdccFromNAF/?naf=6201Z')).body as unknown[]).length).toBe(
      1,
    );
    expect((await json('/public/idcc/getIdccFromNAF/?naf=99.99Z')).body).toEqual([]);
  });

  // Relies on the invented sample rules: opts in (x-budget-sample-rules), as only tests and demos
  // may. Where a published criterion answers the same band, it wins (tests/server/budget-sourced).
  it('sample rules (opted in): a lookup for every rule, budgetType is the derivation of budgetInfo', async () => {
    const seen = new Map<string, string>();
    let sourced = 0;
    const idccs = [...new Set(rules.map((r) => r.idcc))];
    for (const idcc of idccs) {
      const { status, body } = await json(`/public/pdc/infoPdc/${idcc}`, SAMPLE);
      expect(status).toBe(200);
      const entries = infoPdcResponseSchema.parse(body).map((e) => infoPdcEntrySchema.parse(e));
      const own = rules.filter((r) => r.idcc === idcc);
      let sourcedHere = 0;
      for (const rule of own) {
        const res = await json(
          `/public/pdc/infoPdc/${idcc}/min/${rule.min_employees}/max/${rule.max_employees}`,
          SAMPLE,
        );
        expect(res.status).toBe(200);
        const lookup = budgetLookupResponseSchema.parse(res.body);
        const info = budgetInfoSchema.parse(lookup.budgetInfo);
        const derived = deriveBudget(info);
        expect(lookup.budgetType).toBe(derived.budget.budgetType);
        expect(parseBudgetLookup(res.body).budget.budgetType).toBe(lookup.budgetType);
        expect(OPCO_SHORT_NAMES as readonly string[]).toContain(lookup.opco);
        expect(info.opco).toBe(lookup.opco);
        if (lookup.provenance?.kind !== 'sample') {
          expect(lookup.provenance?.kind).toBe('sourced');
          sourced++;
          sourcedHere++;
          continue;
        }
        expect(lookup.tauxPriseEnCharge).toBeGreaterThan(0);
        seen.set(branchOf(info), lookup.budgetType!);
        // Orders of magnitude the OPCOs publish.
        const hourly = Number(info.hourlyCap_minValue);
        expect(hourly).toBeGreaterThanOrEqual(20);
        expect(hourly).toBeLessThanOrEqual(100);
        for (const v of [info.totalBudget_value, info.legalBudget_value]) {
          if (v && /^\d[\d ]*$/.test(v)) {
            const n = Number(v.replace(/ /g, ''));
            expect(n).toBeGreaterThanOrEqual(1000);
            expect(n).toBeLessThanOrEqual(20_000);
          }
        }
      }
      // Bands: the sample rules' when no published criterion reaches the IDCC (budget-sourced
      // tests the published ones).
      expect(entries.length, idcc).toBeGreaterThan(0);
      if (sourcedHere === own.length) continue;
    }
    expect(sourced).toBeGreaterThan(0);
    // Every lookup answered from a sample rule derives as the rule does...
    const all = new Map(
      rules.map((r) => {
        const info = budgetInfoSchema.parse(r);
        return [branchOf(info), deriveBudget(info).budget.budgetType] as const;
      }),
    );
    for (const [branch, type] of seen) expect(all.get(branch), branch).toBe(type);
    expect(seen.size).toBeGreaterThanOrEqual(all.size - 2);
    // ...and every branch of 01 §4 is exercised by the sample rules.
    expect(Object.fromEntries(all)).toEqual({
      'total unlimited': 'ILLIMITED',
      'total unavailable, legal unlimited': 'ILLIMITED',
      'both empty': 'UNKNOWN',
      'only legal': 'LEGAL',
      'only conventional': 'CONVENTION',
      'both, total unavailable': 'LEGAL_CONVENTION',
      'both, % in condition': 'LEGAL_CONVENTION',
      comment: 'COMMENT',
      'sum in € HT': 'SUM_OF_LEGAL_AND_CONVENTION',
      'plain total': 'TOTAL',
      junk: 'UNKNOWN',
    });
  });

  it('a range inside a band, a custom count, a sole trader', async () => {
    const inside = budgetLookupResponseSchema.parse(
      (await json('/public/pdc/infoPdc/1486/min/3/max/3')).body,
    );
    expect(inside.budgetType).toBe('TOTAL');
    expect(inside.provenance?.kind).toBe('sourced');
    const sole = budgetLookupResponseSchema.parse(
      (await json('/public/pdc/infoPdc/1486/min/0/max/0')).body,
    );
    expect(sole).toMatchObject({ budgetType: 'AUTO_ENTREPRENEUR', budgetInfo: null });
  });

  it('agreement details, with the OPCO as one of the 11 short names, for every attached IDCC', async () => {
    const attached = ((await service().from('idcc_opco').select('idcc')).data ?? []).map(
      (r) => r.idcc as string,
    );
    const known = new Set(
      ((await service().from('idcc').select('idcc').limit(2000)).data ?? []).map(
        (r) => r.idcc as string,
      ),
    );
    const opcos = new Set<string>();
    for (const idcc of attached.filter((i) => known.has(i))) {
      const details = agreementDetailsSchema.parse((await json(`/public/pdc/${idcc}`)).body);
      expect(details.idcc).toBe(idcc);
      expect(details.ccName.length).toBeGreaterThan(0);
      opcos.add(details.opco!);
    }
    expect([...opcos].sort()).toEqual([...OPCO_SHORT_NAMES].sort());
    expect(agreementDetailsSchema.parse((await json('/public/pdc/16')).body)).toMatchObject({
      idcc: '0016',
      opco: 'OPCO Mobilités',
    });
  });

  it('IDCC prefix search', async () => {
    const list = idccSearchResponseSchema.parse((await json('/public/idcc/search/?q=148')).body);
    expect(list.map((i) => i.idcc)).toContain('1486');
    expect(list.every((i) => i.idcc.startsWith('148'))).toBe(true);
    expect(
      idccSearchResponseSchema
        .parse((await json('/public/idcc/search/?q=16')).body)
        .map((i) => i.idcc),
    ).toContain('0016');
  });

  it('requires the static API key', async () => {
    for (const headers of [
      {},
      { 'x-api-key': 'wrong' },
      { authorization: `Bearer ${backend.anonKey}` },
    ]) {
      const e = await expectError(
        '/public/pdc/infoPdc/1486/min/1/max/10',
        401,
        headers as Record<string, string>,
      );
      expect(e.error).toBe('unauthorized');
    }
  });

  const bad: [string, number][] = [
    ['/public/idcc/getIdccFromNAF/', 400],
    ['/public/idcc/getIdccFromNAF/?naf=abc', 400],
    ['/public/idcc/getIdccFromNAF/?naf=62.01Z%27%20OR%201%3D1--', 400],
    [`/public/idcc/getIdccFromNAF/?naf=${'6'.repeat(5000)}`, 400],
    ['/public/idcc/search/?q=abc', 400],
    ['/public/idcc/search/?q=', 400],
    ['/public/idcc/search/?q=12345', 400],
    ['/public/pdc/abc', 400],
    ['/public/pdc/12345', 400],
    ['/public/pdc/1486%3Bdrop%20table%20idcc', 400],
    ['/public/pdc/9990', 404],
    ['/public/pdc/infoPdc/9990', 404],
    ['/public/pdc/infoPdc/-1', 400],
    ['/public/pdc/infoPdc/9990/min/1/max/10', 404],
    ['/public/pdc/infoPdc/1486/min/50/max/10', 400],
    ['/public/pdc/infoPdc/1486/min/-5/max/10', 400],
    ['/public/pdc/infoPdc/1486/min/1/max/99999999', 400],
    ['/public/pdc/infoPdc/1486/min/1.5/max/10', 400],
    ['/public/pdc/infoPdc/1486/min/abc/max/10', 400],
    ['/public/nope', 404],
  ];
  it.each(bad)('%s -> %i JSON error', async (path, status) => {
    await expectError(path, status);
  });

  it('refuses other methods and oversized bodies', async () => {
    await expectError('/public/pdc/1486', 405, KEY, { method: 'POST', body: '{}' });
    await expectError('/public/pdc/1486', 413, KEY, {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    // Nothing changed.
    expect(agreementDetailsSchema.parse((await json('/public/pdc/1486')).body).ccName).toMatch(
      /Bureaux/,
    );
  });

  it('CORS for the app origins, preflight included', async () => {
    for (const origin of ['http://127.0.0.1:4173', 'http://localhost:5173']) {
      const pre = await fetch(`${backend.url}/public/pdc/infoPdc/1486`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key, cache-control, pragma',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/x-api-key/);
      const get = await api('/public/pdc/infoPdc/1486', { ...KEY, origin });
      expect(get.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const evil = await fetch(`${backend.url}/public/pdc/infoPdc/1486`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    // /auth and /rest: preflights (tables, RPCs, auth) and the answers themselves, as hosted Supabase.
    const origin = 'http://127.0.0.1:4173';
    for (const [path, method] of [
      ['/rest/v1/profiles', 'GET'],
      ['/rest/v1/rpc/get_public_survey', 'POST'],
      ['/auth/v1/token?grant_type=password', 'POST'],
      ['/auth/v1/signup', 'POST'],
    ] as const) {
      const pre = await fetch(`${backend.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info',
        },
      });
      expect(pre.status, path).toBeLessThan(300);
      expect(pre.headers.get('access-control-allow-origin'), path).toBeTruthy();
      expect((pre.headers.get('access-control-allow-headers') ?? '').toLowerCase(), path).toMatch(
        /apikey|\*/,
      );
    }
    const answer = await fetch(`${backend.url}/rest/v1/profiles?select=id`, {
      headers: { origin, apikey: backend.anonKey },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeTruthy();
    const auth = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { origin, apikey: backend.anonKey },
    });
    expect(auth.headers.get('access-control-allow-origin')).toBeTruthy();
  });

  it("the registry's X-Data-Source is readable by the app's origin, with Retry-After", async () => {
    // The app (another origin) labels sample companies from this header: CORS must expose it.
    const res = await fetch(`${backend.url}/registry/v2?q=boulangerie`, {
      headers: { origin: 'http://127.0.0.1:4173', apikey: backend.anonKey },
    });
    expect(res.headers.get('x-data-source')).toBe('sample');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase());
    expect(exposed).toContain('x-data-source');
    expect(exposed).toContain('retry-after');
  });
});

describe('company registry (v2 suggestions)', () => {
  it('name search: items the app maps to suggestions', async () => {
    const { status, body, headers } = await json('/registry/v2?q=boulangerie', {});
    expect(status).toBe(200);
    const parsed = registryResponseSchema.parse(body);
    expect(parsed.resultats_nom_entreprise.length).toBeGreaterThan(0);
    expect(headers.get('x-data-source')).toBe('sample');
    // No internet here: the government registry is unreachable, the table answers, labelled.
    expect(headers.get('x-registry-fallback')).toMatch(/^gouv_/);
    const suggestions = pickRegistryResults(body, false);
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) {
      expect(s.companyName.toLowerCase()).toContain('boulangerie');
      expect(s.siret).toMatch(/^\d{14}$/);
      expect(s.companyAddress).toMatch(/\d{5} /);
    }
    // The sample gives most companies an INSEE headcount band (step 2 prefills it, issue 29 item 11).
    expect(suggestions.some((s) => s.inseeBand?.year === '2023')).toBe(true);
    const altea = pickRegistryResults(
      (await json('/registry/v2?q=97896123300951&cibles=siret', {})).body,
      true,
    );
    expect(altea[0]).toMatchObject({
      companyName: 'ALTÉA SYSTÈMES',
      inseeBand: { code: '01', year: '2023' },
    });
    // Accents and case do not matter.
    expect(
      registryResponseSchema.parse((await json('/registry/v2?q=BOULANGÉRIE', {})).body)
        .resultats_nom_entreprise.length,
    ).toBe(parsed.resultats_nom_entreprise.length);
  });

  it('siret search (cibles=siret), spaces allowed, and the head-office fallbacks', async () => {
    const svc = service();
    const withSiret = (
      await svc
        .from('registry_companies')
        .select('*')
        .not('siege_siret', 'is', null)
        .limit(1)
        .single()
    ).data!;
    const s = withSiret.siege_siret as string;
    const spaced = `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;
    const res = await json(`/registry/v2?q=${encodeURIComponent(spaced)}&cibles=siret`, {});
    const [first] = pickRegistryResults(res.body, true);
    expect(first?.siret).toBe(s);

    const noSiret = (
      await svc.from('registry_companies').select('*').is('siege_siret', null).limit(1).single()
    ).data!;
    const [fallback] = pickRegistryResults(
      (await json(`/registry/v2?q=${noSiret.siren}&cibles=siret`, {})).body,
      true,
    );
    expect(fallback?.siret).toBe(`${noSiret.siren}00000`);

    const noNaf = (
      await svc.from('registry_companies').select('*').is('code_naf', null).limit(1).single()
    ).data!;
    const [nn] = pickRegistryResults(
      (await json(`/registry/v2?q=${noNaf.siren}&cibles=siret`, {})).body,
      true,
    );
    expect(nn?.codeNaf).toBe('');

    const all = ((await svc.from('registry_companies').select('*').limit(10_000)).data ??
      []) as Record<string, unknown>[];
    const noIdcc = all.find((r) => (r.idccs as string[]).length === 0)!;
    const [ni] = pickRegistryResults(
      (await json(`/registry/v2?q=${noIdcc.siren}&cibles=siret`, {})).body,
      true,
    );
    expect(ni?.isIdcc).toBe(false);

    const withIdcc = all.find((r) => (r.idccs as string[]).length > 0 && r.siege_siret !== null)!;
    const [wi] = pickRegistryResults(
      (await json(`/registry/v2?q=${withIdcc.siren}&cibles=siret`, {})).body,
      true,
    );
    expect(wi?.idcc).toEqual(withIdcc.idccs);
  });

  it('injection attempts and wildcards in q match nothing special', async () => {
    for (const q of [
      "' OR 1=1 --",
      '%',
      '_',
      '\\',
      '%%%%',
      '"; drop table registry_companies; --',
      '*',
      '.*',
    ]) {
      const { status, body } = await json(`/registry/v2?q=${encodeURIComponent(q)}`, {});
      expect(status, q).toBe(200);
      const parsed = registryResponseSchema.parse(body);
      expect(parsed.resultats_nom_entreprise.length, q).toBeLessThanOrEqual(10);
    }
    expect(
      (await service().from('registry_companies').select('*', { count: 'exact', head: true }))
        .count,
    ).toBeGreaterThanOrEqual(300);
  });

  const bad: string[] = [
    '/registry/v2',
    '/registry/v2?q=',
    '/registry/v2?q=%20%20',
    `/registry/v2?q=${'a'.repeat(201)}`,
    '/registry/v2?q=abc&cibles=telephone',
    '/registry/v2?q=abc&longueur=0',
    '/registry/v2?q=abc&longueur=1000',
    '/registry/v2?q=abc&longueur=dix',
  ];
  it.each(bad)('%s -> 400 JSON error', async (path) => {
    await expectError(path, 400, {});
  });
  it('unknown path -> 404', async () => {
    await expectError('/registry/v3?q=abc', 404, {});
  });
});

/** Which branch of 01 §4 a budget info record takes (test-side reading of the sample). */
function branchOf(info: ReturnType<typeof budgetInfoSchema.parse>): string {
  const total = info.totalBudget_value ?? '';
  const legal = info.legalBudget_value ?? '';
  const conv = info.conventionalBudget_value ?? '';
  const empty = (v: string) => v === '' || v === 'Non';
  if (total === 'Coût réel') return 'total unlimited';
  if (total === 'Information indisponible') {
    if (legal === 'Coût réel' || conv === 'Coût réel') return 'total unavailable, legal unlimited';
    if (empty(legal) && empty(conv)) return 'both empty';
    if (!empty(legal) && empty(conv)) return 'only legal';
    if (empty(legal) && !empty(conv)) return 'only conventional';
    return 'both, total unavailable';
  }
  if (!empty(legal) && !empty(conv) && (info.Budget_condition ?? '').includes('%'))
    return 'both, % in condition';
  if (total === 'Voir commentaire') return 'comment';
  if (!empty(legal) && !empty(conv)) return 'sum in € HT';
  if (total.includes('Information indisponible')) return 'junk';
  return 'plain total';
}
