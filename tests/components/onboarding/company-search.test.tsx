// Step 1, /rechercher-entreprise (01 §2, §5, §8): choosing a suggestion keeps the company and opens
// step 2; a company that cannot be kept on the device (storage full or disabled) says so and stays.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanySearchPage } from '@/features/onboarding/pages/company-search-page';
import { onboarding } from '@/i18n/fr/onboarding';
import { authStore } from '@/lib/auth';

const registryItem = {
  siren: '978961233',
  nom_entreprise: 'ALTÉA SYSTÈMES',
  forme_juridique: 'SARL',
  code_naf: '62.02A',
  siege: { siret: '97896123300951', adresse_ligne_1: '65 avenue de la République' },
  conventions_collectives: [{ idcc: '1486' }],
};

beforeEach(() => {
  localStorage.clear();
  authStore.setUser(null);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ resultats_nom_entreprise: [registryItem] }), {
          status: 200,
        }),
    ),
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
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

async function pickAltea() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox'), 'ALTÉA');
  await user.click(
    await screen.findByRole('option', { name: /ALTÉA SYSTÈMES/ }, { timeout: 5000 }),
  );
}

describe('step 1: choosing a company', () => {
  it('keeps the chosen company and opens step 2', async () => {
    const router = renderSearch();
    await pickAltea();
    await waitFor(() => expect(router.state.location.pathname).toBe('/informations-entreprise'));
    expect(JSON.parse(localStorage.getItem('selectedCompany') ?? 'null')).toMatchObject({
      siret: '97896123300951',
      companyName: 'ALTÉA SYSTÈMES',
    });
  });

  it('says so when the company cannot be kept on the device, and stays on step 1', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const router = renderSearch();
    await pickAltea();
    expect(await screen.findByText(onboarding.search.selectError)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rechercher-entreprise');
  });
});
