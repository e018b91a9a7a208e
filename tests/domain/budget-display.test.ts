import { describe, expect, it } from 'vitest';
import type { Budget } from '@/domain/budget';
import {
  budgetField,
  buildBudgetDetails,
  buildBudgetView,
  buildFormHiddenFields,
  employeesField,
  formatAmount,
  formatMoney,
  isBudgetKnown,
  isLargeText,
  showCoverageLine,
} from '@/domain/budget-display';

const amount = (euros: number | null, unity = '€') => ({
  euros,
  unity,
  raw: euros === null ? 'Sur devis' : String(euros),
});
const budget = (b: Partial<Budget>): Budget => ({ budgetType: 'TOTAL', condition: '', ...b });

describe('formatMoney', () => {
  it('formats in French locale with the unit', () => {
    expect(formatMoney(3500, '€ HT')).toBe('3\u202f500\u00a0€ HT');
    expect(formatMoney(1234567)).toBe('1\u202f234\u202f567\u00a0€');
  });
  it('uses € when the unit is empty', () => {
    expect(formatMoney(10, '')).toBe('10\u00a0€');
  });
  it('shows the fund text when there are no euros', () => {
    expect(formatAmount(amount(null))).toBe('Sur devis');
  });
});

describe('large text rule (20 characters)', () => {
  it('20 characters is not large, 21 is', () => {
    expect(isLargeText('x'.repeat(20))).toBe(false);
    expect(isLargeText('x'.repeat(21))).toBe(true);
  });
});

describe('isBudgetKnown', () => {
  it('ILLIMITED is known without amounts', () => {
    expect(isBudgetKnown(budget({ budgetType: 'ILLIMITED' }))).toBe(true);
  });
  it('UNKNOWN is not known even with amounts', () => {
    expect(isBudgetKnown(budget({ budgetType: 'UNKNOWN', total: amount(100) }))).toBe(false);
  });
  it('a non-zero total, legal or convention makes it known', () => {
    expect(isBudgetKnown(budget({ total: amount(1) }))).toBe(true);
    expect(isBudgetKnown(budget({ budgetType: 'LEGAL', legal: amount(1) }))).toBe(true);
    expect(isBudgetKnown(budget({ budgetType: 'CONVENTION', convention: amount(1) }))).toBe(true);
  });
  it('all zero or absent is not known', () => {
    expect(isBudgetKnown(budget({ total: amount(0), legal: amount(0) }))).toBe(false);
    expect(isBudgetKnown(budget({ budgetType: 'COMMENT' }))).toBe(false);
    expect(isBudgetKnown(budget({ total: amount(null) }))).toBe(false);
  });
});

describe('showCoverageLine', () => {
  it('shows when rate > 0 and type is not unknown', () => {
    expect(showCoverageLine(1, 'TOTAL')).toBe(true);
  });
  it('hidden at rate 0', () => {
    expect(showCoverageLine(0, 'TOTAL')).toBe(false);
  });
  it('hidden for UNKNOWN', () => {
    expect(showCoverageLine(80, 'UNKNOWN')).toBe(false);
  });
});

