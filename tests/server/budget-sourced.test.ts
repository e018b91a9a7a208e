// The budget API answers from the research's funding criteria (issues 15, 27) on the real embedded
// backend: the figure an employer can trust (the issue's « done when » list), its sources, the
// disputes as ranges, TTC said TTC, the rule from 50 employees, the IDCC -> OPCO additions, the
// unknown IDCC; the sample rules answer only a request that opts in; nothing of the reference
// tables is readable by the anonymous or a signed-in role.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementDetailsSchema,
  apiErrorSchema,
  budgetLookupResponseSchema,
  infoPdcResponseSchema,
  type BudgetLookupResponse,
  type BudgetProvenance,
} from '../../src/domain/contracts';
import type { BudgetFigure } from '../../src/domain/budget-figure';
import { parseBudgetLookup } from '../../src/domain/budget';
import { OPCO_CRITERIA_PAGES } from '../../src/domain/funding-rules';
import { anon, backend, service } from './helpers';

const KEY: Record<string, string> = { 'x-api-key': 'local-static-key' };
const SAMPLE: Record<string, string> = { ...KEY, 'x-budget-sample-rules': 'on' };

async function lookup(idcc: string, min: number, max: number, headers = KEY) {
  const res = await fetch(`${backend.url}/public/pdc/infoPdc/${idcc}/min/${min}/max/${max}`, {
    headers,
  });
  expect(res.status, `${idcc} ${min}-${max}`).toBe(200);
  return budgetLookupResponseSchema.parse(await res.json());
}
const figureOf = (answer: BudgetLookupResponse): BudgetFigure => {
  expect(answer.figure, 'the answer carries its figure').toBeDefined();
  return answer.figure!;
};

type Sourced = Extract<BudgetProvenance, { kind: 'sourced' }>;
const sourced = (p: BudgetProvenance | undefined): Sourced => {
  expect(p?.kind).toBe('sourced');
  return p as Sourced;
};

let sampleIdccs = new Set<string>();
let criteriaIdccs = new Set<string>();
let opcoOf = new Map<string, string>();

beforeAll(async () => {
  const svc = service();
  sampleIdccs = new Set(
    ((await svc.from('budget_rules').select('idcc')).data ?? []).map((r) => r.idcc as string),
  );
  const criteria = (await svc.from('funding_criteria').select('idccs')).data ?? [];
  criteriaIdccs = new Set(criteria.flatMap((r) => r.idccs as string[]));
  opcoOf = new Map(
    ((await svc.from('idcc_opco').select('idcc, opco').limit(5000)).data ?? []).map((r) => [
      r.idcc as string,
      r.opco as string,
    ]),
  );
});

describe('the reference data of the research', () => {
  it('194 criteria rows with their curation columns; 716 IDCC -> OPCO rows, each with its source', async () => {
    const svc = service();
    const { count } = await svc
      .from('funding_criteria')
      .select('*', { count: 'exact', head: true });
    expect(count).toBe(194);
    const { data: row } = await svc
      .from('funding_criteria')
      .select('amount_basis, status, reliability, evidence, reachable_by, decided_on')
      .eq('line', 167)
      .single();
    expect(row).toMatchObject({
      amount_basis: 'HT',
      status: 'current',
      reliability: 'compilation',
      reachable_by: 'opco default',
      decided_on: '2025-12-18',
    });
    expect(row!.evidence).toMatch(/^S1: « 4 800€\/an\/entreprise/);
    expect(opcoOf.size).toBe(716);
    const { data: opco } = await svc.from('idcc_opco').select('*').in('idcc', ['3248', '1618']);
    expect(opco?.sort((a, b) => String(a.idcc).localeCompare(String(b.idcc)))).toMatchObject([
      { idcc: '1618', opco: 'OPCOMMERCE', source: 'research-corrects' },
      { idcc: '3248', opco: 'OPCO 2i', source: 'research-add' },
    ]);
  });

  it('every IDCC of the OPCO table is in the IDCC table; an unknown title says so', async () => {
    const { data } = await service().from('idcc').select('idcc').limit(5000);
    const known = new Set((data ?? []).map((r) => r.idcc as string));
    expect([...opcoOf.keys()].filter((i) => !known.has(i))).toEqual([]);
    const details = async (idcc: string) => {
      const res = await fetch(`${backend.url}/public/pdc/${idcc}`, { headers: KEY });
      expect(res.status).toBe(200);
      return agreementDetailsSchema.parse(await res.json());
    };
    expect(await details('3253')).toMatchObject({
      ccName: "CCN des salariés des cabinets d'avocats du 21/06/2024",
      opco: 'OPCO EP',
      titleSource: 'research',
    });
    expect(await details('0003')).toMatchObject({
      ccName: 'Intitulé non trouvé dans nos sources (IDCC 0003)',
      opco: 'OPCO Mobilités',
      titleSource: 'unknown',
    });
  });
});

