// Editing a company's agreement and headcount (issue 29 item 3): keyboard only, local-first (row +
// outbox mutation, offline too), the 01 §5 messages, the 1596 / 1597 warning that never blocks,
// the update limit, and budget figures never carried over from the previous agreement.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalDb } from '@/db';
import { budgetCacheKey } from '@/lib/budget-lookup';
import type * as BudgetLookup from '@/lib/budget-lookup';
import { CompaniesPage } from '@/features/companies/pages/companies-page';
import {
  company,
  dropDb,
  freshDb,
  renderRoutes,
  resetUiState,
  seedCompanies,
  signIn,
  USER,
} from '../shell/helpers';

const lookups = vi.hoisted(() => ({ lookup: vi.fn() }));
vi.mock('@/lib/budget-lookup', async (importOriginal) => ({
  ...(await importOriginal<typeof BudgetLookup>()),
  lookupBudget: (...args: unknown[]) => lookups.lookup(...args),
}));

const SIRET = '11111111100011';
const A = company('Alpha Bâtiment', SIRET, {
  idcc: '1597',
  opco_name: 'CONSTRUCTYS',
  employee_range_min: 11,
  employee_range_max: 49,
  budget_type: 'TOTAL',
  budget_total: 4200,
});

const routes = () => [{ path: '/dashboard/companies', element: <CompaniesPage /> }];
const open = (db: LocalDb) =>
  renderRoutes(db, routes(), [`/dashboard/companies?view=details&siret=${SIRET}`]);

let db: LocalDb;
beforeEach(() => {
  resetUiState();
  db = freshDb();
  signIn();
  lookups.lookup.mockReset();
  lookups.lookup.mockImplementation(() => new Promise(() => undefined));
});
afterEach(async () => {
  vi.restoreAllMocks();
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
  await dropDb(db);
});

const row = async () => (await db.simulations.toArray()).find((s) => s.company_siret === SIRET)!;

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  const edit = await screen.findByRole('button', {
    name: "Modifier la convention collective et l'effectif d'Alpha Bâtiment",
  });
  edit.focus();
  await user.keyboard('{Enter}');
  // On a loaded 2-core CI machine the dialog took more than findBy's default 1 s to open.
  return screen.findByRole(
    'heading',
    { level: 2, name: "Modifier la convention collective et l'effectif" },
    { timeout: 10_000 },
  );
}

