// The plan's list with 5 000 requests: virtualised (a few cards in the DOM), positions announced,
// and the domain filter feeding it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocalDbContext, type LocalDb, type TrainingRequestRow } from '@/db';
import { filterPlanRows } from '@/domain/training';
import { joinPlanRows } from '@/domain/training-plan-rules';
import { TrainingRequestList } from '@/features/training-plan/components/training-request-list';
import type { PlanRequestRow } from '@/features/training-plan/hooks/use-plan-rows';
import { fr } from '@/i18n/fr';
import { freshDb, USER_ID } from './harness';

let db: LocalDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const EMPLOYEE = {
  id: '44444444-4444-4444-8444-444444444444',
  first_name: 'Inès',
  last_name: 'Dubois',
  department: 'hr' as const,
};

function rows(count: number): PlanRequestRow[] {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const requests = Array.from({ length: count }, (_, i): TrainingRequestRow => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    company_id: USER_ID,
    employee_id: i % 2 ? EMPLOYEE.id : null,
    topic: i % 100 === 7 ? `Négociation ${i}` : `Formation ${i}`,
    pedagogical_objectives: '',
    business_impact: 'medium',
    format: 'remote',
    training_organization: null,
    duration: 7,
    cost: 1000,
    funding_type: 'OPCO',
    coverage_rate: 100,
    remaining_cost: 0,
    coverage_override: false,
    status: i % 5 === 0 ? 'completed' : 'to_organize',
    user_name: null,
    user_email: null,
    user_phone: null,
    company_name: null,
    company_siret: null,
    idcc: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    sync_version: 1,
  }));
  return joinPlanRows(requests, [{ ...EMPLOYEE, company_id: USER_ID }]);
}

function renderList(
  list: PlanRequestRow[],
  handlers = { onDelete: vi.fn(), onStatusChange: vi.fn() },
) {
  render(
    <LocalDbContext.Provider value={db}>
      <TrainingRequestList rows={list} {...handlers} />
    </LocalDbContext.Provider>,
  );
  return handlers;
}

describe('TrainingRequestList (5 000 requests)', () => {
  it('renders only the cards near the viewport, each announcing its position in the whole list', () => {
    renderList(rows(5000));
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(30);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.getByRole('list').style.height).toMatch(/^\d+px$/);
    expect(parseInt(screen.getByRole('list').style.height, 10)).toBeGreaterThan(5000 * 100);
  });

  it('shows the filtered rows only (employee name or topic, status)', () => {
    const all = rows(5000);
    const byTopic = filterPlanRows(all, { query: 'negociation', status: 'all' });
    expect(byTopic).toHaveLength(50);
    renderList(byTopic);
    for (const card of screen.getAllByTestId('plan-card'))
      expect(card).toHaveTextContent(/Négociation/);
    expect(filterPlanRows(all, { query: 'ines dubois', status: 'completed' })).toHaveLength(500);
    expect(filterPlanRows(all, { query: 'ines dubois', status: 'to_organize' })).toHaveLength(2000);
  });

  it('passes status changes and deletions of a card up', async () => {
    const user = userEvent.setup();
    const list = rows(3);
    const handlers = renderList(list);
    const card = screen.getByRole('article', { name: 'Formation 1' });
    expect(card).toHaveTextContent('Employé : Inès Dubois');
    await user.selectOptions(within(card).getByRole('combobox'), 'cancelled');
    expect(handlers.onStatusChange).toHaveBeenCalledWith(list[1], 'cancelled');
    await user.click(
      within(card).getByRole('button', { name: fr.trainingPlan.card.deleteLabel('Formation 1') }),
    );
    expect(handlers.onDelete).toHaveBeenCalledWith(list[1]);
    expect(screen.getByRole('article', { name: 'Formation 0' })).toHaveTextContent(
      `Employé : ${fr.trainingPlan.card.noEmployee}`,
    );
  });
});