describe('buildBudgetView', () => {
  it('COMMENT and UNKNOWN: not communicated, with comments unless Non', () => {
    expect(buildBudgetView(budget({ budgetType: 'COMMENT' }), 'Voir avec l’OPCO')).toEqual({
      kind: 'notCommunicated',
      text: "Le budget formation de votre entreprise n'est pas communiqué.",
      comments: 'Voir avec l’OPCO',
    });
    expect(buildBudgetView(budget({ budgetType: 'UNKNOWN' }), 'Non')).toMatchObject({
      kind: 'notCommunicated',
      comments: null,
    });
    expect(buildBudgetView(budget({ budgetType: 'UNKNOWN' }))).toMatchObject({ comments: null });
  });
  it('ILLIMITED', () => {
    expect(buildBudgetView(budget({ budgetType: 'ILLIMITED' }))).toEqual({
      kind: 'unlimited',
      text: 'Budget illimité !',
    });
  });
  it('TOTAL and SUM: Budget Total : amount', () => {
    for (const budgetType of ['TOTAL', 'SUM_OF_LEGAL_AND_CONVENTION'] as const) {
      expect(buildBudgetView(budget({ budgetType, total: amount(3500, '€ HT') }))).toEqual({
        kind: 'amounts',
        lines: [
          {
            label: 'Budget Total : ',
            prefix: '',
            amountText: '3\u202f500\u00a0€ HT',
            large: false,
          },
        ],
      });
    }
  });
  it('LEGAL and CONVENTION', () => {
    expect(buildBudgetView(budget({ budgetType: 'LEGAL', legal: amount(10) }))).toMatchObject({
      lines: [{ label: 'Budget Légal', amountText: '10\u00a0€' }],
    });
    expect(
      buildBudgetView(budget({ budgetType: 'CONVENTION', convention: amount(20) })),
    ).toMatchObject({
      lines: [{ label: 'Budget Conventionnel', amountText: '20\u00a0€' }],
    });
  });
  it('LEGAL_CONVENTION: both lines, the second prefixed +', () => {
    const view = buildBudgetView(
      budget({ budgetType: 'LEGAL_CONVENTION', legal: amount(10), convention: amount(20) }),
    );
    expect(view).toMatchObject({
      kind: 'amounts',
      lines: [
        { label: 'Budget Légal', prefix: '' },
        { label: 'Budget Conventionnel', prefix: '+' },
      ],
    });
  });
  it('marks a long amount text as large', () => {
    const view = buildBudgetView(budget({ total: amount(1_000_000_000, '€ HT par salarié') }));
    expect(view.kind === 'amounts' && view.lines[0]?.large).toBe(true);
  });
  it.each(['LEGAL_CONVENTION_DISPLAYED', 'AUTO_ENTREPRENEUR', 'whatever'])(
    '%s: the Oups text',
    (budgetType) => {
      expect(buildBudgetView(budget({ budgetType: budgetType as Budget['budgetType'] }))).toEqual({
        kind: 'oups',
        text: "Oups, il semblerait que l'on ne trouve pas votre budget",
        promise: 'Nous vous répondons par mail sous 24 heures.',
      });
    },
  );
});

