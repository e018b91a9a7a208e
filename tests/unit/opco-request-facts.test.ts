// The figure the « Demander confirmation à mon OPCO » message quotes (issue 27 item 7) is the one
// the card shows: the trusted figure's amounts with their basis, a dispute as its range, never a
// record's amount when the answer has a figure.
import { describe, expect, it } from 'vitest';
import type { BudgetFigure } from '@/domain/budget-figure';
import type { DashboardBudget } from '@/domain/dashboard-budget';
import { figureText } from '@/features/dashboard/components/opco-request-facts';
import { figure, part } from '../fixtures/budget-figure';

// A record saying 6 000 € beside a figure of 4 800 €: the message must quote the figure.
const view = (f: BudgetFigure | null) =>
  ({
    budget: { budget_type: 'TOTAL', budget_total: 6000 },
    figure: f,
    budgetInfo: null,
  }) as unknown as DashboardBudget;

describe('figureText', () => {
  it('quotes the trusted figure with its basis, not the record', () => {
    const text = figureText(view(figure()));
    expect(text).toMatch(/Budget Total : 4\s800\s€ HT/);
    expect(text).not.toMatch(/6\s?000/);
  });
  it('a dispute is quoted as its range', () => {
    const f = figure({
      status: 'disputed',
      parts: [part({ yearlyCap: { min: 6000, max: 12000 }, status: 'disputed' })],
    });
    expect(figureText(view(f))).toMatch(/de 6\s000 à 12\s000\s€ HT selon les sources/);
  });
  it('a TTC amount stays TTC', () => {
    expect(figureText(view(figure({ parts: [part({ basis: 'TTC' })] })))).toMatch(/€ TTC/);
  });
  it('nothing published: no figure quoted', () => {
    expect(figureText(view(figure({ kind: 'unavailable', parts: [] })))).toBeNull();
  });
});