describe('the figure an employer can trust (issue 27, « done when »)', () => {
  it('IDCC 3127 (services à la personne) 1-10: OPCO EP, never the metallurgy figure of OPCO 2i', async () => {
    const answer = await lookup('3127', 1, 10);
    expect(answer.opco).toBe('OPCO EP');
    const figure = figureOf(answer);
    expect(figure.opco).toBe('OPCO EP');
    for (const part of figure.parts)
      for (const s of part.sources) {
        expect(s.opco).toBe('OPCO EP');
        expect(s.branch).not.toMatch(/tallurgie/);
      }
    expect(JSON.stringify(answer)).not.toMatch(/4800|OPCO 2i/);
    // Nothing current for OPCO EP's default rule: its 2024 criteria, said as such.
    expect(figure).toMatchObject({ status: 'outdated', year: 2024 });
  });

  it('IDCC 3248 (métallurgie) 1-10: OPCO 2i, 4 800 € HT (the board decision of 18/12/2025)', async () => {
    const answer = await lookup('3248', 1, 10);
    expect(answer.opco).toBe('OPCO 2i');
    expect(answer.budgetInfo).toMatchObject({
      totalBudget_value: '4800',
      totalBudget_unity: '€ HT',
    });
    const figure = figureOf(answer);
    expect(figure).toMatchObject({ kind: 'published', status: 'current', year: 2026 });
    expect(figure.parts[0]).toMatchObject({ yearlyCap: { min: 4800, max: 4800 }, basis: 'HT' });
    expect(figure.parts[0]!.sources.map((s) => s.line)).toEqual([137]);
    expect(parseBudgetLookup(answer).budget.total).toMatchObject({ euros: 4800, unity: '€ HT' });
  });

  it('IDCC 0573 11-49: a range from 6 000 to 12 000 € HT with both sources, never one of them', async () => {
    const answer = await lookup('0573', 11, 49);
    const figure = figureOf(answer);
    expect(figure.kind).toBe('range');
    expect(figure.parts[0]).toMatchObject({
      yearlyCap: { min: 6000, max: 12000 },
      basis: 'HT',
      status: 'disputed',
    });
    expect(figure.parts[0]!.sources.map((s) => [s.line, s.label, s.figures.yearlyCapEur])).toEqual([
      [76, 'S1', 6000],
      [184, 'S2', 12000],
    ]);
    // The product API's shape says it in words, with no amount to store as the figure.
    expect(answer.budgetType).toBe('COMMENT');
    expect(answer.budgetInfo?.comments).toMatch(/^De 6\s000 à 12\s000 € HT selon les sources/);
    expect(parseBudgetLookup(answer).budget.total?.euros ?? null).toBeNull();
    expect(sourced(answer.provenance).conflict).toMatchObject({
      rule: 'disputed_range',
      alternatives: [{ yearlyCapEur: 12000, reliability: 'compilation' }],
    });
  });

  it('an Uniformation IDCC under the general rule: 5 000 € TTC, never « € HT »', async () => {
    const idcc = [...opcoOf]
      .filter(([i, o]) => o === 'UNIFORMATION' && !criteriaIdccs.has(i))
      .map(([i]) => i)
      .sort()[0]!;
    const answer = await lookup(idcc, 1, 10);
    expect(answer.budgetInfo).toMatchObject({
      totalBudget_value: '5000',
      totalBudget_unity: '€ TTC',
      hourlyCap_unity: '€ TTC / heure',
    });
    const figure = figureOf(answer);
    expect(figure.parts[0]).toMatchObject({ yearlyCap: { min: 5000, max: 5000 }, basis: 'TTC' });
    expect(figure.parts[0]!.sources[0]).toMatchObject({ line: 173, reach: 'opco_default' });
    // A branch with its own rule is not answered by the general rule (aide à domicile: 2 500 €).
    const saad = figureOf(await lookup('2941', 1, 10));
    expect(saad.parts[0]).toMatchObject({ yearlyCap: { min: 2500, max: 2500 }, basis: 'unknown' });
  });

  it('IDCC 1597 11-49: no yearly cap, 19 € HT per hour (the decision from 01/06/2026)', async () => {
    const answer = await lookup('1597', 11, 49);
    const figure = figureOf(answer);
    expect(figure.parts).toHaveLength(1);
    expect(figure.parts[0]).toMatchObject({
      yearlyCap: null,
      hourlyCap: { min: 19, max: 19 },
      basis: 'HT',
    });
    expect(answer.budgetInfo).toMatchObject({
      totalBudget_value: 'Information indisponible',
      hourlyCap_minValue: '19',
      hourlyCap_unity: '€ HT / heure',
    });
  });

  it('OCAPIAT under 50 (IDCC 0112): 40 € HT per hour and 8 000 € HT per trainee and per file, never « per action »', async () => {
    const figure = figureOf(await lookup('0112', 1, 10));
    expect(figure.opco).toBe('OCAPIAT');
    expect(figure.parts[0]).toMatchObject({
      yearlyCap: null,
      hourlyCap: { min: 40, max: 40 },
      perActionCap: null,
      perTraineePerFileCap: { min: 8000, max: 8000 },
      basis: 'HT',
    });
  });

  it('IDCC 1486 300+: the rule from 50 employees with the criteria page, not « information indisponible »', async () => {
    const answer = await lookup('1486', 300, 5000);
    const figure = figureOf(answer);
    expect(figure).toMatchObject({ kind: 'from_50', from50: true, opco: 'Atlas', parts: [] });
    expect(figure.criteriaUrl).toBe(
      'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
    );
    expect(answer.budgetType).toBe('COMMENT');
    expect(answer.budgetInfo?.totalBudget_value).not.toBe('Information indisponible');
    expect(answer.budgetInfo?.comments).toMatch(/À partir de 50 salariés.*L\. 6332-3/);
    // 50-299: the branch's own figure (S1, Syntec 4 000 €), said to come from 50 on.
    const branch = figureOf(await lookup('1486', 50, 299));
    expect(branch).toMatchObject({ kind: 'published', from50: true });
    expect(branch.parts[0]!.yearlyCap).toEqual({ min: 4000, max: 4000 });
  });

  it('a branch conventional fund and the legal plan: each, and their sum (AFDAS 1790, 1-10)', async () => {
    const answer = await lookup('1790', 1, 10);
    const figure = figureOf(answer);
    expect(figure.parts.map((p) => [p.fund, p.yearlyCap?.min])).toEqual([
      ['legal', 1100],
      ['conventional', 2900],
    ]);
    expect(figure.sum).toEqual({ min: 4000, max: 4000 });
    expect(answer.budgetType).toBe('SUM_OF_LEGAL_AND_CONVENTION');
    expect(parseBudgetLookup(answer).budget).toMatchObject({
      total: { euros: 4000 },
      legal: { euros: 1100 },
      convention: { euros: 2900 },
    });
  });

  it('outdated criteria only when nothing current exists, with their year (2198: 2025)', async () => {
    const figure = figureOf(await lookup('2198', 1, 10));
    expect(figure).toMatchObject({ status: 'outdated', year: 2025, kind: 'published' });
  });

  it('a row with a figure beats one without at the same level (1090, 1-10: 1 500 € HT)', async () => {
    const figure = figureOf(await lookup('1090', 1, 10));
    expect(figure.parts[0]!.yearlyCap).toEqual({ min: 1500, max: 1500 });
  });
});