describe('editing the agreement and the headcount', () => {
  it('keyboard only: 1596 with 11 to 49 employees is warned, saved anyway, locally with its mutation', async () => {
    await seedCompanies(db, USER.id, [A]);
    await db.outbox.clear();
    const user = userEvent.setup();
    open(db);
    const heading = await openEdit(user);
    expect(heading).toHaveFocus();
    const idcc = screen.getByRole('textbox', { name: /Convention collective \(IDCC\)/ });
    const band = screen.getByRole('combobox', { name: /nbr de salariés hors alternant/ });
    expect(idcc).toHaveValue('1597');
    expect(band).toHaveDisplayValue('11 à 49 salariés');
    expect(screen.queryByText(/concerne les entreprises occupant/)).toBeNull();

    await user.tab(); // the IDCC field
    expect(idcc).toHaveFocus();
    await user.clear(idcc);
    await user.keyboard('15a96'); // letters are ignored
    expect(idcc).toHaveValue('1596');
    expect(
      await screen.findByText(
        "La convention collective 1596 concerne les entreprises occupant jusqu'à 10 salariés, et l'effectif indiqué est « 11 à 49 salariés ».",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Vérifiez sur vos bulletins de paie : pour les entreprises occupant plus de 10 salariés, c'est en général la convention 1597.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Vous pouvez enregistrer quand même.')).toBeInTheDocument();

    await user.tab(); // the band
    await user.tab(); // Annuler
    await user.tab(); // Enregistrer
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Entreprise mise à jour avec succès')).toBeInTheDocument();
    // back on the details, which keep the warning
    await screen.findByRole('heading', { level: 2, name: "Informations de l'entreprise" });
    expect(screen.getByText(/La convention collective 1596 concerne/)).toBeInTheDocument();

    const saved = await row();
    expect(saved).toMatchObject({ idcc: '1596', employee_range_min: 11, employee_range_max: 49 });
    // the previous agreement's figure is not kept for the new one (nothing cached yet)
    expect(saved).toMatchObject({ budget_type: 'UNKNOWN', budget_total: null, opco_name: '' });
    const mutations = await db.outbox.toArray();
    expect(mutations).toHaveLength(1);
    expect(mutations[0]).toMatchObject({ table: 'simulations', op: 'update', row_id: saved.id });
    expect(mutations[0]!.fields).toMatchObject({ idcc: '1596', budget_type: 'UNKNOWN' });
    expect(mutations[0]!.fields).not.toHaveProperty('company_name');
  });

  it('offline: saved on the device, the budget from the cached lookup of the new choice, said so', async () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    await seedCompanies(db, USER.id, [A]);
    await db.budget_cache.put({
      key: budgetCacheKey('1596', 1, 10),
      value: {
        budgetType: 'TOTAL',
        opco: 'CONSTRUCTYS',
        tauxPriseEnCharge: 0,
        budgetInfo: { totalBudget_value: '1 800', totalBudget_unity: '€ HT' },
      },
      fetchedAt: '2026-11-20T10:00:00.000Z',
    } as never);
    const user = userEvent.setup();
    open(db);
    await openEdit(user);
    await user.clear(screen.getByRole('textbox', { name: /IDCC/ }));
    await user.type(screen.getByRole('textbox', { name: /IDCC/ }), '1596');
    await user.selectOptions(screen.getByRole('combobox', { name: /hors alternant/ }), '1:10');
    expect(screen.queryByText(/concerne les entreprises occupant/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(/elle sera envoyée dès le retour de la connexion/),
    ).toBeVisible();
    expect(await row()).toMatchObject({
      idcc: '1596',
      employee_range_min: 1,
      employee_range_max: 10,
      budget_type: 'TOTAL',
      budget_total: 1800,
      opco_name: 'CONSTRUCTYS',
    });
    // nothing looked up for what was typed offline (a lookup the previous test's form started
    // before it closed may still be settling on a loaded machine: only this test's choices count)
    expect(lookups.lookup.mock.calls.filter((call) => call[1] === 1)).toEqual([]);
  });

  it('online, the lookup of the new choice runs in the background, never on the way of the save', async () => {
    await seedCompanies(db, USER.id, [A]);
    const user = userEvent.setup();
    open(db);
    await openEdit(user);
    await user.clear(screen.getByRole('textbox', { name: /IDCC/ }));
    await user.type(screen.getByRole('textbox', { name: /IDCC/ }), '1486');
    await waitFor(() => expect(lookups.lookup).toHaveBeenCalled());
    expect(lookups.lookup.mock.calls.at(-1)!.slice(0, 3)).toEqual(['1486', 11, 49]);
    // the lookup never answers: the save does not wait for it
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Entreprise mise à jour avec succès')).toBeInTheDocument();
    expect((await row()).idcc).toBe('1486');
  });

  it('« Je ne trouve pas mon effectif »: the typed count is matched to its band (01 §4)', async () => {
    await seedCompanies(db, USER.id, [A]);
    const user = userEvent.setup();
    open(db);
    await openEdit(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /hors alternant/ }), '-1:-1');
    const count = screen.getByRole('textbox', { name: /Nombre de salariés/ });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Veuillez saisir un nombre d'employés")).toBeInTheDocument();
    await user.type(count, '8');
    // 1597 with 8 employees: warned
    expect(await screen.findByText(/La convention collective 1597 concerne/)).toHaveTextContent(
      '« 1 à 10 salariés »',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Entreprise mise à jour avec succès');
    expect(await row()).toMatchObject({ employee_range_min: 1, employee_range_max: 10 });
  });

  it('the 01 §5 messages; Annuler changes nothing', async () => {
    await seedCompanies(db, USER.id, [A]);
    await db.outbox.clear();
    const user = userEvent.setup();
    open(db);
    await openEdit(user);
    await user.clear(screen.getByRole('textbox', { name: /IDCC/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Veuillez sélectionner une convention collective'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await screen.findByRole('heading', { level: 2, name: "Informations de l'entreprise" });
    expect(await row()).toMatchObject({ idcc: '1597' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('the update limit (3 budget changes): the 01 §8 message with the contact link, nothing written', async () => {
    await seedCompanies(db, USER.id, [A]);
    const stored = await row();
    await db.simulations.put({ ...stored, update_count: 3 });
    await db.outbox.clear();
    const user = userEvent.setup();
    open(db);
    await openEdit(user);
    await user.clear(screen.getByRole('textbox', { name: /IDCC/ }));
    await user.type(screen.getByRole('textbox', { name: /IDCC/ }), '1596');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const toast = await screen.findByText(
      'Vous avez atteint le nombre maximum de modifications autorisées.',
    );
    expect(
      within(toast.closest('li')!).getByRole('link', { name: /Nous contacter/ }),
    ).toBeVisible();
    expect(await row()).toMatchObject({ idcc: '1597' });
    expect(await db.outbox.count()).toBe(0);
  });
});
