// The plan CSV's funding columns (issue 30 item 4): the estimated share, reste à charge and rule
// after the 14 columns, the user's own rate only where typed, one summary record per year, the
// same injection-safe writer (every cell neutralised and quoted as the others).
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  neutralizeFormula,
  TRAINING_PLAN_CSV_HEADERS,
  type TrainingPlanCsvRow,
} from '@/domain/csv';
import {
  csvAmount,
  csvSpan,
  PLAN_FUNDING_CSV_HEADERS,
  type FundingCsvCells,
} from '@/domain/plan-funding-csv';
import { trainingPlanCsvChunks } from '@/domain/training-plan-csv';

type Row = TrainingPlanCsvRow & { id: string };
const row = (id: string, over: Partial<Row> = {}): Row => ({
  id,
  employee: { first_name: 'Inès', last_name: 'Dubois', department: 'hr' },
  topic: `Formation ${id}`,
  format: 'remote',
  duration: 14,
  cost: 1500,
  funding_type: 'OPCO',
  coverage_rate: 100,
  remaining_cost: 0,
  status: 'to_organize',
  created_at: '2026-03-02T10:00:00.000Z',
  ...over,
});

const parse = (rows: readonly Row[], cells: Map<string, FundingCsvCells>, summaries = []) => {
  const text = [
    ...trainingPlanCsvChunks(rows, 2, { cells: (r) => cells.get(r.id), summaries }),
  ].join('');
  return Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { delimiter: ';' }).data;
};

describe('amounts as spreadsheet numbers', () => {
  it('euros without grouping, a decimal comma, a range between the readings', () => {
    expect(csvAmount(105_000)).toBe('1050');
    expect(csvAmount(108_850)).toBe('1088,5');
    expect(csvAmount(108_805)).toBe('1088,05');
    expect(csvAmount(0)).toBe('0');
    expect(csvSpan({ min: 0, max: 150_000 })).toBe('0 à 1500');
  });
});

describe('the export with the estimate', () => {
  it('adds the three columns; the stored rate is written only when it is the user’s own', () => {
    const cells = new Map<string, FundingCsvCells>([
      ['a', { share: '1500', rest: '0', rule: 'coût pris en charge en entier', userRate: false }],
      ['b', { share: '0', rest: '1500', rule: 'plafond annuel atteint', userRate: false }],
      ['c', { share: '1200', rest: '300', rule: 'taux saisi par vous (80 %)', userRate: true }],
    ]);
    const records = parse(
      [row('a'), row('b'), row('c', { coverage_rate: 80, remaining_cost: 300 }), row('d')],
      cells,
    );
    expect(records[0]).toEqual([...PLAN_FUNDING_CSV_HEADERS]);
    expect(records[0]!.slice(0, 14)).toEqual([...TRAINING_PLAN_CSV_HEADERS]);
    expect(records[1]!.slice(10, 12)).toEqual(['', '']);
    expect(records[1]!.slice(14)).toEqual(['1500', '0', 'coût pris en charge en entier']);
    expect(records[2]!.slice(14)).toEqual(['0', '1500', 'plafond annuel atteint']);
    expect(records[3]!.slice(10, 12)).toEqual(['80', '300']);
    expect(records[3]!.slice(14)).toEqual(['1200', '300', 'taux saisi par vous (80 %)']);
    // A row without an estimate: empty funding cells, no default rate either.
    expect(records[4]!.slice(10, 12)).toEqual(['', '']);
    expect(records[4]!.slice(14)).toEqual(['', '', '']);
  });

  it('ends with one summary record per company and year, on the same columns', () => {
    const text = [
      ...trainingPlanCsvChunks([row('a')], 1000, {
        cells: () => undefined,
        summaries: [
          {
            label: 'Total 2026 · Atelier Martin',
            hours: 42,
            costCents: 450_000,
            share: '3000',
            rest: '1500',
            rule: 'Plafond annuel 3 000 € HT : utilisé 3 000 €, restant 0 €',
          },
        ],
      }),
    ].join('');
    const records = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { delimiter: ';' }).data;
    expect(records).toHaveLength(3);
    const summary = records[2]!;
    expect(summary).toHaveLength(17);
    expect(summary[2]).toBe('Total 2026 · Atelier Martin');
    expect(summary[7]).toBe('42');
    expect(summary[8]).toBe('4500');
    expect(summary.slice(14)).toEqual([
      '3000',
      '1500',
      'Plafond annuel 3 000 € HT : utilisé 3 000 €, restant 0 €',
    ]);
  });

  it('the same injection-safe writer: any text in the funding cells is neutralised and read back', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (rule, label) => {
        const text = [
          ...trainingPlanCsvChunks([row('a')], 1000, {
            cells: () => ({ share: '1', rest: '2', rule, userRate: false }),
            summaries: [{ label, hours: 1, costCents: 100, share: '', rest: '', rule: `=${rule}` }],
          }),
        ].join('');
        const records = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), {
          delimiter: ';',
        }).data;
        expect(records).toHaveLength(3);
        for (const r of records) expect(r).toHaveLength(17);
        for (const cell of [records[1]![16]!, records[2]![2]!, records[2]![16]!])
          expect(cell.trimStart()).not.toMatch(/^[=+\-@]/);
        // Exactly what the writer does to every other cell.
        expect(records[1]![16]).toBe(neutralizeFormula(rule));
        expect(records[2]![16]).toBe(neutralizeFormula(`=${rule}`));
        expect(records[2]![2]).toBe(neutralizeFormula(label));
      }),
      { numRuns: 200 },
    );
  });
});
