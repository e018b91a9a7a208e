import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { LocalDb } from '@/db';
import { fr } from '@/i18n/fr';
import { SYNC_NOTICE_GRACE_MS } from '@/hooks/use-after-grace';
import {
  addCompany,
  addRequests,
  freshDb,
  renderAt,
  request,
  signIn,
  simulation,
  USER_ID,
} from './harness';

const t = fr.trainingPlan;
let db: LocalDb;

beforeEach(() => {
  db = freshDb();
  signIn();
});
afterEach(async () => {
  vi.restoreAllMocks();
  toast.dismiss();
  db.close();
  await db.delete();
});

/** The cards shown (a filter hides the others: they stay in the page, rendered). */
const cards = () =>
  screen.queryAllByTestId('plan-card').filter((card) => !card.closest('[hidden]'));
const cardOf = (topic: string) => screen.getByRole('article', { name: topic });
const normalise = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('training plan (02 §2.15)', () => {
  it('shows the empty state with the links and the survey and meeting cards', async () => {
    await addCompany(db, simulation({ idcc: '1486' })); // an IDCC of the « Prendre RDV » list
    renderAt(db, '/training-plan');
    expect(await screen.findByText('Aucun projet de formation')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: t.newRequest })[0]).toHaveAttribute(
      'href',
      '/training/new',
    );
    expect(screen.getAllByRole('link', { name: t.findTraining })[0]).toHaveAttribute(
      'href',
      '/training/recommendations',
    );
    expect(screen.getByRole('link', { name: t.surveyCard.action })).toHaveAttribute(
      'href',
      '/team-survey',
    );
    expect(screen.getByRole('link', { name: t.meetingCard.action })).toHaveAttribute(
      'href',
      '/meetings',
    );
    expect(screen.getByRole('button', { name: t.exportCsv })).toBeDisabled();
  });

  it('offers « Prendre RDV » only where the menu does: an eligible IDCC (issue 16 item 10)', async () => {
    await addCompany(db, simulation({ idcc: '9999' }));
    renderAt(db, '/training-plan');
    expect(await screen.findByText('Aucun projet de formation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.surveyCard.action })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.meetingCard.action })).toBeNull();
    expect(screen.queryByText(t.meetingCard.title)).toBeNull();
  });

  it('no « Prendre RDV » card without a company, as in the menu', async () => {
    renderAt(db, '/training-plan');
    expect(await screen.findByText('Aucun projet de formation')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.meetingCard.action })).toBeNull();
  });

  it('sums the plan in four tiles: count, hours, average coverage with one decimal, budget and remaining cost', async () => {
    // The users' own rates (issue 30: a stored rate counts only when typed by the user).
    const own = { coverage_override: true };
    await addRequests(db, [
      request({ duration: 14, cost: 1550, coverage_rate: 100, remaining_cost: 0, ...own }),
      request({
        topic: 'Anglais',
        duration: 30,
        cost: 3200,
        coverage_rate: 80,
        remaining_cost: 640,
        ...own,
      }),
      request({
        topic: 'RGPD',
        duration: 7,
        cost: 2000,
        coverage_rate: 50,
        remaining_cost: 1000,
        ...own,
      }),
    ]);
    renderAt(db, '/training-plan');
    const count = await screen.findByTestId('plan-tile-count');
    expect(count).toHaveTextContent('3');
    expect(screen.getByTestId('plan-tile-hours')).toHaveTextContent('51 h');
    expect(normalise(screen.getByTestId('plan-tile-coverage').textContent)).toContain('76,7 %');
    const budget = normalise(screen.getByTestId('plan-tile-budget').textContent);
    expect(budget).toContain('6 750 €');
    expect(budget).toContain('Reste à charge estimé : 1 640 €');
  });

  it('renders each request with its employee, status and amounts', async () => {
    await addRequests(db, [
      request({ topic: 'Excel avancé', training_organization: 'Budget Formation' }),
    ]);
    renderAt(db, '/training-plan');
    const card = await screen.findByRole('article', { name: 'Excel avancé' });
    expect(card).toHaveTextContent('Employé : À définir');
    expect(card).toHaveTextContent('Distanciel');
    expect(card).toHaveTextContent('14 h');
    expect(card).toHaveTextContent('Fort');
    expect(card).toHaveTextContent('Budget Formation');
    expect(
      within(card).getByRole('combobox', { name: t.card.statusLabel('Excel avancé') }),
    ).toHaveValue('to_organize');
  });

  it('a request not on the server yet: marked at once offline (issue 16 item 10)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await addRequests(db, [request({ topic: 'Excel avancé' })]);
    renderAt(db, '/training-plan');
    const card = await screen.findByRole('article', { name: 'Excel avancé' });
    // Before the online grace would end: no wait offline, where the change will not leave soon.
    expect(
      await within(card).findByText(t.card.syncPending, {}, { timeout: SYNC_NOTICE_GRACE_MS / 2 }),
    ).toBeInTheDocument();
  });

  it('online, no « En attente de synchronisation » flash: marked only once the wait lasts (issue 16 item 10)', async () => {
    await addRequests(db, [request({ topic: 'Excel avancé' })]);
    renderAt(db, '/training-plan');
    const card = await screen.findByRole('article', { name: 'Excel avancé' });
    // A second after the render, when the row's pending state is long known: still no notice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(within(card).queryByText(t.card.syncPending)).toBeNull();
    expect(
      await within(card).findByText(
        t.card.syncPending,
        {},
        { timeout: SYNC_NOTICE_GRACE_MS + 5_000 },
      ),
    ).toBeInTheDocument();
  });

  it('filters by employee name or topic (accents ignored) and by status, in a collapsible panel', async () => {
    const user = userEvent.setup();
    const [, anglais] = await addRequests(db, [
      request({ topic: 'Négociation commerciale' }),
      request({ topic: 'Anglais' }),
      request({ topic: 'Excel' }),
    ]);
    await db.training_requests.update(anglais!, { status: 'completed' });
    renderAt(db, '/training-plan');
    await screen.findByRole('article', { name: 'Anglais' });
    const toggle = screen.getByRole('button', { name: t.filters.toggle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: t.filters.search })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.type(screen.getByRole('searchbox', { name: t.filters.search }), 'negociation');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardOf('Négociation commerciale')).toBeInTheDocument();
    expect(screen.getByText(t.list.count(1, 3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.filters.toggleActive(1) })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: t.filters.search }));
    await user.type(screen.getByRole('searchbox', { name: t.filters.search }), 'à définir');
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.clear(screen.getByRole('searchbox', { name: t.filters.search }));
    await user.selectOptions(screen.getByRole('combobox', { name: t.filters.status }), 'completed');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardOf('Anglais')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: t.filters.status }), 'cancelled');
    expect(await screen.findByText(t.list.noMatch)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: t.filters.reset })[0]!);
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('changes a status through the five statuses, locally with its outbox mutation', async () => {
    const user = userEvent.setup();
    const [id] = await addRequests(db, [request({ topic: 'Excel' })]);
    renderAt(db, '/training-plan');
    const select = await screen.findByRole('combobox', { name: t.card.statusLabel('Excel') });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['À organiser', 'En attente de financement', 'En cours', 'Terminée', 'Abandonnée']);
    await user.selectOptions(select, 'in_progress');
    await waitFor(async () =>
      expect((await db.training_requests.get(id!))?.status).toBe('in_progress'),
    );
    const mutations = (await db.outbox.toArray()).filter(
      (m) => m.table === 'training_requests' && m.row_id === id,
    );
    expect(mutations.at(-1)).toMatchObject({ op: 'update', fields: { status: 'in_progress' } });
    await waitFor(() => expect(select).toHaveValue('in_progress'));
  });

  it('deletes a request after confirmation (soft delete, synced), the button reachable by keyboard', async () => {
    const user = userEvent.setup();
    const [id] = await addRequests(db, [
      request({ topic: 'Excel' }),
      request({ topic: 'Anglais' }),
    ]);
    renderAt(db, '/training-plan');
    await screen.findByRole('article', { name: 'Excel' });
    const deleteButton = screen.getByRole('button', { name: t.card.deleteLabel('Excel') });
    // keyboard: Tab reaches the delete button (it is shown on focus-within)
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await user.tab();
      reached = document.activeElement === deleteButton;
    }
    expect(reached).toBe(true);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: t.deleteDialog.title });
    expect(dialog).toHaveTextContent(t.deleteDialog.text('Excel'));
    await user.click(within(dialog).getByRole('button', { name: t.deleteDialog.confirm }));
    expect(await screen.findByText(t.toasts.deleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Excel' })).not.toBeInTheDocument(),
    );
    expect((await db.training_requests.get(id!))?.deleted_at).toBeTruthy();
    const mutation = (await db.outbox.toArray()).find((m) => m.row_id === id && m.op === 'delete');
    expect(mutation).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Anglais' })).toBeInTheDocument();
  });

  it('keeps a request when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const [id] = await addRequests(db, [request({ topic: 'Excel' })]);
    renderAt(db, '/training-plan');
    await user.click(await screen.findByRole('button', { name: t.card.deleteLabel('Excel') }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: t.deleteDialog.cancel }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect((await db.training_requests.get(id!))?.deleted_at).toBeNull();
  });

  it('shows the error toast when the local delete fails', async () => {
    const user = userEvent.setup();
    await addRequests(db, [request({ topic: 'Excel' })]);
    renderAt(db, '/training-plan');
    await user.click(await screen.findByRole('button', { name: t.card.deleteLabel('Excel') }));
    const spy = vi.spyOn(db.outbox, 'add').mockRejectedValue(new Error('disk'));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: t.deleteDialog.confirm }),
    );
    expect(await screen.findByText(t.toasts.deleteError)).toBeInTheDocument();
    spy.mockRestore();
  });

  it('reads the plan of the signed-in owner only', async () => {
    await addRequests(db, [request({ topic: 'Mine' })]);
    await db.training_requests.put({
      ...(await db.training_requests.toArray())[0]!,
      id: crypto.randomUUID(),
      company_id: '33333333-3333-4333-8333-333333333333',
      topic: 'Theirs',
    });
    renderAt(db, '/training-plan');
    await screen.findByRole('article', { name: 'Mine' });
    expect(screen.queryByRole('article', { name: 'Theirs' })).not.toBeInTheDocument();
    expect(USER_ID).toBeTruthy();
  });

  it("says 'Erreur lors du chargement des données' when the local store cannot be read", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(db, 'synced').mockImplementation(() => {
      throw new Error('IndexedDB unavailable');
    });
    renderAt(db, '/training-plan');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors du chargement des données',
    );
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
    vi.mocked(db.synced).mockRestore();
    await userEvent.setup().click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Aucun projet de formation')).toBeInTheDocument();
    error.mockRestore();
  });
});
