// Published OPCO funding criteria (issue 15): reading a row of the research CSV, the conflict rule,
// freshness, the bands, and the mapping onto the budget record.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { deriveBudget } from '@/domain/budget';
import {
  criterionDate,
  isStale,
  parseCriterionRow,
  type FundingCriterion,
} from '@/domain/funding-criteria';
import {
  chooseCriterion,
  criteriaBands,
  criterionBudgetInfo,
  datasetDate,
  settle,
  sourcedLookup,
  unavailableLookup,
} from '@/domain/funding-rules';

const HEADER =
  'opco,branch,idcc,headcount_min,headcount_max,yearly_cap_eur_ht,hourly_cap_eur_ht,coverage_rate_pct,per_action_cap_eur_ht,salary_covered,year,source_url,notes';

function row(over: Record<string, string> = {}): Record<string, string> {
  return {
    opco: 'AKTO',
    branch: 'Commerces de gros',
    idcc: '0573',
    headcount_min: '11',
    headcount_max: '49',
    yearly_cap_eur_ht: '6000',
    hourly_cap_eur_ht: '',
    coverage_rate_pct: '',
    per_action_cap_eur_ht: '',
    salary_covered: 'yes',
    year: '2026',
    source_url: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
    notes:
      '[secondary S1: compilation x; official page consulted 2026-05-18; page update 2026-03-19; not verified] Budget covers pedagogy.',
    ...over,
  };
}

function criterion(over: Record<string, string> = {}, line = 2): FundingCriterion {
  const parsed = parseCriterionRow(row(over), line);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.criterion;
}

const bundled = () =>
  Papa.parse<Record<string, string>>(readFileSync('data/opco-criteria-2026.csv', 'utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
  }).data;

describe('reading a row', () => {
  it('reads the figures, the tag, the dates and the fund', () => {
    const c = criterion();
    expect(c).toMatchObject({
      opco: 'AKTO',
      idccs: ['0573'],
      scope: 'idcc',
      headcountMin: 11,
      headcountMax: 49,
      yearlyCapEur: 6000,
      salaryCovered: 'yes',
      year: 2026,
      reliability: 'compilation',
      sourceLabel: 'S1',
      publishedOn: '2026-03-19',
      retrievedOn: '2026-05-18',
      fund: 'total',
      conflictNoted: false,
    });
    expect(criterionDate(c)).toBe('2026-05-18');
  });

  it('the official page, the press, a French update date, the legal and conventional funds', () => {
    const official = criterion({
      opco: 'OPCO EP',
      branch: 'Interprofession OPCO EP',
      idcc: '',
      notes:
        "[primary: official OPCO page] Criteria 2026, page 'Mise à jour 08/01/2026'. MAJ 15/01/2025",
    });
    expect(official).toMatchObject({
      reliability: 'official',
      publishedOn: '2026-01-08',
      retrievedOn: null,
      scope: 'opco_default',
    });
    expect(criterion({ notes: '[primary-press: union page] dated 2025' }).reliability).toBe(
      'press',
    );
    expect(criterion({ branch: 'All branches - legal PDC <50', idcc: '' }).fund).toBe('legal');
    expect(
      criterion({ branch: 'Golf', notes: '[secondary S1: x] Conventional fund: 2 000 €' }).fund,
    ).toBe('conventional');
    expect(criterion({ branch: 'Tourisme (legal + conventional)' }).fund).toBe('total');
    expect(criterion({ branch: 'Golf', idcc: '' }).scope).toBe('branch');
    expect(criterion({ idcc: '1596;1597;16' }).idccs).toEqual(['1596', '1597', '0016']);
    expect(
      criterion({ notes: '[secondary S2: x, snapshot 2026-06-11] CONFLICT with S1' }),
    ).toMatchObject({ sourceLabel: 'S2', retrievedOn: '2026-06-11', conflictNoted: true });
  });

  it('a row that does not parse is refused with its reasons, a row without a source apart', () => {
    const bad = parseCriterionRow(
      row({
        opco: 'OPCO INCONNU',
        idcc: '12a',
        yearly_cap_eur_ht: '-5',
        coverage_rate_pct: '150',
        salary_covered: 'maybe',
        year: '26',
        notes: 'no tag',
      }),
      7,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.line).toBe(7);
    expect(bad.missingSource).toBe(false);
    expect(bad.errors).toHaveLength(7);
    const noSource = parseCriterionRow(row({ source_url: '' }), 3);
    expect(noSource).toMatchObject({ ok: false, missingSource: true });
    expect(parseCriterionRow(row({ source_url: 'javascript:alert(1)' }), 3).ok).toBe(false);
    expect(parseCriterionRow(row({ headcount_min: '50', headcount_max: '10' }), 3).ok).toBe(false);
  });

  it('every one of the 183 bundled rows parses, with its source', () => {
    expect(readFileSync('data/opco-criteria-2026.csv', 'utf8').split('\n')[0]).toBe(HEADER);
    const rows = bundled();
    expect(rows).toHaveLength(183);
    const parsed = rows.map((r, i) => parseCriterionRow(r, i + 2));
    expect(parsed.filter((p) => !p.ok)).toEqual([]);
  });
});

