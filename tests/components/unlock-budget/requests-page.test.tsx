import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRepositories, type SurveyResponseRow } from '@/db';
import { SYNC_NOTICE_GRACE_MS } from '@/hooks/use-after-grace';
import type * as DbModule from '@/db';
import { addCurrentCompany, freshDb, renderPages, signIn, SIRET_CURRENT, USER_ID } from './harness';

const failure = vi.hoisted(() => ({ on: false }));
vi.mock('@/db', async (importOriginal) => {
  const actual = await importOriginal<typeof DbModule>();
  return {
    ...actual,
    useUnlockRequests: (owner: string | null | undefined) => {
      if (failure.on) throw new Error('IndexedDB unavailable');
      return actual.useUnlockRequests(owner);
    },
  };
});

let db = freshDb();
beforeEach(() => {
  db = freshDb();
  signIn();
  failure.on = false;
});
afterEach(async () => {
  vi.restoreAllMocks();
  db.close();
  await db.delete();
});

function serverRow(overrides: Partial<SurveyResponseRow>): SurveyResponseRow {
  return {
    id: crypto.randomUUID(),
    profile_id: USER_ID,
    company_siret: SIRET_CURRENT,
    company_name: 'Société Courante',
    objective: 'Développer les compétences de mon équipe',
    target: 'Équipes opérationnelles',
    topics: ['Bureautique et outils numériques'],
    rhythm: 'Chaque mois',
    start_date: null,
    status: 'approved',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    deleted_at: null,
    sync_version: 12,
    ...overrides,
  };
}

describe('RequestsPage (02 §2.8)', () => {
  it("shows the empty state 'Aucune demande'", async () => {
    renderPages(db, { pathname: '/requests' });
    expect(await screen.findByText('Aucune demande')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeInTheDocument();
  });

  it('lists requests newest first with status badge, French long date, audience, topics and rhythm', async () => {
    await db.survey_responses.bulkPut([
      serverRow({ status: 'approved', created_at: '2026-11-22T10:00:00.000Z' }),
      serverRow({
        status: 'rejected',
        created_at: '2026-03-05T10:00:00.000Z',
        target: 'Dirigeants et associés',
        topics: ['Langues étrangères', 'Comptabilité analytique'],
        rhythm: 'Toutes les 2 semaines',
        start_date: '2027-01-15',
      }),
    ]);
    renderPages(db, { pathname: '/requests' });
    const list = await screen.findByRole('list', { name: 'Vos demandes de déblocage de budget' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName('Demande du 22 novembre 2026');
    expect(cards[0]).toHaveTextContent('Statut : Approuvée');
    expect(cards[1]).toHaveAccessibleName('Demande du 5 mars 2026');
    expect(cards[1]).toHaveTextContent('Statut : Refusée');
    const value = (card: HTMLElement, label: string) =>
      within(card).getByText(label).nextElementSibling;
    expect(value(cards[1]!, 'Public cible')).toHaveTextContent('Dirigeants et associés');
    expect(
      within(value(cards[1]!, 'Thématiques') as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Langues étrangères', 'Comptabilité analytique']);
    expect(value(cards[1]!, 'Rythme souhaité')).toHaveTextContent('Toutes les 2 semaines');
    expect(value(cards[1]!, 'Date de début souhaitée')).toHaveTextContent('15 janvier 2027');
    expect(value(cards[0]!, 'Entreprise')).toHaveTextContent('Société Courante');
    expect(within(cards[0]!).queryByText('Date de début souhaitée')).toBeNull();
    expect(screen.queryByText("En attente d'envoi")).toBeNull();
  });

  /** A request made on this device, waiting in the outbox. */
  const createPendingRequest = () =>
    createRepositories(db).createUnlockRequest(USER_ID, {
      company_siret: SIRET_CURRENT,
      company_name: 'Société Courante',
      objective: 'Renforcer le management et la cohésion',
      target: 'Managers et encadrants',
      topics: ['Management et leadership'],
      rhythm: 'Chaque semaine',
    });

  it("marks a request not yet on the server, with 'En attente' as its status", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await createPendingRequest();
    renderPages(db, { pathname: '/requests' });
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Statut : En attente');
    expect(await within(card).findByText("En attente d'envoi")).toBeInTheDocument();
    await db.outbox.clear();
    await waitFor(() => expect(within(card).queryByText("En attente d'envoi")).toBeNull());
  });

  it("online, no « En attente d'envoi » flash: shown only once the wait lasts (issue 16 item 10)", async () => {
    await createPendingRequest();
    renderPages(db, { pathname: '/requests' });
    const card = await screen.findByRole('article');
    // A second after the render, when the row's pending state is long known: still no notice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(within(card).queryByText("En attente d'envoi")).toBeNull();
    expect(
      await within(card).findByText(
        "En attente d'envoi",
        {},
        { timeout: SYNC_NOTICE_GRACE_MS + 5_000 },
      ),
    ).toBeInTheDocument();
  });

  it("'Nouvelle demande' opens the form for the current company", async () => {
    await addCurrentCompany(db, 'Société Courante');
    const { router } = renderPages(db, { pathname: '/requests' });
    const link = await screen.findByRole('link', { name: 'Nouvelle demande' });
    expect(link).toHaveAttribute('href', '/unlock-budget');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unlock-budget'));
    expect(router.state.location.state).toEqual({
      company: { siret: SIRET_CURRENT, name: 'Société Courante' },
    });
    expect(
      await screen.findByText("Demande pour l'entreprise : Société Courante"),
    ).toBeInTheDocument();
  });

  it("'Erreur lors du chargement des demandes' when the local store cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failure.on = true;
    renderPages(db, { pathname: '/requests' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors du chargement des demandes',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeInTheDocument();
  });
});