describe('buildBudgetDetails', () => {
  const full = {
    dailyCap_minValue: '1500',
    dailyCap_unity: '€',
    dailyCap_conditions: 'par jour',
    rateOfCoverage: '80',
    hourlyCap_minValue: '60',
    hourlyCap_unity: '€/h',
    hourlyVolumeCap_minValue: '35',
    hourlyVolumeCap_unity: 'h',
    isWagesInBudget: 'Oui',
    additionalCosts_value: 'Oui',
    comments: 'Un commentaire',
    thematicConditions: 'Formations certifiantes',
    pdcUpdatedAt: '2026-11-22',
  };
  const value = (rows: ReturnType<typeof buildBudgetDetails>, key: string) =>
    rows.find((r) => r.key === key)?.value;

  it('lists the labels in order', () => {
    expect(buildBudgetDetails(full).map((r) => r.label)).toEqual([
      'Plafond journalier',
      'Taux de prise en charge (%)',
      'Tarif horaire max',
      'Frais de salaire',
      'Volume horaire max',
      'Frais annexes',
      'Commentaires',
      'Conditions particulières',
      'Dernière mise à jour',
    ]);
  });
  it('formats values', () => {
    const rows = buildBudgetDetails(full);
    expect(value(rows, 'dailyCap')).toBe('1\u202f500\u00a0€');
    expect(rows[0]?.conditions).toBe('par jour');
    expect(value(rows, 'coverageRate')).toBe('80');
    expect(value(rows, 'hourlyCap')).toBe('60\u00a0€/h');
    expect(value(rows, 'updatedAt')).toBe('22 novembre 2026');
  });
  it("daily cap 'Aucun' if 'Non'", () => {
    expect(value(buildBudgetDetails({ ...full, dailyCap_minValue: 'Non' }), 'dailyCap')).toBe(
      'Aucun',
    );
  });
  it("wages and additional costs: 'Pas pris en charge' if 'Non', else 'Pris en charge'", () => {
    const no = buildBudgetDetails({
      ...full,
      isWagesInBudget: 'Non',
      additionalCosts_value: 'non',
    });
    expect(value(no, 'wages')).toBe('Pas pris en charge');
    expect(value(no, 'additionalCosts')).toBe('Pas pris en charge');
    const yes = buildBudgetDetails({
      ...full,
      isWagesInBudget: 'Oui',
      additionalCosts_value: '50 €',
    });
    expect(value(yes, 'wages')).toBe('Pris en charge');
    expect(value(yes, 'additionalCosts')).toBe('Pris en charge');
    expect(value(buildBudgetDetails({ ...full, isWagesInBudget: false }), 'wages')).toBe(
      'Pas pris en charge',
    );
  });
  // (ours, issue 15) a source that says nothing about salaries or annex costs does not read as
  // "covered": the published criteria rarely state annex costs as figures.
  // (ours, issue 15) the OPCOs publish caps, rarely rates: an unpublished rate is not « 0 ».
  it("coverage rate not given: 'Non communiqué', also when the lookup's rate is 0", () => {
    const rows = buildBudgetDetails({ ...full, rateOfCoverage: null }, 0);
    expect(value(rows, 'coverageRate')).toBe('Non communiqué');
    expect(value(buildBudgetDetails({ ...full, rateOfCoverage: '0' }, 0), 'coverageRate')).toBe(
      '0',
    );
    expect(value(buildBudgetDetails({ ...full, rateOfCoverage: null }, 80), 'coverageRate')).toBe(
      '80',
    );
  });
  it("wages and additional costs not given: 'Non communiqué', never 'Pris en charge'", () => {
    for (const missing of [null, '', '  ', 'Information indisponible']) {
      const rows = buildBudgetDetails({
        ...full,
        isWagesInBudget: missing,
        additionalCosts_value: missing,
      });
      expect(value(rows, 'wages')).toBe('Non communiqué');
      expect(value(rows, 'additionalCosts')).toBe('Non communiqué');
    }
  });
  it("Conditions particulières only if not 'Non'", () => {
    expect(
      buildBudgetDetails({ ...full, thematicConditions: 'Non' }).some(
        (r) => r.key === 'thematicConditions',
      ),
    ).toBe(false);
    expect(value(buildBudgetDetails(full), 'thematicConditions')).toBe('Formations certifiantes');
  });
  it('unpublished fields read Non communiqué; not an object gives no rows', () => {
    expect(value(buildBudgetDetails({}), 'comments')).toBe('Non communiqué');
    expect(buildBudgetDetails(null)).toEqual([]);
  });
});

describe('embedded form hidden fields', () => {
  it('employes is min when min = max, else min-max', () => {
    expect(employeesField(12, 12)).toBe('12');
    expect(employeesField(11, 49)).toBe('11-49');
  });
  it('budget is the first available euros amount', () => {
    expect(
      budgetField(budget({ total: amount(0), legal: amount(300), convention: amount(400) })),
    ).toBe('300');
    expect(budgetField(budget({ total: amount(900), legal: amount(300) }))).toBe('900');
    expect(budgetField(budget({ convention: amount(400) }))).toBe('400');
  });
  it("budget is 'Non communiqué' without any", () => {
    expect(budgetField(budget({ total: amount(null) }))).toBe('Non communiqué');
  });
  it('builds the five fields', () => {
    expect(
      buildFormHiddenFields({
        email: 'a@b.fr',
        idcc: '1486',
        range: { min: 1, max: 10 },
        budget: budget({ total: amount(5) }),
        phone: null,
      }),
    ).toEqual({ email: 'a@b.fr', idcc: '1486', employes: '1-10', budget: '5', phone_number: '' });
  });
});
