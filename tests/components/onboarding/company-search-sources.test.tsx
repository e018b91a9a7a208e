// Step 1 (issue 29 item 11, issue 27 item 6): where the suggestions come from stays in sight at the
// foot of the open list; the official registry failing says so in plain French (the companies shown
// are examples) and offers the SIRET path; the list closes when the field is left and reopens on a
// click back into it; a non-diffusible company is shown as such, never with the registry's mask,
// and its name is typed before step 2.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanySearchPage } from '@/features/onboarding/pages/company-search-page';
import { onboarding } from '@/i18n/fr/onboarding';
import { authStore } from '@/lib/auth';

const t = onboarding.search;

const altea = {
  siren: '978961233',
  nom_entreprise: 'ALTÉA SYSTÈMES',
  code_naf: '62.02A',
  siege: {
    siret: '97896123300951',
    adresse_ligne_1: '65 avenue de la République',
    ville: 'CHAMBÉRY',
  },
  conventions_collectives: [{ idcc: '1486' }],
};
/** What the registry endpoint answers for a non-diffusible sole trader (the adapter's output). */
const hairdresser = {
  siren: '901234567',
  nom_entreprise: null,
  denomination: null,
  forme_juridique: 'Entrepreneur individuel',
  code_naf: '96.02A',
  siege: {
    siret: '90123456700013',
    adresse_ligne_1: null,
    code_postal: null,
    ville: 'AIX-LES-BAINS',
  },
  conventions_collectives: [
    { idcc: 2596, nom: 'Coiffure', confirmee: true, niveau: 'etablissement' },
  ],
  tranche_effectif_salarie: '01',
  annee_tranche_effectif_salarie: '2023',
  non_diffusible: true,
};

let headers: Record<string, string> = {};
let items: unknown[] = [altea];

beforeEach(() => {
  localStorage.clear();
  authStore.setUser(null);
  headers = { 'x-data-source': 'gouv' };
  items = [altea];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const siret = new URL(String(input)).searchParams.get('cibles') === 'siret';
      const body = siret
        ? { resultats_nom_entreprise: [], resultats_siret: items }
        : { resultats_nom_entreprise: items, resultats_siret: [] };
      return new Response(JSON.stringify(body), { status: 200, headers });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/rechercher-entreprise', element: <CompanySearchPage /> },
      { path: '/informations-entreprise', element: <p>étape 2</p> },
    ],
    { initialEntries: ['/rechercher-entreprise'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const field = () => screen.getByRole('combobox');
const listbox = () => screen.getByRole('listbox', { hidden: true });
const popup = () => listbox().closest('.combobox-popup') as HTMLElement;

describe('step 1: where the companies come from', () => {
  it('the source line sits at the foot of the open list, and under the field once it closes', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'ALTÉA');
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 });
    expect(within(popup()).getByText(t.sourceGouv)).toBeInTheDocument();
    expect(screen.getAllByText(t.sourceGouv)).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(popup()).not.toBeVisible();
    const note = screen.getByText(t.sourceGouv);
    expect(popup().contains(note)).toBe(false);
  });

  it('sample data are labelled as such', async () => {
    headers = { 'x-data-source': 'sample' };
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'ALTÉA');
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 });
    expect(within(popup()).getByText(t.sampleData)).toBeInTheDocument();
    expect(screen.queryByText(t.registryDown)).toBeNull();
  });

  it('the official registry down: a plain line says so, the companies are examples, the SIRET path is offered', async () => {
    headers = { 'x-data-source': 'sample', 'x-registry-fallback': 'gouv_network' };
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'ALTÉA');
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 });
    expect(within(popup()).getByText(t.registryDownShort)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(t.registryDown);
    await user.click(document.body);
    // Closed list: the short line is not repeated under the field (the notice says it).
    expect(screen.queryByText(t.registryDownShort)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.manual.open }));
    expect(await screen.findByLabelText(t.manual.siretLabel)).toBeInTheDocument();
  });

  it('the official registry down and nothing in the table: never « Aucune entreprise trouvée »', async () => {
    headers = { 'x-data-source': 'sample', 'x-registry-fallback': 'gouv_timeout' };
    items = [];
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'Boulangerie Dupont');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      t.registryDownEmpty,
    );
    expect(screen.queryByText(t.noResults)).toBeNull();
    expect(screen.getByRole('button', { name: t.manual.open })).toBeInTheDocument();
  });

  it('a partial SIRET (the official registry has no prefix search) is not an outage', async () => {
    headers = { 'x-data-source': 'sample', 'x-registry-fallback': 'gouv_unsupported' };
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), '9789612');
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 });
    expect(within(popup()).getByText(t.sampleData)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaving the field closes the list; a click back into it reopens it', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), 'ALTÉA');
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await user.click(field());
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: /ALTÉA SYSTÈMES/ })).toBeVisible();
  });
});

describe('step 1: a non-diffusible company', () => {
  it('is shown as « Entreprise non diffusible » with its SIREN, SIRET and IDCC; its name is typed, then step 2', async () => {
    items = [hairdresser];
    const user = userEvent.setup();
    const router = renderSearch();
    await user.type(field(), '90123456700013');
    const option = await screen.findByRole(
      'option',
      { name: /Entreprise non diffusible/ },
      { timeout: 5000 },
    );
    expect(option).toHaveTextContent('AIX-LES-BAINS');
    expect(option).toHaveTextContent('SIREN : 901 234 567 · SIRET : 90123456700013');
    expect(option).toHaveTextContent('Convention déclarée : IDCC 2596');
    expect(document.body.textContent).not.toMatch(/NON-DIFFUSIBLE/i);
    await user.click(option);
    expect(router.state.location.pathname).toBe('/rechercher-entreprise');
    const form = await screen.findByRole('form', { name: t.nameForm.title });
    expect(form).toHaveTextContent(t.nameForm.explanation);
    await user.click(within(form).getByRole('button', { name: t.nameForm.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/nom/i);
    await user.type(within(form).getByLabelText(t.nameForm.nameLabel), '  Salon Léa  ');
    await user.click(within(form).getByRole('button', { name: t.nameForm.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/informations-entreprise'));
    const stored = JSON.parse(localStorage.getItem('selectedCompany') ?? 'null');
    expect(stored).toMatchObject({
      siret: '90123456700013',
      companyName: 'Salon Léa',
      nonDiffusible: true,
      declaredAgreements: [{ idcc: '2596', name: 'Coiffure' }],
      inseeBand: { code: '01', year: '2023' },
      dataSource: 'gouv',
    });
  });

  it('another company can be chosen instead', async () => {
    items = [hairdresser];
    const user = userEvent.setup();
    renderSearch();
    await user.type(field(), '90123456700013');
    await user.click(
      await screen.findByRole('option', { name: /Entreprise non diffusible/ }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('button', { name: t.nameForm.cancel }));
    expect(screen.queryByRole('form', { name: t.nameForm.title })).toBeNull();
  });
});
