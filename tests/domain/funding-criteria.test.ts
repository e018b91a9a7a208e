// Published OPCO funding criteria (issues 15, 27): reading a row of the research CSV (the thirteen
// columns and the five curation columns), dates, freshness, the bands, and the mapping of a
// BudgetFigure onto the product API's budget record. The lookup policy itself:
// tests/domain/budget-policy.test.ts.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { deriveBudget } from '@/domain/budget';
import { lookupFigure } from '@/domain/budget-policy';
import {
  criteriaDateOf,
  criterionDate,
  decidedDateOf,
  isStale,
  parseCriterionRow,
  type FundingCriterion,
} from '@/domain/funding-criteria';
import { criteriaBands, figureBudgetInfo, sourcedLookup } from '@/domain/funding-rules';

const HEADER =
  'opco,branch,idcc,headcount_min,headcount_max,yearly_cap_eur_ht,hourly_cap_eur_ht,coverage_rate_pct,per_action_cap_eur_ht,salary_covered,year,source_url,notes,amount_basis,status,reliability,evidence,reachable_by';

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
    amount_basis: 'HT',
    status: 'current',
    // empty: read from the tag (a row of a test may change the tag)
    reliability: '',
    evidence: 'S1: « 11-49 sal : même budget 6 000€. »',
    reachable_by: 'idcc 0573',
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

  it('every one of the 194 bundled rows parses, with its source and its curation', () => {
    expect(readFileSync('data/opco-criteria-2026.csv', 'utf8').split('\n')[0]).toBe(HEADER);
    const rows = bundled();
    expect(rows).toHaveLength(194);
    const parsed = rows.map((r, i) => parseCriterionRow(r, i + 2));
    expect(parsed.filter((p) => !p.ok)).toEqual([]);
    const ok = parsed.flatMap((p) => (p.ok ? [p.criterion] : []));
    const count = (status: string) => ok.filter((c) => c.status === status).length;
    // CHANGES-2026-11-27.md: 160 current, 20 superseded, 10 outdated, 4 disputed.
    expect([count('current'), count('superseded'), count('outdated'), count('disputed')]).toEqual([
      160, 20, 10, 4,
    ]);
    // Uniformation's general rule is TTC (lines 173-174); OCAPIAT's 8 000 € is no per-action cap.
    expect(ok.filter((c) => c.amountBasis === 'TTC').map((c) => c.line)).toEqual([173, 174]);
    expect(ok.find((c) => c.line === 181)).toMatchObject({
      perActionCapEur: null,
      hourlyCapEur: 40,
    });
  });

  it('the curation columns: basis, status, reliability agreeing with the tag, evidence, reach', () => {
    expect(criterion()).toMatchObject({
      amountBasis: 'HT',
      status: 'current',
      evidence: 'S1: « 11-49 sal : même budget 6 000€. »',
      reachableBy: 'idcc 0573',
    });
    const bad = parseCriterionRow(
      row({ amount_basis: 'HTT', status: 'maybe', reliability: 'official' }),
      9,
    );
    expect(bad.ok ? [] : bad.errors).toEqual([
      'amount_basis invalide : « HTT » (HT, TTC, unknown)',
      'status invalide : « maybe » (current, disputed, superseded, outdated)',
      "reliability « official » contraire à l'étiquette des notes (compilation)",
    ]);
    expect(parseCriterionRow(row({ evidence: 'x'.repeat(401) }), 9).ok).toBe(false);
  });

  it('a file of the thirteen columns only still reads: no status, no stated basis', () => {
    const legacy = Object.fromEntries(
      Object.entries(row()).filter(([k]) => !HEADER.split(',').slice(13).includes(k)),
    );
    const parsed = parseCriterionRow(legacy, 2);
    expect(parsed.ok && parsed.criterion).toMatchObject({
      amountBasis: null,
      status: null,
      evidence: null,
      reachableBy: null,
      yearlyCapEur: 6000,
    });
  });

  it('a dated board decision, in the row’s own notes or quote, not in the curation’s note', () => {
    expect(
      decidedDateOf('[secondary S1: x] OPCO 2i rule decided 18/12/2025, applicable', null),
    ).toBe('2025-12-18');
    expect(decidedDateOf('[secondary S2: x] OCAPIAT 2026 (board 12/05/2026)', null)).toBe(
      '2026-05-12',
    );
    expect(decidedDateOf('[x] drops to 19 € from 01/06/2026 (board decision)', null)).toBe(
      '2026-06-01',
    );
    expect(decidedDateOf('[x] none', 'S1: « Critères CA OPCO 2i 18/12/2025, applicables »')).toBe(
      '2025-12-18',
    );
    expect(
      decidedDateOf(
        '[x] undated. [curation 2026-11-27] superseded by the board decision of 18/12/2025',
        null,
      ),
    ).toBeNull();
  });
});