describe('freshness', () => {
  it('a row older than 12 months before the reference, or without a date, is stale', () => {
    expect(isStale(criterion(), '2027-05-18')).toBe(false);
    expect(isStale(criterion(), '2027-05-19')).toBe(true);
    const yearOnly = criterion({ notes: '[press: x] undated', year: '2025' });
    expect(criterionDate(yearOnly)).toBe('2025-01-01');
    expect(isStale(criterion({ notes: '[press: x]', year: '' }), '2026-01-01')).toBe(true);
  });
});

describe('the conflict rule', () => {
  const s1 = criterion({}, 10);
  const s2 = criterion(
    { yearly_cap_eur_ht: '12000', notes: '[secondary S2: x, snapshot 2026-06-11]' },
    11,
  );
  const official = criterion(
    { yearly_cap_eur_ht: '5000', notes: "[primary: official OPCO page] 'Mise à jour 08/01/2026'" },
    12,
  );
  const older = criterion(
    {
      yearly_cap_eur_ht: '9000',
      year: '2025',
      notes: "[primary: official OPCO page] 'Mise à jour 08/01/2025'",
    },
    13,
  );

  it('same year: the official page first, even when older than a compilation', () => {
    const settled = settle([s1, s2, official])!;
    expect(settled.chosen.line).toBe(12);
    expect(settled.alternatives.map((a) => a.line)).toEqual([11, 10]);
  });
  it('then the most recent', () => {
    expect(settle([s1, s2])!.chosen.line).toBe(11);
  });
  it('an earlier criteria year is superseded, not a conflict', () => {
    const settled = settle([older, s1])!;
    expect(settled.chosen.line).toBe(10);
    expect(settled.alternatives).toEqual([]);
  });
  it('rows with the same figures are no conflict', () => {
    expect(settle([s1, criterion({}, 20)])!.alternatives).toEqual([]);
  });
});

describe('choosing the criterion of a lookup', () => {
  const akto = criterion({ headcount_min: '0', headcount_max: '10' }, 2);
  const defaultRule = criterion(
    {
      opco: 'OPCO 2i',
      branch: 'All branches - PDC <50',
      idcc: '',
      headcount_min: '0',
      headcount_max: '49',
    },
    3,
  );
  const stale = criterion(
    { idcc: '1909', opco: 'AFDAS', notes: '[primary: official OPCO page] undated', year: '2024' },
    4,
  );
  const rows = [akto, defaultRule, stale];

  it('by IDCC, the band contained in the row', () => {
    expect(
      chooseCriterion(rows, { idcc: '0573', opco: 'AKTO', min: 1, max: 10 })?.chosen.line,
    ).toBe(2);
    expect(chooseCriterion(rows, { idcc: '0573', opco: 'AKTO', min: 3, max: 3 })?.chosen.line).toBe(
      2,
    );
    expect(chooseCriterion(rows, { idcc: '0573', opco: 'AKTO', min: 11, max: 49 })).toBeNull();
  });
  it("else the OPCO's default rule", () => {
    expect(
      chooseCriterion(rows, { idcc: '0018', opco: 'OPCO 2i', min: 11, max: 49 }),
    ).toMatchObject({
      level: 'opco_default',
    });
  });
  it('a stale row is not served', () => {
    expect(datasetDate(rows)).toBe('2026-05-18');
    expect(chooseCriterion(rows, { idcc: '1909', opco: 'AFDAS', min: 1, max: 10 })).toBeNull();
  });
});

