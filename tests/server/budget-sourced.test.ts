// The budget API answers from the OPCOs' published criteria (issue 15): the sourced row wins over
// the invented sample rule, the conflict rule is applied and said, stale rows are not served, the
// "information unavailable" path carries the criteria page and never an amount, and every figure
// carries its provenance. The sample rules answer only for a request that opts in.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  budgetLookupResponseSchema,
  infoPdcResponseSchema,
  type BudgetProvenance,
} from '../../src/domain/contracts';
import { parseBudgetLookup } from '../../src/domain/budget';
import { OPCO_CRITERIA_PAGES } from '../../src/domain/funding-rules';
import { anon, backend, service } from './helpers';

const KEY: Record<string, string> = { 'x-api-key': 'local-static-key' };
const SAMPLE: Record<string, string> = { ...KEY, 'x-budget-sample-rules': 'on' };

async function lookup(idcc: string, min: number, max: number, headers = KEY) {
  const res = await fetch(`${backend.url}/public/pdc/infoPdc/${idcc}/min/${min}/max/${max}`, {
    headers,
  });
  expect(res.status).toBe(200);
  return budgetLookupResponseSchema.parse(await res.json());
}

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
  const criteria = (await svc.from('funding_criteria').select('idccs, scope, opco')).data ?? [];
  criteriaIdccs = new Set(criteria.flatMap((r) => r.idccs as string[]));
  opcoOf = new Map(
    ((await svc.from('idcc_opco').select('idcc, opco')).data ?? []).map((r) => [
      r.idcc as string,
      r.opco as string,
    ]),
  );
});

describe('budget API from the published criteria', () => {
  it('the criteria are loaded: 183 rows of data/opco-criteria-2026.csv', async () => {
    const { count } = await service()
      .from('funding_criteria')
      .select('*', { count: 'exact', head: true });
    expect(count).toBe(183);
  });

  it('a sourced row is chosen over the sample rule, even when the sample rules are opted in', async () => {
    // IDCC 0573 (commerces de gros) has both an invented sample rule and published criteria.
    expect(sampleIdccs.has('0573')).toBe(true);
    const withSample = await lookup('0573', 11, 49, SAMPLE);
    const withoutSample = await lookup('0573', 11, 49);
    expect(withSample).toEqual(withoutSample);
    expect(withSample.budgetType).toBe('TOTAL');
    expect(sourced(withSample.provenance).opco).toBe('AKTO');
  });

  it('conflict rule: same year, no official page: the most recent source wins, and the answer says so', async () => {
    const answer = await lookup('0573', 11, 49);
    // S2 (snapshot 2026-06-11) 12 000 € over S1 (consulted 2026-05-18) 6 000 €.
    expect(answer.budgetInfo?.totalBudget_value).toBe('12000');
    const p = sourced(answer.provenance);
    expect(p.reliability).toBe('compilation');
    expect(p.retrievedOn).toBe('2026-06-11');
    expect(p.conflict?.rule).toBe('official_then_recent');
    expect(p.conflict?.alternatives).toEqual([
      {
        reliability: 'compilation',
        date: '2026-05-18',
        yearlyCapEur: 6000,
        url: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
      },
    ]);
    // The band without conflict: no conflict said.
    expect(sourced((await lookup('0573', 1, 10)).provenance).conflict).toBeNull();
  });

  it('provenance fields are present: source URL, dates, reliability, year, branch', async () => {
    const answer = await lookup('1486', 11, 49);
    const p = sourced(answer.provenance);
    expect(p).toMatchObject({
      opco: 'Atlas',
      url: 'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
      reliability: 'compilation',
      publishedOn: '2026-01-05',
      retrievedOn: '2026-05-12',
      year: 2026,
      level: 'idcc',
    });
    expect(answer.budgetInfo).toMatchObject({
      totalBudget_value: '3000',
      totalBudget_unity: '€ HT',
      isWagesInBudget: 'Non',
      pdcUpdatedAt: '2026-01-05',
      comments: "Montant indicatif, à confirmer auprès de l'OPCO.",
    });
    // The app reads the figure as the budget it is.
    expect(parseBudgetLookup(answer).budget.total?.euros).toBe(3000);
  });

  it("an OPCO's default rule answers an IDCC without its own row; a legal-plan cap is the legal budget", async () => {
    // AFDAS tourism (1909): its own rows date from 2023-2024, stale against the dataset: the
    // AFDAS legal plan for < 50 (2026) answers.
    const answer = await lookup('1909', 1, 10);
    expect(answer.budgetType).toBe('LEGAL');
    expect(answer.budgetInfo?.legalBudget_value).toBe('1100');
    expect(sourced(answer.provenance).level).toBe('opco_default');
  });

  it('information unavailable: no amount, the criteria page of the branch, else of the OPCO', async () => {
    const beyond = await lookup('0573', 50, 299);
    expect(beyond).toMatchObject({ budgetType: 'UNKNOWN', opco: 'AKTO', tauxPriseEnCharge: 0 });
    expect(beyond.budgetInfo?.totalBudget_value).toBe('Information indisponible');
    expect(beyond.budgetInfo?.legalBudget_value ?? null).toBeNull();
    expect(beyond.budgetInfo?.comments).toMatch(/^Aucun montant publié/);
    expect(beyond.provenance).toEqual({
      kind: 'unavailable',
      opco: 'AKTO',
      criteriaUrl: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
    });
    // An AKTO agreement no criterion names (and AKTO has no default rule): the OPCO's page.
    const other = [...opcoOf].find(
      ([idcc, opco]) => opco === 'AKTO' && !criteriaIdccs.has(idcc) && !sampleIdccs.has(idcc),
    )![0];
    const none = await lookup(other, 1, 10, SAMPLE);
    expect(none.budgetType).toBe('UNKNOWN');
    expect(none.provenance).toEqual({
      kind: 'unavailable',
      opco: 'AKTO',
      criteriaUrl: OPCO_CRITERIA_PAGES.AKTO,
    });
  });

  it('the sample rules answer only a request that opts in, labelled; never by default', async () => {
    // An agreement with a sample rule and no published criterion reaching it.
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

  it('the criteria table is not readable by the anonymous or a signed-in role', async () => {
    const { data, error } = await anon().from('funding_criteria').select('*').limit(1);
    expect(error !== null || (data ?? []).length === 0).toBe(true);
  });
});
