// Editing a request's coverage rate (issue 30): a rate typed is the user's own (coverage_override),
// an empty field gives the request back to the OPCO's estimate; the stored default rate (100) is
// never shown as if the user had chosen it.
import { describe, expect, it } from 'vitest';
import {
  editDraftFromRequest,
  trainingEditPatch,
  trainingEditSchema,
  type EditableRequest,
} from '@/domain/schemas/training-edit';
import { messages } from '@/domain/messages';

const stored = (over: Partial<EditableRequest> = {}): EditableRequest => ({
  topic: 'Excel avancé',
  pedagogical_objectives: 'Tableaux croisés',
  business_impact: 'high',
  format: 'remote',
  training_organization: null,
  duration: 14,
  cost: 1550,
  funding_type: 'OPCO',
  coverage_rate: 100,
  remaining_cost: 0,
  status: 'to_organize',
  employee_id: 'e1',
  ...over,
});

const edit = (row: EditableRequest, coverage: string, cost?: string) =>
  trainingEditSchema.parse({
    ...editDraftFromRequest(row),
    coverage_rate: coverage,
    ...(cost === undefined ? {} : { cost }),
  });

describe('the coverage rate in the edit dialog', () => {
  it('is empty unless the user typed one: the default 100 % is not theirs', () => {
    expect(editDraftFromRequest(stored()).coverage_rate).toBe('');
    expect(
      editDraftFromRequest(stored({ coverage_override: true, coverage_rate: 70 })).coverage_rate,
    ).toBe('70');
  });

  it('left empty: nothing written (the estimate stays)', () => {
    const row = stored();
    expect(trainingEditPatch(row, edit(row, ''))).toEqual({});
  });

  it('typed: the user’s own rate, marked, with its reste à charge', () => {
    const row = stored();
    expect(trainingEditPatch(row, edit(row, '60'))).toEqual({
      coverage_rate: 60,
      coverage_override: true,
      remaining_cost: 620,
    });
    // 100 typed is the user's choice too (only the mark changes).
    expect(trainingEditPatch(row, edit(row, '100'))).toEqual({ coverage_override: true });
  });

  it('emptied: back to the estimate, the stored figures kept', () => {
    const row = stored({ coverage_override: true, coverage_rate: 60, remaining_cost: 620 });
    expect(trainingEditPatch(row, edit(row, ''))).toEqual({ coverage_override: false });
  });

  it('an own rate kept while the cost changes: the reste à charge follows', () => {
    const row = stored({ coverage_override: true, coverage_rate: 60, remaining_cost: 620 });
    expect(trainingEditPatch(row, edit(row, '60', '2000'))).toEqual({
      cost: 2000,
      remaining_cost: 800,
    });
  });

  it('out of range: the French message', () => {
    const row = stored();
    const parsed = trainingEditSchema.safeParse({
      ...editDraftFromRequest(row),
      coverage_rate: '120',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toContain(messages.coverageRange);
    const text = trainingEditSchema.safeParse({
      ...editDraftFromRequest(row),
      coverage_rate: 'abc',
    });
    expect(text.error!.issues.map((i) => i.message)).toContain(messages.numberInvalid);
  });
});
