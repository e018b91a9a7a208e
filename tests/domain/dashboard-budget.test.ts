import { describe, expect, it } from 'vitest';
import { parseBudgetLookup, unknownBudgetResult } from '@/domain/budget';
import {
  formUrlWithFields,
  resolveDashboardBudget,
  type DashboardLookup,
} from '@/domain/dashboard-budget';

const simulation = {
  budget_type: 'TOTAL',
  budget_total: 3000,
  budget_legal: null,
  budget_convention: null,
  budget_condition: null,
  taux_prise_en_charge: 80,
  opco_name: 'Atlas',
  updated_at: '2026-11-12T09:00:00.000Z',
};

const info = {
  totalBudget_value: '5 000',
  totalBudget_unity: '€ HT',
  legalBudget_value: null,
  conventionalBudget_value: null,
  Budget_condition: 'Non',
  comments: 'Voir les conditions',
  pdcUpdatedAt: '2026-06-24',
};
const answered = (
  source: 'network' | 'cache',
  fetchedAt = '2026-11-10T08:00:00.000Z',
): DashboardLookup => ({
  source,
  result: parseBudgetLookup({
    budgetType: 'TOTAL',
    opco: 'OPCO EP',
    tauxPriseEnCharge: 100,
    budgetInfo: info,
  }),
  fetchedAt,
});

describe('resolveDashboardBudget (02 §2.3, §4)', () => {
  it('renders the stored simulation at once while the lookup runs, with no date', () => {
    const view = resolveDashboardBudget(simulation, undefined);
    expect(view.origin).toBe('simulation');
    expect(view.budget.budgetType).toBe('TOTAL');
    expect(view.budget.total).toEqual({ euros: 3000, unity: '€', raw: '3000' });
    expect(view.rate).toBe(80);
    expect(view.opcoName).toBe('Atlas');
    expect(view.budgetInfo).toBeNull();
    expect(view.asOf).toBeNull();
  });

  it('takes the network answer: figure with its unit, rate, OPCO, financing conditions, no date', () => {
    const view = resolveDashboardBudget(simulation, answered('network'));
    expect(view.origin).toBe('network');
    expect(view.budget.total).toMatchObject({ euros: 5000, unity: '€ HT' });
    expect(view.rate).toBe(100);
    expect(view.opcoName).toBe('OPCO EP');
    expect(view.budgetInfo?.comments).toBe('Voir les conditions');
    expect(view.asOf).toBeNull();
  });

  it('dates a cached answer with its fetch date', () => {
    const view = resolveDashboardBudget(simulation, answered('cache'));
    expect(view.origin).toBe('cache');
    expect(view.asOf).toBe('2026-11-10T08:00:00.000Z');
  });

  it('keeps the stored figure, dated, when the lookup obtained nothing (offline, nothing cached)', () => {
    const none: DashboardLookup = {
      source: 'none',
      result: unknownBudgetResult(),
      fetchedAt: null,
    };
    const view = resolveDashboardBudget(simulation, none);
    expect(view.origin).toBe('simulation');
    expect(view.budget.budgetType).toBe('TOTAL');
    expect(view.asOf).toBe('2026-11-12T09:00:00.000Z');
  });

  it('never dates a figure that is not known', () => {
    const none: DashboardLookup = {
      source: 'none',
      result: unknownBudgetResult(),
      fetchedAt: null,
    };
    const unknown = { ...simulation, budget_type: 'UNKNOWN', budget_total: null };
    expect(resolveDashboardBudget(unknown, none).asOf).toBeNull();
    const cachedUnknown: DashboardLookup = {
      source: 'cache',
      result: unknownBudgetResult(),
      fetchedAt: '2026-11-10',
    };
    expect(resolveDashboardBudget(simulation, cachedUnknown).asOf).toBeNull();
  });

  it('keeps the stored OPCO when the answer has none, and null lookup means no lookup is made', () => {
    const noOpco: DashboardLookup = {
      ...answered('network'),
      result: { ...answered('network').result, opco: '' },
    };
    expect(resolveDashboardBudget(simulation, noOpco).opcoName).toBe('Atlas');
    const view = resolveDashboardBudget(simulation, null);
    expect(view.origin).toBe('simulation');
    expect(view.asOf).toBeNull();
  });

  it('is total on junk rows', () => {
    const view = resolveDashboardBudget(
      { budget_type: 'NOPE', taux_prise_en_charge: 'x', updated_at: 'junk' },
      {
        source: 'none',
        result: unknownBudgetResult(),
        fetchedAt: null,
      },
    );
    expect(view.budget.budgetType).toBe('UNKNOWN');
    expect(view.rate).toBe(0);
    expect(view.asOf).toBeNull();
  });
});

describe('formUrlWithFields (02 §7.5)', () => {
  const fields = {
    email: 'a@b.fr',
    idcc: '1486',
    employes: '11-49',
    budget: '5000',
    phone_number: '06 12 34 56 78',
  };
  it('adds the hidden fields as query parameters, keeping existing ones', () => {
    const url = new URL(formUrlWithFields('https://form.example/f?lang=fr', fields)!);
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('email')).toBe('a@b.fr');
    expect(url.searchParams.get('idcc')).toBe('1486');
    expect(url.searchParams.get('employes')).toBe('11-49');
    expect(url.searchParams.get('budget')).toBe('5000');
    expect(url.searchParams.get('phone_number')).toBe('06 12 34 56 78');
  });
  it('refuses unusable base URLs', () => {
    expect(formUrlWithFields('not a url', fields)).toBeNull();
    expect(formUrlWithFields('javascript:alert(1)', fields)).toBeNull();
  });
});
