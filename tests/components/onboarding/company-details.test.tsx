// Step 2, /informations-entreprise (01 §2, §4, §5, §8): entry rules, the preselected suggestion and
// its bands, the custom IDCC entry, the -1/-1 count and auto-match, default bands and toast on a
// failed band fetch, anonymous and signed-in Continuer (update and company limits).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanySuggestion } from '@/domain/registry';
import { authStore } from '@/lib/auth';
import type * as DbModule from '@/db';

const saveSimulation = vi.hoisted(() => vi.fn());
vi.mock('@/db', async (importOriginal) => ({
  ...(await importOriginal<typeof DbModule>()),
  saveSimulation,
}));

const { CompanyDetailsPage } = await import('@/features/onboarding/pages/company-details-page');
const { LocalStoreError } = await import('@/db');

const company: CompanySuggestion = {
  forme_juridique: 'SARL',
  isIdcc: true,
  siren: '978961233',
  siret: '97896123300951',
  companyName: 'ALTÉA SYSTÈMES',
  companyAddress: '65 avenue de la République 73000 CHAMBÉRY',
  codeNaf: '62.02A',
  idcc: ['1486'],
};

type Route = (url: URL) => { status: number; body: unknown } | undefined;
let routes: Route[] = [];
const defaults: Route = (url) => {
  const p = url.pathname;
  if (p.startsWith('/public/idcc/getIdccFromNAF')) {
    return url.searchParams.get('naf') === '00.00Z'
      ? { status: 200, body: [] }
      : {
          status: 200,
          body: [
            { idcc: '1486', ccName: 'Bureaux d’études', proba: 90 },
            { idcc: '1501', ccName: 'Restauration rapide', proba: 5 },
          ],
        };
  }
  if (/\/min\/\d+\/max\/\d+$/.test(p)) {
    return {
      status: 200,
      body: {
        budgetType: 'TOTAL',
        opco: 'Atlas',
        tauxPriseEnCharge: 100,
        budgetInfo: {
          totalBudget_value: '3 000',
          totalBudget_unity: '€ HT',
          Budget_condition: 'Non',
        },
      },
    };
  }
  if (p === '/public/pdc/infoPdc/1486')
    return {
      status: 200,
      body: [
        { minEmployees: 1, maxEmployees: 10 },
        { minEmployees: 11, maxEmployees: 49 },
      ],
    };
  if (p === '/public/pdc/infoPdc/1501') return { status: 500, body: { error: 'boom' } };
  if (p.startsWith('/public/idcc/search'))
    return { status: 200, body: [{ idcc: '2216', label: 'Commerce de détail alimentaire' }] };
  if (p.startsWith('/public/pdc/infoPdc/')) return { status: 404, body: { error: 'unknown_idcc' } };
  return undefined;
};