describe('bands and the budget record', () => {
  it('bands: published ones (0 read as 1, coarser ones dropped), defaults where none is published', () => {
    const rows = [
      criterion({ headcount_min: '0', headcount_max: '10' }, 2),
      criterion({ headcount_min: '11', headcount_max: '19' }, 3),
      criterion({ headcount_min: '20', headcount_max: '49' }, 4),
      criterion({ headcount_min: '0', headcount_max: '49' }, 5),
    ];
    expect(criteriaBands(rows, { idcc: '0573', opco: 'AKTO' }).map((b) => b.label)).toEqual([
      '1 à 10 salariés',
      '11 à 19 salariés',
      '20 à 49 salariés',
      '50 à 299 salariés',
      '300 salariés et plus',
    ]);
    expect(criteriaBands(rows, { idcc: '9999', opco: 'OCAPIAT' })).toEqual([]);
  });

  it('maps the fields: yearly cap by fund, hourly cap, coverage, salaries, per-action cap, date', () => {
    const c = criterion({
      hourly_cap_eur_ht: '40',
      coverage_rate_pct: '100',
      per_action_cap_eur_ht: '8000',
      salary_covered: 'partial',
    });
    const info = criterionBudgetInfo(c, 'AKTO');
    expect(info).toMatchObject({
      totalBudget_value: '6000',
      totalBudget_unity: '€ HT',
      hourlyCap_minValue: '40',
      rateOfCoverage: '100',
      isWagesInBudget: 'Oui',
      pdcUpdatedAt: '2026-03-19',
      opco: 'AKTO',
    });
    expect(info.wages_conditions).toMatch(/partielle/);
    expect(info.thematicConditions).toMatch(/^Plafond par action de formation : 8\s000 € HT\.$/);
    expect(deriveBudget(info).budget.budgetType).toBe('TOTAL');
    const legal = criterionBudgetInfo(
      criterion({ branch: 'All branches - legal PDC <50', idcc: '' }),
      'AFDAS',
    );
    expect(deriveBudget(legal).budget.budgetType).toBe('LEGAL');
    const conv = criterionBudgetInfo(criterion({ branch: 'Golf (conventional plan)' }), 'AFDAS');
    expect(deriveBudget(conv).budget.budgetType).toBe('CONVENTION');
    const noCap = criterionBudgetInfo(
      criterion({ yearly_cap_eur_ht: '', salary_covered: 'unknown' }),
      'AKTO',
    );
    expect(noCap.totalBudget_value).toBe('Information indisponible');
    expect(noCap.isWagesInBudget).toBeNull();
    expect(deriveBudget(noCap).budget.budgetType).toBe('UNKNOWN');
  });

  it('a sourced lookup carries its provenance; the unavailable one never an amount', () => {
    const s1 = criterion({}, 10);
    const s2 = criterion(
      { yearly_cap_eur_ht: '12000', notes: '[secondary S2: x, snapshot 2026-06-11]' },
      11,
    );
    const answer = sourcedLookup({ ...settle([s1, s2])!, level: 'idcc' }, 'AKTO');
    expect(answer.provenance).toMatchObject({
      kind: 'sourced',
      reliability: 'compilation',
      retrievedOn: '2026-06-11',
      conflict: {
        rule: 'official_then_recent',
        alternatives: [{ yearlyCapEur: 6000, date: '2026-05-18' }],
      },
    });
    const none = unavailableLookup('AKTO', 'https://www.akto.fr');
    expect(none.budgetType).toBe('UNKNOWN');
    expect([
      none.budgetInfo?.totalBudget_value,
      none.budgetInfo?.legalBudget_value,
      none.budgetInfo?.conventionalBudget_value,
    ]).toEqual(['Information indisponible', null, null]);
    expect(none.provenance).toEqual({
      kind: 'unavailable',
      opco: 'AKTO',
      criteriaUrl: 'https://www.akto.fr',
    });
  });
});
