import { describe, expect, it } from 'vitest';
import {
  COMMENT_MARKER,
  NO_VALUE_MARKERS,
  SUM_UNIT,
  UNAVAILABLE_MARKER,
  UNLIMITED_MARKERS,
  budgetFromSimulation,
  deriveBudget,
  parseBudgetLookup,
  parseRate,
  toSimulationBudgetFields,
  unknownBudgetResult,
} from '@/domain/budget';

const type = (info: Record<string, unknown>) => deriveBudget(info).budget.budgetType;

describe('deriveBudget: null input', () => {
  it.each([null, undefined, 'text', 42, [1, 2]])(
    '%s is UNKNOWN with empty opco, rate 0, budgetInfo null',
    (input) => {
      expect(deriveBudget(input)).toEqual({
        budget: { budgetType: 'UNKNOWN', condition: '' },
        opco: '',
        tauxPriseEnCharge: 0,
        budgetInfo: null,
      });
    },
  );
});

describe('deriveBudget: total is unlimited', () => {
  it.each(['Coût réel', 'coût réel', 'unlimited', 'UNLIMITED', 'illimité', ' Illimité '])(
    '%s is ILLIMITED',
    (total) => {
      expect(
        type({
          totalBudget_value: total,
          legalBudget_value: '1000',
          conventionalBudget_value: '2000',
        }),
      ).toBe('ILLIMITED');
    },
  );
  it('exports the chosen markers', () => {
    expect(UNLIMITED_MARKERS).toEqual(['Coût réel', 'unlimited', 'illimité']);
    expect(COMMENT_MARKER).toBe('Voir commentaire');
    expect(UNAVAILABLE_MARKER).toBe('Information indisponible');
    expect(NO_VALUE_MARKERS).toEqual(['Non', 'non communiqué']);
    expect(SUM_UNIT).toBe('€ HT');
  });
});

describe('deriveBudget: total unknown, zero or unavailable', () => {
  const totals: unknown[] = [
    null,
    undefined,
    '',
    '  ',
    '0',
    0,
    '0 €',
    'Information indisponible',
    'information indisponible',
    'Non',
    'non communiqué',
  ];
  it.each(totals)('total %s with an unlimited legal is ILLIMITED', (total) => {
    expect(type({ totalBudget_value: total, legalBudget_value: 'Coût réel' })).toBe('ILLIMITED');
  });
  it('an unlimited conventional budget is ILLIMITED', () => {
    expect(
      type({
        totalBudget_value: null,
        legalBudget_value: '1000',
        conventionalBudget_value: 'illimité',
      }),
    ).toBe('ILLIMITED');
  });
  it.each(totals)('total %s with legal and conventional empty or zero is UNKNOWN', (total) => {
    expect(
      type({ totalBudget_value: total, legalBudget_value: '0', conventionalBudget_value: '' }),
    ).toBe('UNKNOWN');
    expect(
      type({ totalBudget_value: total, legalBudget_value: null, conventionalBudget_value: 0 }),
    ).toBe('UNKNOWN');
    expect(type({ totalBudget_value: total })).toBe('UNKNOWN');
  });
  it('only legal present is LEGAL', () => {
    const r = deriveBudget({
      totalBudget_value: '0',
      legalBudget_value: '3 500',
      legalBudget_unity: '€ HT',
      conventionalBudget_value: '0',
    });
    expect(r.budget.budgetType).toBe('LEGAL');
    expect(r.budget.legal).toEqual({ euros: 3500, unity: '€ HT', raw: '3 500' });
  });
  it('only conventional present is CONVENTION', () => {
    expect(
      type({ totalBudget_value: null, legalBudget_value: 'Non', conventionalBudget_value: '1200' }),
    ).toBe('CONVENTION');
  });
  it('both present is LEGAL_CONVENTION', () => {
    expect(
      type({
        totalBudget_value: 'Information indisponible',
        legalBudget_value: '1000',
        conventionalBudget_value: '2000',
      }),
    ).toBe('LEGAL_CONVENTION');
  });
  it("'Information indisponible' as legal counts as empty", () => {
    expect(
      type({
        totalBudget_value: null,
        legalBudget_value: 'Information indisponible',
        conventionalBudget_value: '5',
      }),
    ).toBe('CONVENTION');
  });
});

