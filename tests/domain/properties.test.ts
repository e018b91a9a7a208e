// Property-based tests (fast-check): budget derivation is total; the CSV round-trips.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { deriveBudget, BUDGET_INFO_FIELDS, toSimulationBudgetFields } from '@/domain/budget';
import { buildBudgetDetails, buildBudgetView, isBudgetKnown } from '@/domain/budget-display';
import { BUDGET_TYPES } from '@/domain/contracts';
import {
  buildTrainingPlanCsv,
  neutralizeFormula,
  trainingPlanCsvRecord,
  type TrainingPlanCsvRow,
} from '@/domain/csv';

const markers = fc.constantFrom(
  'Coût réel',
  'unlimited',
  'ILLIMITÉ',
  'Voir commentaire',
  'Information indisponible',
  'Information indisponible (2026)',
  'Non',
  'non communiqué',
  '€ HT',
  '€',
  '0',
  '3 500',
  '1\u202f200',
  '12,5 %',
  '',
  ' ',
);
const junk = fc.oneof(
  markers,
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
const budgetRecord = fc.record(Object.fromEntries(BUDGET_INFO_FIELDS.map((f) => [f, junk])), {
  requiredKeys: [],
});

describe('deriveBudget is total', () => {
  it('never throws on arbitrary values and returns one of the types', () => {
    fc.assert(
      fc.property(fc.oneof(budgetRecord, fc.anything()), (input) => {
        const result = deriveBudget(input);
        expect(BUDGET_TYPES).toContain(result.budget.budgetType);
        expect(Number.isInteger(result.tauxPriseEnCharge)).toBe(true);
        expect(result.tauxPriseEnCharge).toBeGreaterThanOrEqual(0);
        expect(result.tauxPriseEnCharge).toBeLessThanOrEqual(100);
        expect(typeof result.opco).toBe('string');
        // Downstream rules are total on the result as well.
        buildBudgetView(
          result.budget,
          input && typeof input === 'object' ? (input as Record<string, unknown>).comments : null,
        );
        isBudgetKnown(result.budget);
        buildBudgetDetails(input);
        const fields = toSimulationBudgetFields(result, { min: 1, max: 10 });
        for (const amount of [fields.budget_legal, fields.budget_convention, fields.budget_total]) {
          if (amount !== null) expect(Number.isInteger(amount) && amount >= 0).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    // 2,000 arbitrary values: ~2 s alone, over vitest's 5 s default on 2 shared, loaded cores.
  }, 30_000);
  it('a SUM total is always the sum of legal and convention', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), (a, b) => {
        const r = deriveBudget({
          totalBudget_value: '1',
          legalBudget_value: String(a),
          legalBudget_unity: '€ HT',
          conventionalBudget_value: String(b),
          conventionalBudget_unity: '€ HT',
        });
        expect(r.budget.budgetType).toBe('SUM_OF_LEGAL_AND_CONVENTION');
        expect(r.budget.total?.euros).toBe(a + b);
      }),
    );
  });
});

describe('CSV round trip', () => {
  const text = fc.string({
    unit: fc.oneof(
      fc.constantFrom('"', ';', ',', '\n', '\r', '\t', '=', '+', '-', '@', ' ', 'é', '€'),
      fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
    ),
  });
  const row: fc.Arbitrary<TrainingPlanCsvRow> = fc.record({
    employee: fc.option(
      fc.record({
        first_name: text,
        last_name: text,
        department: fc.constantFrom('hr', 'tech', 'other', 'x'),
      }),
    ),
    topic: text,
    pedagogical_objectives: text,
    business_impact: fc.constantFrom('high', 'medium', 'low'),
    format: fc.constantFrom('remote', 'in_person', 'e_learning'),
    training_organization: text,
    duration: fc.nat(),
    cost: fc.nat(),
    funding_type: text,
    coverage_rate: fc.nat({ max: 100 }),
    remaining_cost: fc.nat(),
    status: fc.constantFrom('to_organize', 'completed', 'bogus'),
    created_at: fc.constantFrom('2026-11-22T10:00:00Z', 'not a date'),
  });

  it('papaparse.parse gives back every cell (formula cells keep their leading quote)', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows) => {
        const { content } = buildTrainingPlanCsv(rows, new Date('2026-11-22T10:00:00Z'));
        expect(content.charCodeAt(0)).toBe(0xfeff);
        const parsed = Papa.parse<string[]>(content.slice(1), { delimiter: ';', newline: '\r\n' });
        expect(parsed.errors).toEqual([]);
        const [, ...records] = parsed.data;
        expect(records).toEqual(rows.map(trainingPlanCsvRecord));
        // Every text cell is the original text, neutralised when it starts a formula.
        rows.forEach((r, i) => {
          expect(records[i]?.[2]).toBe(neutralizeFormula(r.topic));
          expect(records[i]?.[3]).toBe(neutralizeFormula(r.pedagogical_objectives ?? ''));
          expect(records[i]?.[7]).toBe(String(r.duration));
        });
      }),
      { numRuns: 300 },
    );
  });
  it('no cell starts a formula', () => {
    fc.assert(
      fc.property(row, (r) => {
        for (const cell of trainingPlanCsvRecord(r)) expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
      }),
    );
  });
});