describe('the rest of the API', () => {
  it('an unknown IDCC: 404 with a French message (the app shows words, never the code)', async () => {
    const res = await fetch(`${backend.url}/public/pdc/infoPdc/4321/min/1/max/10`, {
      headers: KEY,
    });
    expect(res.status).toBe(404);
    const body = apiErrorSchema.parse(await res.json());
    expect(body).toEqual({ error: 'unknown_idcc', message: 'IDCC inconnu : 4321' });
  });

  it('a sourced row is chosen over the sample rule, even when the sample rules are opted in', async () => {
    expect(sampleIdccs.has('0573')).toBe(true);
    const withSample = await lookup('0573', 1, 10, SAMPLE);
    expect(withSample).toEqual(await lookup('0573', 1, 10));
    expect(withSample.budgetType).toBe('TOTAL');
    expect(sourced(withSample.provenance).opco).toBe('AKTO');
  });

  it('information unavailable under 50: no amount, the criteria page of the branch, else of the OPCO', async () => {
    // An AKTO agreement no criterion names (and AKTO has no default rule): the OPCO's page.
    const other = [...opcoOf].find(
      ([idcc, opco]) => opco === 'AKTO' && !criteriaIdccs.has(idcc) && !sampleIdccs.has(idcc),
    )![0];
    const none = await lookup(other, 1, 10, SAMPLE);
    expect(none.budgetType).toBe('UNKNOWN');
    expect(none.budgetInfo?.totalBudget_value).toBe('Information indisponible');
    expect(none.provenance).toEqual({
      kind: 'unavailable',
      opco: 'AKTO',
      criteriaUrl: OPCO_CRITERIA_PAGES.AKTO,
    });
    expect(figureOf(none)).toMatchObject({ kind: 'unavailable', parts: [] });
  });

  it('the sample rules answer only a request that opts in, labelled; never by default', async () => {
    const candidates = [...sampleIdccs].filter((idcc) => !criteriaIdccs.has(idcc));
    let checked = 0;
    for (const idcc of candidates) {
      const withHeader = await lookup(idcc, 1, 10, SAMPLE);
      if (withHeader.provenance?.kind !== 'sample') continue; // an OPCO default answers it
      checked++;
      const byDefault = await lookup(idcc, 1, 10);
      expect(byDefault.provenance?.kind, idcc).toBe('unavailable');
      expect(byDefault.budgetType).toBe('UNKNOWN');
      for (const value of ['1', 'true', 'ON ', 'sample', '']) {
        const forged = await lookup(idcc, 1, 10, { ...KEY, 'x-budget-sample-rules': value });
        expect(forged.provenance?.kind === 'sample', value).toBe(
          value.trim().toLowerCase() === 'on',
        );
      }
      break;
    }
    expect(checked).toBe(1);
  });

  it('infoPdc: the bands the criteria publish, completed by the default bands', async () => {
    const res = await fetch(`${backend.url}/public/pdc/infoPdc/0573`, { headers: KEY });
    expect(infoPdcResponseSchema.parse(await res.json())).toEqual([
      { minEmployees: 1, maxEmployees: 10, label: '1 à 10 salariés' },
      { minEmployees: 11, maxEmployees: 49, label: '11 à 49 salariés' },
      { minEmployees: 50, maxEmployees: 299, label: '50 à 299 salariés' },
      { minEmployees: 300, maxEmployees: 5000, label: '300 salariés et plus' },
    ]);
  });

  it('the reference tables are not readable by the anonymous role, their new columns neither', async () => {
    for (const [table, columns] of [
      ['funding_criteria', 'status, evidence, amount_basis'],
      ['idcc_opco', 'source, source_url'],
      ['idcc', 'title_source'],
    ] as const) {
      const { data, error } = await anon().from(table).select(columns).limit(1);
      expect(error !== null || (data ?? []).length === 0, table).toBe(true);
    }
  });
});