describe('freshness and the criteria date', () => {
  it('the criteria date: the page’s date, else January 1st of the year, else the reading', () => {
    expect(criteriaDateOf(criterion())).toBe('2026-03-19');
    expect(criteriaDateOf(criterion({ notes: '[secondary S2: x, snapshot 2026-06-11]' }))).toBe(
      '2026-01-01',
    );
    expect(
      criteriaDateOf(criterion({ notes: '[secondary S2: x, snapshot 2026-06-11]', year: '' })),
    ).toBe('2026-06-11');
  });

  it('a row older than 12 months before the reference, or without a date, is stale', () => {
    expect(isStale(criterion(), '2027-05-18')).toBe(false);
    expect(isStale(criterion(), '2027-05-19')).toBe(true);
    const yearOnly = criterion({ notes: '[press: x] undated', year: '2025' });
    expect(criterionDate(yearOnly)).toBe('2025-01-01');
    expect(isStale(criterion({ notes: '[press: x]', year: '' }), '2026-01-01')).toBe(true);
  });
});

describe('bands and the budget record', () => {
  it('bands: published ones (0 read as 1, coarser ones dropped), defaults where none is published', () => {
    const rows = [
      criterion({ headcount_min: '0', headcount_max: '10' }, 2),
      criterion({ headcount_min: '11', headcount_max: '19' }, 3),
      criterion({ headcount_min: '20', headcount_max: '49' }, 4),
      criterion({ headcount_min: '0', headcount_max: '49' }, 5),
      // another OPCO's row naming the IDCC, and a superseded row: never read
      criterion({ opco: 'OPCO 2i', headcount_min: '5', headcount_max: '7' }, 6),
      criterion({ status: 'superseded', headcount_min: '2', headcount_max: '3' }, 7),
    ];
    const ref = '2026-05-18';
    expect(criteriaBands(rows, { idcc: '0573', opco: 'AKTO' }, ref).map((b) => b.label)).toEqual([
      '1 à 10 salariés',
      '11 à 19 salariés',
      '20 à 49 salariés',
      '50 à 299 salariés',
      '300 salariés et plus',
    ]);
    expect(criteriaBands(rows, { idcc: '9999', opco: 'OCAPIAT' }, ref)).toEqual([]);
    // An outdated row never shapes the bands (the defaults then): it would coarsen them.
    const outdated = criterion({ status: 'outdated', headcount_min: '0', headcount_max: '29' }, 8);
    expect(criteriaBands([...rows, outdated], { idcc: '0573', opco: 'AKTO' }, ref)).toEqual(
      criteriaBands(rows, { idcc: '0573', opco: 'AKTO' }, ref),
    );
    expect(criteriaBands([outdated], { idcc: '0573', opco: 'AKTO' }, ref)).toEqual([]);
  });

  it('maps the fields: yearly cap by fund and basis, hourly cap, coverage, salaries, per action, date', () => {
    const c = criterion({
      hourly_cap_eur_ht: '40',
      coverage_rate_pct: '100',
      per_action_cap_eur_ht: '8000',
      salary_covered: 'partial',
    });
    const q = { idcc: '0573', opco: 'AKTO', min: 11, max: 49 };
    const info = figureBudgetInfo(lookupFigure([c], q));
    expect(info).toMatchObject({
      totalBudget_value: '6000',
      totalBudget_unity: '€ HT',
      hourlyCap_minValue: '40',
      hourlyCap_unity: '€ HT / heure',
      rateOfCoverage: '100',
      isWagesInBudget: 'Oui',
      pdcUpdatedAt: '2026-03-19',
      opco: 'AKTO',
    });
    expect(info.wages_conditions).toMatch(/partielle/);
    expect(info.thematicConditions).toMatch(/^Plafond par action de formation : 8\s000 € HT\.$/);
    expect(deriveBudget(info).budget.budgetType).toBe('TOTAL');
    // TTC is said TTC; a basis not stated is never said HT.
    const ttc = figureBudgetInfo(lookupFigure([criterion({ amount_basis: 'TTC' })], q));
    expect([ttc.totalBudget_unity, deriveBudget(ttc).budget.total?.unity]).toEqual([
      '€ TTC',
      '€ TTC',
    ]);
    const unstated = figureBudgetInfo(lookupFigure([criterion({ amount_basis: 'unknown' })], q));
    expect(unstated.totalBudget_unity).toBe('€');
    const noCap = figureBudgetInfo(
      lookupFigure(
        [criterion({ yearly_cap_eur_ht: '', hourly_cap_eur_ht: '19', salary_covered: 'unknown' })],
        q,
      ),
    );
    expect(noCap.totalBudget_value).toBe('Information indisponible');
    expect(noCap.hourlyCap_minValue).toBe('19');
    expect(noCap.isWagesInBudget).toBeNull();
    expect(deriveBudget(noCap).budget.budgetType).toBe('UNKNOWN');
  });

  it('legal and conventional parts of a branch: both in the record, their sum derived', () => {
    const legal = criterion(
      {
        opco: 'AFDAS',
        branch: 'All branches - legal PDC <50',
        idcc: '',
        yearly_cap_eur_ht: '1100',
        headcount_min: '0',
        headcount_max: '10',
        reachable_by: 'opco default',
      },
      2,
    );
    const conventional = criterion(
      {
        opco: 'AFDAS',
        branch: 'Espaces de loisirs',
        idcc: '1790',
        yearly_cap_eur_ht: '2900',
        headcount_min: '0',
        headcount_max: '10',
        notes: '[secondary S1: x, consulted 2026-05-18] Conventional fund: 2 900 € HT',
        reachable_by: 'idcc 1790',
      },
      3,
    );
    const answer = sourcedLookup(
      lookupFigure([legal, conventional], { idcc: '1790', opco: 'AFDAS', min: 1, max: 10 }),
    );
    expect(answer.budgetInfo).toMatchObject({
      legalBudget_value: '1100',
      conventionalBudget_value: '2900',
    });
    expect(answer.budgetType).toBe('SUM_OF_LEGAL_AND_CONVENTION');
    expect(deriveBudget(answer.budgetInfo).budget.total?.euros).toBe(4000);
    expect(answer.figure.sum).toEqual({ min: 4000, max: 4000 });
  });

  it('a dispute: « Voir commentaire » with the range, both sources in the provenance; never one side', () => {
    const s1 = criterion({ status: 'disputed', hourly_cap_eur_ht: '60' }, 10);
    const s2 = criterion(
      {
        yearly_cap_eur_ht: '12000',
        status: 'disputed',
        notes: '[secondary S2: x, snapshot 2026-06-11]',
      },
      11,
    );
    const answer = sourcedLookup(
      lookupFigure([s1, s2], { idcc: '0573', opco: 'AKTO', min: 11, max: 49 }),
    );
    expect(answer.budgetType).toBe('COMMENT');
    expect(answer.budgetInfo?.comments).toMatch(/^De 6\s000 à 12\s000 € HT selon les sources/);
    expect(answer.provenance).toMatchObject({
      kind: 'sourced',
      conflict: { rule: 'disputed_range', alternatives: [{ yearlyCapEur: 12000 }] },
    });
    expect(deriveBudget(answer.budgetInfo).budget.total?.euros ?? null).toBeNull();
    // 60 € HT/h is S1's alone: said so, not as agreed.
    expect(answer.budgetInfo).toMatchObject({
      hourlyCap_minValue: '60',
      hourlyCap_conditions:
        'Indiqué par une seule des sources, qui divergent sur le budget annuel.',
    });
  });

  it('the 50+ rule says so (never « Information indisponible »); nothing under 50: no amount', () => {
    const rule = sourcedLookup(
      lookupFigure([criterion()], { idcc: '0573', opco: 'AKTO', min: 300, max: 5000 }),
    );
    expect(rule.budgetType).toBe('COMMENT');
    expect(rule.budgetInfo?.comments).toMatch(/^À partir de 50 salariés.*L\. 6332-3/);
    expect(rule.provenance).toEqual({
      kind: 'unavailable',
      opco: 'AKTO',
      criteriaUrl: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
    });
    const none = sourcedLookup(lookupFigure([], { idcc: '0573', opco: 'AKTO', min: 1, max: 10 }));
    expect(none.budgetType).toBe('UNKNOWN');
    expect([
      none.budgetInfo?.totalBudget_value,
      none.budgetInfo?.legalBudget_value,
      none.budgetInfo?.conventionalBudget_value,
    ]).toEqual(['Information indisponible', null, null]);
  });
});