describe('deriveBudget: total present', () => {
  const base = { totalBudget_value: '5000', totalBudget_unity: '€ HT' };
  it('legal and conventional values with a percent in the condition is LEGAL_CONVENTION', () => {
    expect(
      type({
        ...base,
        legalBudget_value: '1000',
        conventionalBudget_value: '2000',
        Budget_condition: '50 % du coût',
      }),
    ).toBe('LEGAL_CONVENTION');
  });
  it('without a percent in the condition the rule does not apply', () => {
    expect(
      type({
        ...base,
        legalBudget_value: '1000',
        conventionalBudget_value: '2000',
        Budget_condition: 'aucune',
      }),
    ).toBe('TOTAL');
  });
  it('for the percent rule a zero value exists (only empty values do not)', () => {
    expect(
      type({
        ...base,
        legalBudget_value: '0',
        conventionalBudget_value: '2000',
        Budget_condition: '50 %',
      }),
    ).toBe('LEGAL_CONVENTION');
  });
  it('the percent rule needs both values', () => {
    expect(type({ ...base, legalBudget_value: '1000', Budget_condition: '50 %' })).toBe('TOTAL');
  });
  it('total equal to the comment marker is COMMENT', () => {
    expect(type({ totalBudget_value: 'Voir commentaire' })).toBe('COMMENT');
    expect(type({ totalBudget_value: ' voir commentaire ' })).toBe('COMMENT');
  });
  it('legal and conventional numeric in € HT is SUM_OF_LEGAL_AND_CONVENTION with the sum', () => {
    const r = deriveBudget({
      ...base,
      legalBudget_value: '1 000',
      legalBudget_unity: '€ HT',
      conventionalBudget_value: '2\u202f500',
      conventionalBudget_unity: '€\u00a0HT',
    });
    expect(r.budget.budgetType).toBe('SUM_OF_LEGAL_AND_CONVENTION');
    expect(r.budget.total).toEqual({ euros: 3500, unity: '€ HT', raw: '3500' });
  });
  it('the sum needs the same unit € HT on both', () => {
    expect(
      type({
        ...base,
        legalBudget_value: '1000',
        legalBudget_unity: '€ HT',
        conventionalBudget_value: '2000',
        conventionalBudget_unity: '€',
      }),
    ).toBe('TOTAL');
  });
  it('the sum needs both numeric', () => {
    expect(
      type({
        ...base,
        legalBudget_value: '1000',
        legalBudget_unity: '€ HT',
        conventionalBudget_value: 'Voir',
        conventionalBudget_unity: '€ HT',
      }),
    ).toBe('TOTAL');
  });
  it('a non-empty total is TOTAL with its amount parsed after stripping spaces', () => {
    const r = deriveBudget({ totalBudget_value: '12 000', totalBudget_unity: '€' });
    expect(r.budget.budgetType).toBe('TOTAL');
    expect(r.budget.total).toEqual({ euros: 12000, unity: '€', raw: '12 000' });
  });
  it('narrow no-break spaces are stripped', () => {
    expect(deriveBudget({ totalBudget_value: '12\u202f345' }).budget.total?.euros).toBe(12345);
  });
  it('a total containing the unavailable marker is UNKNOWN (anything else)', () => {
    expect(type({ totalBudget_value: 'Information indisponible pour 2026' })).toBe('UNKNOWN');
  });
  it('a textual total without a number is TOTAL with no euros', () => {
    const r = deriveBudget({ totalBudget_value: 'Sur devis' });
    expect(r.budget.budgetType).toBe('TOTAL');
    expect(r.budget.total?.euros).toBeNull();
  });
});

describe('deriveBudget: copies and parsing', () => {
  it('copies the condition text and reads opco and rate', () => {
    const r = deriveBudget({
      totalBudget_value: '100',
      Budget_condition: 'Non',
      opco: ' AKTO ',
      rateOfCoverage: '80 %',
    });
    expect(r.budget.condition).toBe('Non');
    expect(r.opco).toBe('AKTO');
    expect(r.tauxPriseEnCharge).toBe(80);
  });
  it('amounts are integers (decimal part dropped)', () => {
    expect(deriveBudget({ totalBudget_value: '3 500,75' }).budget.total?.euros).toBe(3500);
    expect(deriveBudget({ totalBudget_value: 3500.9 }).budget.total?.euros).toBe(3500);
  });
  it('keeps the raw record with booleans as Oui/Non', () => {
    const r = deriveBudget({ totalBudget_value: '1', isWagesInBudget: false, extra: { x: 1 } });
    expect(r.budgetInfo?.isWagesInBudget).toBe('Non');
    expect(r.budgetInfo).not.toHaveProperty('extra');
  });
  it('never derives LEGAL_CONVENTION_DISPLAYED nor AUTO_ENTREPRENEUR from a record', () => {
    for (const info of [
      {},
      { totalBudget_value: 'LEGAL_CONVENTION_DISPLAYED' },
      { totalBudget_value: 'AUTO_ENTREPRENEUR' },
    ]) {
      expect(['LEGAL_CONVENTION_DISPLAYED', 'AUTO_ENTREPRENEUR']).not.toContain(type(info));
    }
  });
});

