// The summary's and the CSV's « Limite appliquée » cell (issue 30): the rule's clauses joined by
// « ; », each after the first in lower case (one sentence, not a list of titles).
import { describe, expect, it } from 'vitest';
import { estimateYear, type FundingRequest } from '@/domain/plan-funding';
import { recapCells } from '@/features/training-plan/lib/funding-cells';
import { clauses } from '@/i18n/fr/plan-funding';
import { ATLAS_1486_11_49 } from '../fixtures/budget-figures';

const req = (id: string, costEur: number, over: Partial<FundingRequest> = {}): FundingRequest => ({
  id,
  costEur,
  hours: 14,
  createdAt: `2026-03-0${id.slice(1)}T09:00:00.000Z`,
  ...over,
});

describe('the rule cell', () => {
  it('joins clauses with « ; », the later ones in lower case', () => {
    expect(clauses(['Prise en charge saisie par vous (80 %)', 'Plafond annuel atteint'])).toBe(
      'Prise en charge saisie par vous (80 %) ; plafond annuel atteint',
    );
    expect(clauses(['plafond horaire'])).toBe('plafond horaire');
    expect(clauses([])).toBe('');
  });

  it('a user’s rate over a cap already used: « … (80 %) ; plafond annuel atteint »', () => {
    const year = estimateYear(
      { criteria: { kind: 'figure', figure: ATLAS_1486_11_49 }, confirmed: null },
      2026,
      [req('r1', 1500), req('r2', 1500), req('r3', 420, { userCoverageRate: 80 })],
    );
    expect(recapCells(year.requests[2]!).rule).toBe(
      'Prise en charge saisie par vous (80 %) ; plafond annuel atteint',
    );
  });
});
