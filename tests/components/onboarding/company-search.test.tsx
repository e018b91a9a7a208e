// Step 1, /rechercher-entreprise (01 §2, §5, §8): choosing a suggestion keeps the company and opens
// step 2; a company that cannot be kept on the device (storage full or disabled) says so and stays.
import { act, render, screen, waitFor } from '@testing-library/react';
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

// Issue 16 item 2: with a slow registry (1.5 s), typing « boul », pausing, then « angerie » left
// « boul » in the field (the input was disabled while the search ran). The text typed meanwhile is
// kept and the latest text is searched.
describe('step 1: a slow registry never eats keystrokes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('keeps « boul » + « angerie » typed during the search, and searches « boulangerie »', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const q = new URL(input).searchParams.get('q') ?? '';
        asked.push(q);
        const items =
          q === 'boulangerie' ? [{ ...registryItem, nom_entreprise: 'BOULANGERIE DUPONT' }] : [];
        return new Promise<Response>((resolve) =>
          setTimeout(
            () => resolve(new Response(JSON.stringify({ resultats_nom_entreprise: items }))),
            1500,
          ),
        );
      }),
    );
    renderSearch();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const box = screen.getByRole('combobox');
    await user.type(box, 'boul');
    await act(async () => vi.advanceTimersByTime(600)); // the pause: the search of « boul » runs
    expect(asked).toEqual(['boul']);
    expect(box).toHaveAttribute('aria-busy', 'true');
    await user.type(box, 'angerie');
    expect(box).toHaveValue('boulangerie');
    await act(async () => vi.advanceTimersByTime(600));
    await act(async () => vi.advanceTimersByTime(1600));
    expect(asked.at(-1)).toBe('boulangerie');
    expect(await screen.findByRole('option', { name: /BOULANGERIE DUPONT/ })).toBeInTheDocument();
    expect(box).toHaveValue('boulangerie');
  });
});

// Issue 16 item 5: a registry failure (HTTP 500, timeout) read « Aucune entreprise trouvée ».
describe('step 1: a registry failure says the search is unavailable and offers the SIRET path', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const failing = (make: () => Promise<Response>) => vi.stubGlobal('fetch', vi.fn(make));

  it('HTTP 500: the search is unavailable, never « Aucune entreprise trouvée »; the SIRET path opens step 2', async () => {
    failing(
      async () => new Response(JSON.stringify({ error: 'boom', message: 'x' }), { status: 500 }),
    );
    const router = renderSearch();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), 'boulangerie');
    expect(
      await screen.findByText(
        /La recherche d'entreprise est momentanément indisponible/,
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(onboarding.search.noResults)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Saisir mon SIRET' }));
    await user.type(await screen.findByLabelText('Numéro SIRET'), '123');
    await user.click(screen.getByRole('button', { name: 'Continuer avec ce SIRET' }));
    expect(screen.getByText('Le numéro SIRET doit comporter 14 chiffres')).toBeInTheDocument();
    expect(screen.getByText("Le nom de l'entreprise est requis")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Numéro SIRET'));
    await user.type(screen.getByLabelText('Numéro SIRET'), '447 654 385 00049');
    await user.type(screen.getByLabelText("Nom de l'entreprise"), 'Poil à gratter');
    await user.click(screen.getByRole('button', { name: 'Continuer avec ce SIRET' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/informations-entreprise'));
    expect(JSON.parse(localStorage.getItem('selectedCompany') ?? 'null')).toMatchObject({
      siret: '44765438500049',
      siren: '447654385',
      companyName: 'Poil à gratter',
      codeNaf: '',
      manual: true,
    });
  });

  it('a timeout says the same', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A registry that never answers: the app's own timeout (10 s) aborts the request.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: string, init?: RequestInit) =>
          new Promise<Response>((_, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    renderSearch();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('combobox'), 'boulangerie');
    await act(async () => vi.advanceTimersByTime(600));
    await act(async () => vi.advanceTimersByTime(11_000));
    expect(
      screen.getByText(/La recherche d'entreprise est momentanément indisponible/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saisir mon SIRET' })).toBeInTheDocument();
    expect(screen.queryByText(onboarding.search.noResults)).toBeNull();
  });
});
