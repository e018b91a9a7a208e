import { describe, expect, it } from 'vitest';
import type { TrainingRecommendation } from '@/domain/contracts';
import {
  PLACEHOLDER_EMPLOYEE,
  filterPlanRows,
  memoSearchText,
  planSearchText,
  formatLabel,
  manualTrainingRequest,
  parseCoverageText,
  parseDurationText,
  parsePriceText,
  planAggregates,
  recommendationFormat,
  recommendationToTrainingRequest,
  remainingCost,
  toTrainingFormat,
  type TrainingRequestContext,
} from '@/domain/training';

const ctx: TrainingRequestContext = {
  id: 'r1',
  company_id: 'u1',
  employee_id: 'e1',
  user_name: 'Marie',
  user_email: 'm@b.fr',
  user_phone: null,
  company_name: 'ACME',
  company_siret: '55210055400013',
  idcc: '1486',
  created_at: '2026-11-22T10:00:00Z',
};

const rec: TrainingRecommendation = {
  title: 'Excel avancé',
  category: 'Bureautique',
  description: 'Maîtriser les tableaux croisés',
  duration: '14 heures',
  format: 'Présentiel',
  price: '1 550 € HT',
  coverage: '80% financé',
  benefits: ['Gain de temps', 'Fiabilité'],
};

describe('recommendation → training request (02 §9)', () => {
  it('maps every field', () => {
    expect(recommendationToTrainingRequest(rec, ctx)).toEqual({
      ...ctx,
      topic: 'Excel avancé',
      pedagogical_objectives: 'Maîtriser les tableaux croisés\n- Gain de temps\n- Fiabilité',
      business_impact: 'high',
      format: 'in_person',
      training_organization: 'Budget Formation',
      duration: 14,
      cost: 1550,
      funding_type: 'OPCO',
      coverage_rate: 80,
      remaining_cost: 310,
      status: 'to_organize',
    });
  });
  it('cost keeps digits only', () => {
    expect(parsePriceText('1 550 € HT')).toBe(1550);
    expect(parsePriceText('Prix : 8\u202f200€')).toBe(8200);
    expect(parsePriceText('Sur devis')).toBe(0);
    expect(parsePriceText('9'.repeat(20))).toBe(100_000_000);
  });
  it('coverage is an integer percent', () => {
    expect(parseCoverageText('100%')).toBe(100);
    expect(parseCoverageText("Jusqu'à 70 %")).toBe(70);
    expect(parseCoverageText('financé')).toBe(0);
    expect(parseCoverageText('150%')).toBe(100);
  });
  it('duration is an integer', () => {
    expect(parseDurationText('21h')).toBe(21);
    expect(parseDurationText('3,5 jours')).toBe(3);
    expect(parseDurationText('')).toBe(0);
  });
  it('remaining cost = cost × (1 − coverage/100), rounded', () => {
    expect(remainingCost(1000, 100)).toBe(0);
    expect(remainingCost(1000, 0)).toBe(1000);
    expect(remainingCost(1555, 33)).toBe(1042); // 1041.85
    expect(remainingCost(1, 50)).toBe(1); // 0.5 rounds up
  });
  it('recommendation formats map to remote or in_person', () => {
    expect(recommendationFormat('Distanciel')).toBe('remote');
    expect(recommendationFormat('Hybride')).toBe('remote');
    expect(recommendationFormat('E-learning')).toBe('remote');
    expect(recommendationFormat('présentiel')).toBe('in_person');
  });
});

describe('formats', () => {
  it.each([
    ['présentiel', 'in_person'],
    ['Présentiel', 'in_person'],
    ['distanciel', 'remote'],
    ['hybride', 'remote'],
    ['Hybride (présentiel et distanciel)', 'remote'],
    ['e-learning', 'e_learning'],
    ['E-Learning', 'e_learning'],
    ['inconnu', 'remote'],
  ] as const)('%s → %s', (label, code) => {
    expect(toTrainingFormat(label)).toBe(code);
  });
  it('labels back for display, including e-learning', () => {
    expect(formatLabel('in_person')).toBe('Présentiel');
    expect(formatLabel('remote')).toBe('Distanciel');
    expect(formatLabel('e_learning')).toBe('E-learning');
  });
});

describe('manual request (02 §9)', () => {
  it('coverage 100, remaining 0, status to_organize, funding OPCO', () => {
    const row = manualTrainingRequest(
      { topic: 'Anglais', description: 'Oral', format: 'remote', duration: 20, budget: 1200 },
      ctx,
    );
    expect(row).toMatchObject({
      topic: 'Anglais',
      pedagogical_objectives: 'Oral',
      format: 'remote',
      duration: 20,
      cost: 1200,
      coverage_rate: 100,
      remaining_cost: 0,
      status: 'to_organize',
      funding_type: 'OPCO',
    });
  });
});

describe('placeholder employee (02 §3)', () => {
  it('is À définir, other, employee, M', () => {
    expect(PLACEHOLDER_EMPLOYEE).toEqual({
      first_name: 'À',
      last_name: 'définir',
      department: 'other',
      category: 'employee',
      gender: 'M',
    });
  });
});

describe('plan aggregates', () => {
  it('count, hours, average coverage (1 decimal), budget, remaining', () => {
    expect(
      planAggregates([
        { duration: 14, cost: 1000, coverage_rate: 100, remaining_cost: 0 },
        { duration: 7, cost: 2000, coverage_rate: 50, remaining_cost: 1000 },
        { duration: 3, cost: 300, coverage_rate: 0 },
      ]),
    ).toEqual({
      count: 3,
      totalHours: 24,
      averageCoverage: 50,
      totalBudget: 3300,
      remainingCost: 1300,
    });
    expect(
      planAggregates([
        { duration: 1, cost: 0, coverage_rate: 100 },
        { duration: 1, cost: 0, coverage_rate: 33 },
        { duration: 1, cost: 0, coverage_rate: 0 },
      ]).averageCoverage,
    ).toBe(44.3);
  });
  it('an empty plan is all zero', () => {
    expect(planAggregates([])).toEqual({
      count: 0,
      totalHours: 0,
      averageCoverage: 0,
      totalBudget: 0,
      remainingCost: 0,
    });
  });
});

describe('plan filters', () => {
  const rows = [
    { topic: 'Excel', status: 'to_organize', employeeName: 'Éric Martin' },
    { topic: 'Anglais', status: 'completed', employeeName: 'Anne Roy' },
  ];
  it('searches employee name and topic, accent-insensitive', () => {
    expect(filterPlanRows(rows, { query: 'eric', status: 'all' })).toHaveLength(1);
    expect(filterPlanRows(rows, { query: 'ANGL', status: 'all' })[0]?.topic).toBe('Anglais');
    expect(filterPlanRows(rows, { query: '', status: 'all' })).toHaveLength(2);
  });
  it('gives the same result with a kept search text, keystroke after keystroke', () => {
    const kept = memoSearchText<(typeof rows)[number]>();
    for (const query of ['e', 'er', 'eri', 'ERIC', 'anne r', 'É', ''])
      expect(filterPlanRows(rows, { query, status: 'all' }, kept)).toEqual(
        filterPlanRows(rows, { query, status: 'all' }),
      );
    expect(kept(rows[0]!)).toBe('eric martin excel');
    expect(kept(rows[0]!)).toBe(planSearchText(rows[0]!));
  });
  it('filters by status', () => {
    expect(filterPlanRows(rows, { query: '', status: 'completed' }).map((r) => r.topic)).toEqual([
      'Anglais',
    ]);
  });
});