beforeEach(() => {
  routes = [];
  localStorage.clear();
  authStore.setUser(null);
  saveSimulation.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      const answer = [...routes, defaults].map((r) => r(url)).find(Boolean);
      if (!answer) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDetails(state: unknown, stored: CompanySuggestion | null = company) {
  if (stored) localStorage.setItem('selectedCompany', JSON.stringify(stored));
  const router = createMemoryRouter(
    [
      { path: '/informations-entreprise', element: <CompanyDetailsPage /> },
      { path: '/creer-compte', element: <p>étape 3</p> },
      { path: '/dashboard', element: <p>tableau de bord</p> },
      { path: '/dashboard/companies', element: <p>mes entreprises</p> },
      { path: '/rechercher-entreprise', element: <p>recherche</p> },
    ],
    { initialEntries: [{ pathname: '/informations-entreprise', state }] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const adding = (c: CompanySuggestion = company) => ({ company: c, addingNewCompany: true });
const agreement = () => screen.getByLabelText(/Convention collective/) as HTMLSelectElement;
const bands = () => screen.getByLabelText(/nbr de salariés hors alternant/) as HTMLSelectElement;
const bandLabels = () =>
  within(bands())
    .getAllByRole('option')
    .map((o) => o.textContent);

async function ready() {
  await waitFor(() => expect(bands()).toBeEnabled());
}

describe('step 2 entry (01 §2)', () => {
  it('without the adding flag goes to the dashboard', async () => {
    const router = renderDetails({ company });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
  it('without NAF code, or without a stored company, goes back to the search', async () => {
    const noNaf = { ...company, codeNaf: '' };
    const router = renderDetails(adding(noNaf), noNaf);
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
    expect(router.state.location.state).toEqual({ reason: 'missing-naf' });
  });
});

describe('agreement and headcount', () => {
  it('preselects the first NAF suggestion and loads its bands', async () => {
    renderDetails(adding());
    await ready();
    expect(agreement().value).toBe('1486');
    expect(bandLabels()).toEqual([
      'Sélectionnez une tranche',
      'Auto-entrepreneur',
      '1 à 10 salariés',
      '11 à 49 salariés',
      'Je ne trouve pas mon effectif',
    ]);
  });

  // Issue 16 item 10: the NAF suggestions were listed (and the first preselected) in response order.
  it('lists the NAF suggestions most likely first and preselects that one', async () => {
    routes.push((url) =>
      url.pathname.startsWith('/public/idcc/getIdccFromNAF')
        ? {
            status: 200,
            body: [
              { idcc: '1501', ccName: 'Restauration rapide', proba: 5 },
              { idcc: '1486', ccName: 'Bureaux d’études', proba: 90 },
            ],
          }
        : undefined,
    );
    renderDetails(adding());
    await ready();
    expect(agreement().value).toBe('1486');
    expect(
      within(agreement())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['1486', '1501', 'custom']);
  });

  it('a failed band fetch gives the default bands and a toast', async () => {
    renderDetails(adding());
    await ready();
    await userEvent.selectOptions(agreement(), '1501');
    expect(
      await screen.findByText("Erreur lors du chargement des tranches d'effectif"),
    ).toBeInTheDocument();
    await ready();
    expect(bandLabels()).toEqual([
      'Sélectionnez une tranche',
      'Auto-entrepreneur',
      '1 à 10 salariés',
      '11 à 49 salariés',
      '50 à 299 salariés',
      '300 salariés et plus',
      'Je ne trouve pas mon effectif',
    ]);
  });

  it('the custom option reveals the free IDCC entry (digits only, prefix search from 3 digits) and clears the band', async () => {
    const user = userEvent.setup();
    renderDetails(adding());
    await ready();
    await user.selectOptions(bands(), '11:49');
    await user.selectOptions(agreement(), 'custom');
    expect(bands().value).toBe('');
    const idcc = screen.getByRole('combobox', { name: 'Numéro IDCC' });
    await user.type(idcc, '2a2');
    expect(idcc).toHaveValue('22');
    expect(screen.queryByRole('option', { name: /2216/ })).toBeNull();
    await user.type(idcc, '1');
    const option = await screen.findByRole(
      'option',
      { name: '2216 - Commerce de détail alimentaire' },
      { timeout: 2000 },
    );
    await user.click(option);
    expect(idcc).toHaveValue('2216 - Commerce de détail alimentaire');
  });

  it('opens the free IDCC entry when no suggestion loads', async () => {
    const c = { ...company, codeNaf: '00.00Z' };
    renderDetails(adding(c), c);
    expect(await screen.findByRole('combobox', { name: 'Numéro IDCC' })).toBeInTheDocument();
    expect(agreement().value).toBe('custom');
  });

  it('validates, then the -1/-1 band reveals the count, which auto-matches a band', async () => {
    const user = userEvent.setup();
    const router = renderDetails(adding());
    await ready();
    await user.click(screen.getByRole('button', { name: /Continuer/ }));
    expect(
      await screen.findByText("Veuillez sélectionner une tranche d'effectif"),
    ).toBeInTheDocument();
    await user.selectOptions(bands(), '-1:-1');
    await user.click(screen.getByRole('button', { name: /Continuer/ }));
    expect(await screen.findByText("Veuillez saisir un nombre d'employés")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nombre d'employés/), '-3');
    await user.click(screen.getByRole('button', { name: /Continuer/ }));
    expect(
      await screen.findByText("Le nombre d'employés doit être un nombre positif"),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Nombre d'employés/));
    await user.type(screen.getByLabelText(/Nombre d'employés/), '12');
    expect(screen.getByText('Tranche correspondante : 11 à 49 salariés')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continuer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creer-compte'));
    expect(JSON.parse(localStorage.getItem('pendingSimulation')!)).toMatchObject({
      idcc: '1486',
      employee_range_min: 11,
      employee_range_max: 49,
      budget_type: 'TOTAL',
      budget_total: 3000,
      opco_name: 'Atlas',
    });
    expect(JSON.parse(localStorage.getItem('companyDetails')!)).toMatchObject({
      idcc: '1486',
      employeeCount: '12',
      budgetSource: 'network',
    });
    expect(router.state.location.state).toMatchObject({
      company,
      addingNewCompany: true,
      from: 'rechercher-entreprise',
    });
  });

  it('Retour goes to the search when anonymous, to the companies when signed in', async () => {
    const router = renderDetails(adding());
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(router.state.location.pathname).toBe('/rechercher-entreprise');
    authStore.setUser({
      id: '11111111-1111-4111-8111-111111111111',
      email: 'a@b.fr',
      emailConfirmed: true,
      metadata: {},
    });
    await router.navigate('/informations-entreprise', { state: adding() });
    await userEvent.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(router.state.location.pathname).toBe('/dashboard/companies');
  });
});

describe('signed-in Continuer (01 §4, §8)', () => {
  const user = {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'rh@exemple.fr',
    emailConfirmed: true,
    metadata: {},
  };

  it('saves the simulation and opens the dashboard with the refresh flag', async () => {
    authStore.setUser(user);
    saveSimulation.mockResolvedValue({ id: 'x', created: true });
    const router = renderDetails(adding());
    await ready();
    await userEvent.selectOptions(bands(), '1:10');
    await userEvent.click(screen.getByRole('button', { name: /Continuer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.state).toEqual({ siret: company.siret, refresh: true });
    expect(saveSimulation).toHaveBeenCalledWith(
      user.id,
      expect.objectContaining({
        company_siret: company.siret,
        idcc: '1486',
        employee_range_min: 1,
        budget_total: 3000,
      }),
    );
    expect(await screen.findByText('Entreprise ajoutée avec succès')).toBeInTheDocument();
  });

  it('the update limit shows its message with a contact link; the company limit its own', async () => {
    authStore.setUser(user);
    saveSimulation.mockRejectedValueOnce(new LocalStoreError('update_limit'));
    const router = renderDetails(adding());
    await ready();
    await userEvent.selectOptions(bands(), '0:0');
    await userEvent.click(screen.getByRole('button', { name: /Continuer/ }));
    const message = await screen.findByText(
      'Vous avez atteint le nombre maximum de modifications autorisées.',
    );
    const toastElement = message.closest('[data-sonner-toast]') as HTMLElement;
    expect(within(toastElement).getByRole('link', { name: /Nous contacter/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(router.state.location.pathname).toBe('/informations-entreprise');
    expect(saveSimulation).toHaveBeenCalledWith(
      user.id,
      expect.objectContaining({ budget_type: 'AUTO_ENTREPRENEUR', employee_range_max: 0 }),
    );
    saveSimulation.mockRejectedValueOnce(new LocalStoreError('company_limit'));
    await userEvent.click(screen.getByRole('button', { name: /Continuer/ }));
    expect(
      await screen.findByText('Vous ne pouvez pas ajouter plus de 3 entreprises'),
    ).toBeInTheDocument();
  });
});

// Issue 15: what the registry knows, step 2 uses.
describe('declared agreements and the INSEE band', () => {
  const declared = (over: Partial<CompanySuggestion>): CompanySuggestion => ({
    ...company,
    codeNaf: '46.33Z',
    ...over,
  });
  beforeEach(() => {
    routes.push((url) => {
      if (url.pathname.startsWith('/public/idcc/getIdccFromNAF'))
        return { status: 200, body: [{ idcc: '1486', ccName: 'Bureaux d’études', proba: 90 }] };
      if (
        url.pathname === '/public/pdc/infoPdc/0573' ||
        url.pathname === '/public/pdc/infoPdc/5516'
      )
        return {
          status: 200,
          body: [
            { minEmployees: 1, maxEmployees: 10 },
            { minEmployees: 11, maxEmployees: 49 },
            { minEmployees: 50, maxEmployees: 299 },
          ],
        };
      return undefined;
    });
  });

  it('preselects the one declared agreement, labelled as declared, before the NAF suggestions; prefills the band from INSEE 12 with its year', async () => {
    renderDetails(
      adding(
        declared({
          declaredAgreements: [{ idcc: '0573', name: 'Commerces de gros' }],
          declaredLevel: 'etablissement',
          inseeBand: { code: '12', year: '2023' },
        }),
      ),
      declared({}),
    );
    await ready();
    expect(agreement().value).toBe('0573');
    const groups = within(agreement()).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual([
      'Déclarée par votre entreprise',
      'Suggestions selon votre code NAF',
    ]);
    expect(within(groups[0]!).getByRole('option').textContent).toBe(
      '0573 - Commerces de gros (déclarée)',
    );
    expect(screen.getByText(/Convention déclarée pour cet établissement/)).toBeInTheDocument();
    expect(bands().value).toBe('11:49');
    expect(
      screen.getByText(
        'Effectif INSEE 2023 : 20 à 49 salariés — tranche présélectionnée, modifiable.',
      ),
    ).toBeInTheDocument();
    // The user can change both.
    await userEvent.selectOptions(bands(), '1:10');
    expect(bands().value).toBe('1:10');
    await userEvent.selectOptions(agreement(), '1486');
    expect(agreement().value).toBe('1486');
  });

  it('several declared agreements: none preselected, the user picks; 9999 counts as none', async () => {
    const router = renderDetails(
      adding(
        declared({
          declaredAgreements: [
            { idcc: '0573', name: 'Commerces de gros' },
            { idcc: '5516', name: 'La Poste' },
          ],
        }),
      ),
      declared({}),
    );
    await waitFor(() => expect(agreement()).toBeEnabled());
    expect(agreement().value).toBe('');
    expect(screen.getByText(/Plusieurs conventions sont déclarées/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Veuillez sélectionner une convention collective')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/informations-entreprise');
    await userEvent.selectOptions(agreement(), '5516');
    expect(agreement().value).toBe('5516');
  });

  it('only "no agreement" declared: the NAF suggestions, saying none is declared', async () => {
    renderDetails(adding(declared({ declaredAgreements: [] })), declared({}));
    await ready();
    expect(agreement().value).toBe('1486');
    expect(screen.getByText(/Aucune convention collective n'est déclarée/)).toBeInTheDocument();
  });

  it('INSEE band 11 straddles the 11-employee threshold: no band preselected, the user confirms', async () => {
    renderDetails(
      adding(
        declared({
          declaredAgreements: [{ idcc: '0573', name: 'Commerces de gros' }],
          inseeBand: { code: '11', year: '2022' },
        }),
      ),
      declared({}),
    );
    await ready();
    expect(bands().value).toBe('');
    expect(
      screen.getByText(
        'Effectif INSEE 2022 : 10 à 19 salariés — à cheval sur le seuil de 11 salariés : choisissez votre tranche.',
      ),
    ).toBeInTheDocument();
  });

  it('a company typed by hand (no NAF code) reaches step 2 and gives its IDCC', async () => {
    const manual: CompanySuggestion = { ...company, codeNaf: '', manual: true, idcc: [] };
    const router = renderDetails(adding(manual), manual);
    expect(await screen.findByRole('combobox', { name: 'Numéro IDCC' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/informations-entreprise');
  });

  // Issue 27 item 6: a head office's list never hides the company-wide one.
  it('the company declares other agreements than this establishment: both groups, nothing preselected, the user chooses', async () => {
    const router = renderDetails(
      adding(
        declared({
          declaredAgreements: [{ idcc: '5516', name: 'La Poste' }],
          declaredLevel: 'etablissement',
          otherAgreements: [{ idcc: '0573', name: 'Commerces de gros' }],
        }),
      ),
      declared({}),
    );
    await waitFor(() => expect(agreement()).toBeEnabled());
    expect(agreement().value).toBe('');
    const groups = within(agreement()).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual([
      'Déclarée pour cet établissement',
      "Déclarées pour d'autres établissements de l'entreprise",
      'Suggestions selon votre code NAF',
    ]);
    expect(within(groups[1]!).getByRole('option').textContent).toBe(
      '0573 - Commerces de gros (déclarée)',
    );
    expect(
      screen.getByText(
        "Cet établissement déclare l'IDCC 5516 ; l'entreprise déclare aussi l'IDCC 0573 pour d'autres établissements : choisissez celle qui s'applique à vos salariés.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Veuillez sélectionner une convention collective')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/informations-entreprise');
    await userEvent.selectOptions(agreement(), '0573');
    await ready();
    expect(agreement().value).toBe('0573');
  });

  it('the establishment declares none but the company does: the company’s, to choose', async () => {
    renderDetails(
      adding(
        declared({
          declaredAgreements: [],
          declaredLevel: 'etablissement',
          otherAgreements: [{ idcc: '0573', name: 'Commerces de gros' }],
        }),
      ),
      declared({}),
    );
    await waitFor(() => expect(agreement()).toBeEnabled());
    expect(agreement().value).toBe('');
    expect(
      screen.getByText(
        /Aucune convention n'est déclarée pour cet établissement, mais l'entreprise déclare l'IDCC 0573/,
      ),
    ).toBeInTheDocument();
  });
});

// Issue 29 item 11: where the company's data come from, repeated at step 2.
describe('the data source at step 2', () => {
  it.each([
    [{ dataSource: 'sample' as const }, "Données d'exemple : cette entreprise est fictive."],
    [{ dataSource: 'gouv' as const }, /Annuaire des Entreprises, le registre officiel/],
    [
      { dataSource: 'gouv' as const, nonDiffusible: true, companyName: 'Salon Léa' },
      /Entreprise non diffusible : son nom et son adresse ne sont pas publiés/,
    ],
    [{ manual: true, codeNaf: '' }, 'Entreprise saisie par vous.'],
  ])('%o', async (over, text) => {
    const c: CompanySuggestion = { ...company, ...over };
    renderDetails(adding(c), c);
    const card = await screen.findByRole('region', { name: 'Entreprise sélectionnée' });
    expect(within(card).getByText(text)).toBeInTheDocument();
  });
  it('a company without source says nothing about it', async () => {
    renderDetails(adding(), company);
    const card = await screen.findByRole('region', { name: 'Entreprise sélectionnée' });
    expect(card.querySelector('.company-card-source')).toBeNull();
  });
});