describe('parseRate', () => {
  it.each([
    ['80', 80],
    ['80 %', 80],
    [100, 100],
    ['150', 100],
    ['-5', 0],
    ['abc', 0],
    [null, 0],
    ['0,8', 0],
  ] as const)('%s is %s', (input, expected) => {
    expect(parseRate(input)).toBe(expected);
  });
});

describe('parseBudgetLookup', () => {
  it('derives from budgetInfo; response opco and rate win', () => {
    const r = parseBudgetLookup({
      budgetType: 'TOTAL',
      opco: 'OPCO EP',
      tauxPriseEnCharge: '70',
      budgetInfo: { totalBudget_value: '900', opco: 'x', rateOfCoverage: '10' },
    });
    expect(r.budget.budgetType).toBe('TOTAL');
    expect(r.opco).toBe('OPCO EP');
    expect(r.tauxPriseEnCharge).toBe(70);
  });
  it('falls back to the record opco and rate', () => {
    const r = parseBudgetLookup({
      budgetInfo: { totalBudget_value: '900', opco: 'AFDAS', rateOfCoverage: '10' },
    });
    expect(r.opco).toBe('AFDAS');
    expect(r.tauxPriseEnCharge).toBe(10);
  });
  it('a response that is not an object is the failure fallback', () => {
    expect(parseBudgetLookup('<html>')).toEqual(unknownBudgetResult());
  });
  it('a null budgetInfo is UNKNOWN', () => {
    expect(parseBudgetLookup({ budgetType: 'TOTAL', budgetInfo: null }).budget.budgetType).toBe(
      'UNKNOWN',
    );
  });
});

describe('toSimulationBudgetFields', () => {
  const range = { min: 1, max: 10 };
  it('maps a parsed lookup to the simulation columns', () => {
    const parsed = parseBudgetLookup({
      opco: 'AKTO',
      tauxPriseEnCharge: 100,
      budgetInfo: {
        legalBudget_value: '1000',
        legalBudget_unity: '€ HT',
        conventionalBudget_value: '500',
        conventionalBudget_unity: '€ HT',
        totalBudget_value: '2000',
        Budget_condition: 'Sous réserve',
      },
    });
    expect(toSimulationBudgetFields(parsed, range)).toEqual({
      budget_type: 'SUM_OF_LEGAL_AND_CONVENTION',
      budget_legal: 1000,
      budget_convention: 500,
      budget_total: 1500,
      budget_condition: 'Sous réserve',
      opco_name: 'AKTO',
      taux_prise_en_charge: 100,
    });
  });
  it('a failed lookup (null) is UNKNOWN, empty opco, rate 0', () => {
    expect(toSimulationBudgetFields(null, range)).toEqual({
      budget_type: 'UNKNOWN',
      budget_legal: null,
      budget_convention: null,
      budget_total: null,
      budget_condition: null,
      opco_name: '',
      taux_prise_en_charge: 0,
    });
  });
  it('the 0-0 range is AUTO_ENTREPRENEUR whatever the lookup', () => {
    const parsed = parseBudgetLookup({ budgetInfo: { totalBudget_value: '900' } });
    expect(toSimulationBudgetFields(parsed, { min: 0, max: 0 }).budget_type).toBe(
      'AUTO_ENTREPRENEUR',
    );
    expect(toSimulationBudgetFields(parsed, { min: 0, max: 0 }).budget_total).toBeNull();
  });
  it('LEGAL_CONVENTION_DISPLAYED is stored as LEGAL_CONVENTION', () => {
    const parsed = {
      ...unknownBudgetResult(),
      budget: { budgetType: 'LEGAL_CONVENTION_DISPLAYED' as const, condition: '' },
    };
    expect(toSimulationBudgetFields(parsed, range).budget_type).toBe('LEGAL_CONVENTION');
  });
});

describe('budgetFromSimulation', () => {
  it('reads the stored amounts with € by default', () => {
    const b = budgetFromSimulation({
      budget_type: 'TOTAL',
      budget_total: 4200,
      budget_legal: null,
      budget_condition: 'Non',
    });
    expect(b).toEqual({
      budgetType: 'TOTAL',
      condition: 'Non',
      total: { euros: 4200, unity: '€', raw: '4200' },
    });
  });
  it('takes units from the cached budget info, € HT for a sum', () => {
    const b = budgetFromSimulation(
      {
        budget_type: 'SUM_OF_LEGAL_AND_CONVENTION',
        budget_total: 3,
        budget_legal: 1,
        budget_convention: 2,
      },
      { legalBudget_unity: '€ TTC', conventionalBudget_unity: '€ HT' },
    );
    expect(b.total?.unity).toBe('€ HT');
    expect(b.legal?.unity).toBe('€ TTC');
  });
  it('an unknown stored type is UNKNOWN', () => {
    expect(budgetFromSimulation({ budget_type: 'bogus' }).budgetType).toBe('UNKNOWN');
  });
});
