import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRepositories, type LocalDb, type Repositories } from '@/db';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { CompaniesPage } from '@/features/companies/pages/companies-page';
import {
  company,
  dropDb,
  freshDb,
  LocationProbe,
  renderRoutes,
  resetUiState,
  seedCompanies,
  signIn,
  USER,
} from '../shell/helpers';

const A = company('Alpha Conseil', '11111111100011', {
  idcc: '1486',
  opco_name: 'Atlas',
  employee_range_min: 10,
  employee_range_max: 49,
});
const B = company('Bêta Industrie', '22222222200022', {
  company_address: '5 quai Perrache, 69002 Lyon',
});
const C = company('Gamma Services', '33333333300033');

const routes = () => [
  { path: '/dashboard/companies', element: <CompaniesPage /> },
  { path: '/dashboard', element: <LocationProbe name="dashboard" /> },
  { path: '/rechercher-entreprise', element: <LocationProbe name="step1" /> },
];

let db: LocalDb;
let repos: Repositories;
beforeEach(() => {
  resetUiState();
  db = freshDb();
  repos = createRepositories(db);
  signIn();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await dropDb(db);
});

function cards() {
  return screen.getAllByTestId('company-card');
}

describe('list (02 §2.5)', () => {
  it('shows each company with name, address and SIRET, newest first, and the count', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard/companies']);
    expect(screen.getByRole('heading', { level: 1, name: 'Mes entreprises' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toHaveTextContent('Bêta Industrie');
    expect(cards()[0]).toHaveTextContent('5 quai Perrache, 69002 Lyon');
    expect(cards()[0]).toHaveTextContent('22222222200022');
    expect(cards()[1]).toHaveTextContent('Alpha Conseil');
    expect(screen.getByText('2 entreprises sur 3')).toBeInTheDocument();
  });

  it("shows 'Aucune entreprise' when there is none, with the add button", async () => {
    renderRoutes(db, routes(), ['/dashboard/companies']);
    expect(await screen.findByText('Aucune entreprise')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Ajouter une entreprise/ }));
    expect(await screen.findByTestId('probe')).toHaveTextContent('step1 {"addingNewCompany":true}');
  });

  it('offers the add button below 3 companies and hides it at 3, with the limit message (02 §5)', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    const view = renderRoutes(db, routes(), ['/dashboard/companies']);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Ajouter une entreprise/ })).toBeInTheDocument();
    await repos.saveSimulation(USER.id, C);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Ajouter une entreprise/ })).toBeNull();
    expect(
      screen.getByText('Vous ne pouvez pas ajouter plus de 3 entreprises'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 entreprises sur 3')).toBeInTheDocument();
    view.unmount();
  });

  it('shows the load error when the local store cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(db, 'synced').mockImplementation(() => {
      throw new Error('IndexedDB unavailable');
    });
    renderRoutes(db, routes(), ['/dashboard/companies']);
    expect(
      await screen.findByText('Erreur lors du chargement des entreprises'),
    ).toBeInTheDocument();
  });
});

describe('sub-views: list → search → details, and back (02 §4)', () => {
  it('searches the user’s companies by name or SIRET, opens the details, and comes back', async () => {
    await seedCompanies(db, USER.id, [A, B]);
    const { router } = renderRoutes(db, routes(), ['/dashboard/companies']);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    const heading = await screen.findByRole('heading', { name: 'Rechercher une entreprise' });
    expect(heading).toHaveFocus();
    const box = screen.getByRole('searchbox', { name: 'Nom, adresse ou SIRET' });
    fireEvent.change(box, { target: { value: 'beta' } });
    expect(await screen.findByText('1 entreprise trouvée')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=search&q=beta');
    fireEvent.change(box, { target: { value: '1111 1111' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Alpha Conseil/ })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /Bêta Industrie/ })).toBeNull();
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(
      await screen.findByText('Aucune entreprise ne correspond à votre recherche.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ajouter une entreprise/ })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'alpha' } });
    fireEvent.click(await screen.findByRole('button', { name: /Alpha Conseil/ }));
    const details = await screen.findByRole('region', { name: "Informations de l'entreprise" });
    expect(details).toHaveTextContent('Alpha Conseil');
    expect(details).toHaveTextContent('11111111100011');
    expect(details).toHaveTextContent('Effectif salarié');
    expect(details).toHaveTextContent('10 à 49 salariés');
    expect(details).toHaveTextContent('Convention collective');
    expect(details).toHaveTextContent('1486');
    expect(details).toHaveTextContent('Atlas');

    router.navigate(-1); // browser back: the search again
    expect(
      await screen.findByRole('heading', { name: 'Rechercher une entreprise' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it("'Voir le budget' selects the company and opens the dashboard with it in navigation state", async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard/companies?view=details&siret=11111111100011']);
    fireEvent.click(await screen.findByRole('button', { name: 'Voir le budget' }));
    expect(await screen.findByTestId('probe')).toHaveTextContent(
      'dashboard {"siret":"11111111100011","refresh":true}',
    );
    expect(useCurrentCompanyStore.getState().siret).toBe('11111111100011');
  });
});

describe('delete (02 §2.5, §8)', () => {
  it("asks in 'Supprimer l'entreprise', then removes the company and all its data", async () => {
    await seedCompanies(db, USER.id, [A, B]);
    const unlock = await repos.createUnlockRequest(USER.id, {
      company_siret: A.company_siret,
      company_name: A.company_name,
      objective: 'skills',
      target: 'all',
      topics: ['management'],
      rhythm: 'weekly',
      start_date: null,
    });
    renderRoutes(db, routes(), ['/dashboard/companies']);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Alpha Conseil' }));
    const dialog = screen.getByRole('alertdialog', { name: "Supprimer l'entreprise" });
    expect(dialog).toHaveTextContent(
      'Cette action est irréversible : toutes les données associées seront supprimées.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(cards()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Alpha Conseil' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Entreprise supprimée avec succès')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Bêta Industrie');
    expect((await db.survey_responses.get(unlock))?.deleted_at).toBeTruthy();
    const deletes = (await db.outbox.toArray())
      .filter((m) => m.op === 'delete')
      .map((m) => m.table)
      .sort();
    expect(deletes).toEqual(['simulations', 'survey_responses']);
  });

  it('after deleting the last company, goes to /dashboard with the refresh flag', async () => {
    await seedCompanies(db, USER.id, [A]);
    useCurrentCompanyStore.getState().select(A.company_siret);
    renderRoutes(db, routes(), ['/dashboard/companies?view=details&siret=11111111100011']);
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByTestId('probe')).toHaveTextContent('dashboard {"refresh":true}');
    expect(useCurrentCompanyStore.getState().siret).toBeNull();
  });

  it("says 'Erreur lors de la suppression de l'entreprise' when the local write fails", async () => {
    await seedCompanies(db, USER.id, [A, B]);
    renderRoutes(db, routes(), ['/dashboard/companies']);
    await waitFor(() => expect(cards()).toHaveLength(2));
    vi.spyOn(db, 'transaction').mockRejectedValue(new Error('disk'));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Alpha Conseil' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(
      await screen.findByText("Erreur lors de la suppression de l'entreprise"),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });
});
