// The plan's list with 5 000 requests: a screenful in the first render, every card in the page
// afterwards (find in page, print: issue 29), positions announced, and the domain filter feeding it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocalDbContext, type LocalDb, type TrainingRequestRow } from '@/db';
import { filterPlanRows } from '@/domain/training';
import { joinPlanRows } from '@/domain/training-plan-rules';
import {
  CARD_ESTIMATE,
  FIRST_CARDS,
  TrainingRequestList,
} from '@/features/training-plan/components/training-request-list';
import type { PlanRequestRow } from '@/features/training-plan/hooks/use-plan-rows';
import { fr } from '@/i18n/fr';
import { cleanup } from '@testing-library/react';
import { freshDb, USER_ID } from './harness';

const cleanupList = () => cleanup();

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
    business_impact: i % 3 === 0 ? null : 'medium',
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
  handlers = { onEdit: vi.fn(), onDelete: vi.fn(), onStatusChange: vi.fn() },
  shown: PlanRequestRow[] = list,
) {
  const view = render(
    <LocalDbContext.Provider value={db}>
      <TrainingRequestList all={list} rows={shown} {...handlers} />
    </LocalDbContext.Provider>,
  );
  return { ...handlers, view };
}

describe('TrainingRequestList (5 000 requests)', () => {
  it('renders a screenful first, each card announcing its position in the whole list', () => {
    const { view } = renderList(rows(5000));
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBe(FIRST_CARDS);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '5000');
    // The cards still to come keep the page's height (the scroll bar is right at once).
    const rest = view.container.querySelector<HTMLElement>('.plan-list-rest');
    expect(parseInt(rest?.style.height ?? '', 10)).toBe((5000 - FIRST_CARDS) * CARD_ESTIMATE);
  });

  it('then adds every other card in the background: all of them end up in the page', async () => {
    const { view } = renderList(rows(40));
    const items = () => view.container.querySelectorAll('li');
    expect(items()).toHaveLength(FIRST_CARDS);
    await waitFor(() => expect(items()).toHaveLength(40), { timeout: 10_000 });
    expect(view.container.querySelector('.plan-list-rest')).toBeNull();
    expect(screen.getByRole('article', { name: 'Formation 39' })).toBeInTheDocument();
  });

  it('puts every card in the page at once before printing and on Ctrl+F (find in page)', () => {
    renderList(rows(60));
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_CARDS);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
    cleanupList();
    renderList(rows(40));
    expect(screen.getAllByRole('listitem')).toHaveLength(FIRST_CARDS);
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
  });

  it('a filter shows and hides rendered cards, its first screenful at once', async () => {
    const all = rows(400);
    const handlers = { onEdit: vi.fn(), onDelete: vi.fn(), onStatusChange: vi.fn() };
    const list = (shown: PlanRequestRow[], every = all) => (
      <LocalDbContext.Provider value={db}>
        <TrainingRequestList all={every} rows={shown} {...handlers} />
      </LocalDbContext.Provider>
    );
    const { view } = renderList(all, handlers);
    const first = screen.getByRole('article', { name: 'Formation 0' });
    // A filter whose matches are far down the plan: its first screenful is there at once, in the
    // plan's order, each card announcing its position among the matches.
    const matches = filterPlanRows(all, { query: 'négociation', status: 'all' });
    expect(matches.map((r) => r.topic)).toEqual([
      'Négociation 7',
      'Négociation 107',
      'Négociation 207',
      'Négociation 307',
    ]);
    view.rerender(list(matches));
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.match(/Négociation \d+/)?.[0])).toEqual(
      matches.map((r) => r.topic),
    );
    expect(items[3]).toHaveAttribute('aria-posinset', '4');
    expect(items[3]).toHaveAttribute('aria-setsize', '4');
    // The cards it leaves out stay in the page, hidden: the same element is back without the filter.
    expect(first.closest('li')).toHaveAttribute('hidden');
    expect(first).toBeInTheDocument();
    view.rerender(list(all));
    expect(screen.getByRole('article', { name: 'Formation 0' })).toBe(first);
    expect(first.closest('li')).not.toHaveAttribute('hidden');
    // Nothing matches: no card shown, the list kept; and the background ends with every row in.
    view.rerender(list([]));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await waitFor(() => expect(view.container.querySelectorAll('li')).toHaveLength(all.length), {
      timeout: 10_000,
    });
    view.rerender(list(all));
    expect(screen.getAllByRole('listitem')).toHaveLength(all.length);
    expect(view.container.querySelector('.plan-list-rest')).toBeNull();
  });

  it('keeps what is shown when only the rows change; a row added at the top is shown at once', () => {
    const all = rows(40);
    const handlers = { onEdit: vi.fn(), onDelete: vi.fn(), onStatusChange: vi.fn() };
    const list = (every: PlanRequestRow[]) => (
      <LocalDbContext.Provider value={db}>
        <TrainingRequestList all={every} rows={every} {...handlers} />
      </LocalDbContext.Provider>
    );
    const { view } = renderList(all, handlers);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    // An edit pulled from another device: a new array, the same rows.
    const edited = all.map((r, i) => (i === 5 ? { ...r, topic: 'Formation modifiée' } : r));
    view.rerender(list(edited));
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(screen.getByRole('article', { name: 'Formation modifiée' })).toBeInTheDocument();
    const added = { ...all[0]!, id: '00000000-0000-4000-8000-999999999999', topic: 'Nouvelle' };
    view.rerender(list([added, ...edited]));
    expect(screen.getAllByRole('listitem')).toHaveLength(41);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Nouvelle');
  });

  it('shows a value nobody chose as not filled: the stake, the placeholder employee department', () => {
    renderList(rows(2));
    const first = screen.getByRole('article', { name: 'Formation 0' });
    const impact = within(first).getByText(fr.trainingPlan.card.impact).nextElementSibling;
    expect(impact).toHaveTextContent(fr.trainingPlan.card.notFilled);
    const department = within(first).getByText(fr.trainingPlan.card.department).nextElementSibling;
    expect(department).toHaveTextContent(fr.trainingPlan.card.notFilled);
    const second = screen.getByRole('article', { name: 'Formation 1' });
    expect(
      within(second).getByText(fr.trainingPlan.card.department).nextElementSibling,
    ).toHaveTextContent('Ressources humaines');
    expect(
      within(second).getByText(fr.trainingPlan.card.impact).nextElementSibling,
    ).toHaveTextContent('Moyen');
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

  it('passes status changes, edits and deletions of a card up; both actions always shown', async () => {
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
    const edit = within(card).getByRole('button', {
      name: fr.trainingPlan.card.editLabel('Formation 1'),
    });
    // Reachable by keyboard and touch: a plain button in the tab order, never hidden until hover.
    expect(edit).toBeVisible();
    expect(edit).not.toHaveAttribute('tabindex', '-1');
    await user.click(edit);
    expect(handlers.onEdit).toHaveBeenCalledWith(list[1]);
    expect(screen.getByRole('article', { name: 'Formation 0' })).toHaveTextContent(
      `Employé : ${fr.trainingPlan.card.noEmployee}`,
    );
  });
});
