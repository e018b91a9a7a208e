// How the dashboard shows a BudgetFigure (issue 27): lines per kind, the headline and the
// criteria's age against today (item 8), what makes a figure known, and the dashboard's reading of
// an answer with a figure or of an unknown IDCC.
import { describe, expect, it } from 'vitest';
import { parseBudgetLookup } from '@/domain/budget';
import {
  buildFigureView,
  criteriaAge,
  hourlyCapOf,
  isFigureKnown,
  salaryOf,
} from '@/domain/budget-figure-display';
import { isDashboardBudgetKnown, resolveDashboardBudget } from '@/domain/dashboard-budget';
import { figure, part, source } from '../fixtures/budget-figure';

describe('buildFigureView', () => {
  it('a cap per trainee and per file is its own line, in the source’s words (issue 27 item 3)', () => {
    const view = buildFigureView(
      figure({
        parts: [part({ yearlyCap: null, perTraineePerFileCap: { min: 8000, max: 8000 } })],
      }),
      '2026-11-27',
    );
    expect(view).toMatchObject({
      lines: [
        { kind: 'noYearlyCap' },
        { kind: 'hourly' },
        { kind: 'perTrainee', amount: { range: { min: 8000, max: 8000 }, basis: 'HT' } },
      ],
    });
    expect(
      isFigureKnown(
        figure({
          parts: [
            part({
              yearlyCap: null,
              hourlyCap: null,
              perTraineePerFileCap: { min: 8000, max: 8000 },
            }),
          ],
        }),
      ),
    ).toBe(true);
  });
  it('one yearly cap with its basis; the headline with year, reliability, status and age', () => {
    expect(buildFigureView(figure(), '2026-11-27')).toMatchObject({
      kind: 'amounts',
      headline: { reliability: 'compilation', year: 2026, status: 'current', age: 'recent' },
      lines: [
        { kind: 'yearly', fund: 'total', amount: { range: { min: 4800, max: 4800 }, basis: 'HT' } },
      ],
      from50: false,
    });
  });

  it('criteria older than 12 months against today (the day after the anniversary), or undated', () => {
    expect(criteriaAge('2025-11-27', '2026-11-27')).toBe('recent');
    expect(criteriaAge('2025-11-26', '2026-11-27')).toBe('older_than_12_months');
    expect(criteriaAge(null, '2026-11-27')).toBe('undated');
    const old = buildFigureView(figure({ criteriaDate: '2024-01-02' }), '2026-11-27');
    expect(old.kind === 'amounts' && old.headline.age).toBe('older_than_12_months');
  });

  it('legal + conventional: each line, then their sum', () => {
    const view = buildFigureView(
      figure({
        parts: [
          part({ fund: 'legal', yearlyCap: { min: 1100, max: 1100 } }),
          part({ fund: 'conventional', yearlyCap: { min: 2900, max: 2900 }, hourlyCap: null }),
        ],
        sum: { min: 4000, max: 4000 },
      }),
      '2026-11-27',
    );
    expect(view.kind === 'amounts' && view.lines.map((l) => l.kind)).toEqual([
      'yearly',
      'yearly',
      'sum',
    ]);
  });

  it('a legal plan with a branch fund that gives no amount: said without an amount', () => {
    const view = buildFigureView(
      figure({
        parts: [part({ fund: 'legal' })],
        notes: [{ ...source, line: 41, figures: { ...source.figures, yearlyCapEur: null } }],
      }),
      '2026-11-27',
    );
    expect(view.kind === 'amounts' && view.lines).toEqual([
      { kind: 'yearly', fund: 'legal', amount: { range: { min: 4800, max: 4800 }, basis: 'HT' } },
      { kind: 'withoutAmount', fund: 'conventional' },
    ]);
  });

  it('no yearly cap: said, with the hourly cap', () => {
    const view = buildFigureView(
      figure({ parts: [part({ yearlyCap: null, hourlyCap: { min: 19, max: 19 } })] }),
      '2026-11-27',
    );
    expect(view.kind === 'amounts' && view.lines).toEqual([
      { kind: 'noYearlyCap' },
      { kind: 'hourly', amount: { range: { min: 19, max: 19 }, basis: 'HT' } },
    ]);
  });

  it('the 50+ rule and « nothing published » have their own views', () => {
    expect(
      buildFigureView(figure({ kind: 'from_50', parts: [], from50: true }), '2026-11-27'),
    ).toEqual({
      kind: 'from50',
      criteriaUrl: 'https://www.opco2i.fr/x',
      notes: [],
    });
    expect(buildFigureView(figure({ kind: 'unavailable', parts: [] }), '2026-11-27').kind).toBe(
      'unavailable',
    );
  });

  it('known when a part gives an amount; hourly cap and salaries for the details', () => {
    expect(isFigureKnown(figure())).toBe(true);
    expect(isFigureKnown(figure({ kind: 'from_50', parts: [] }))).toBe(false);
    expect(hourlyCapOf(figure())).toEqual({ range: { min: 30, max: 30 }, basis: 'HT' });
    expect(salaryOf(figure())).toBe('unknown');
    expect(
      salaryOf(figure({ parts: [part({ salary: 'yes' }), part({ salary: 'no', fund: 'legal' })] })),
    ).toBe('unknown');
    expect(salaryOf(figure({ parts: [] }))).toBeNull();
  });
});

describe('resolveDashboardBudget with the figure', () => {
  const simulation = { budget_type: 'COMMENT', budget_total: null, opco_name: 'OPCO 2i' };
  const response = { budgetType: 'COMMENT', opco: 'OPCO 2i', budgetInfo: null, figure: figure() };

  it('an answer with a figure: the figure is shown, known even when the record is a comment', () => {
    const view = resolveDashboardBudget(simulation, {
      source: 'cache',
      result: parseBudgetLookup(response),
      fetchedAt: '2026-11-12T10:00:00.000Z',
      response,
    });
    expect(view.figure).toEqual(figure());
    expect(isDashboardBudgetKnown(view)).toBe(true);
    expect(view.asOf).toBe('2026-11-12T10:00:00.000Z');
    expect(view.unknownIdcc).toBe(false);
  });

  it('an IDCC the service does not know (404, nothing cached): said, not a code', () => {
    const view = resolveDashboardBudget(simulation, {
      source: 'none',
      result: parseBudgetLookup(null),
      fetchedAt: null,
      error: 'not_found',
    });
    expect(view).toMatchObject({ unknownIdcc: true, figure: null });
    const offline = resolveDashboardBudget(simulation, {
      source: 'none',
      result: parseBudgetLookup(null),
      fetchedAt: null,
      error: 'offline',
    });
    expect(offline.unknownIdcc).toBe(false);
  });
});
