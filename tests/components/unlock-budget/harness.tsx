// Test harness for /unlock-budget and /requests: a fresh Dexie database per test, a signed-in
// user, and a memory router holding both pages.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createLocalDb, createRepositories, LocalDbContext, type LocalDb } from '@/db';
import { authStore } from '@/lib/auth';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { RequestsPage } from '@/features/unlock-budget/pages/requests-page';
import { UnlockBudgetPage } from '@/features/unlock-budget/pages/unlock-budget-page';

export const USER_ID = '22222222-2222-4222-8222-222222222222';
export const SIRET_STATE = '12345678900011';
export const SIRET_CURRENT = '98765432100022';

let counter = 0;
export function freshDb(): LocalDb {
  counter += 1;
  return createLocalDb(`unlock-test-${Date.now()}-${counter}`);
}

export function signIn(): void {
  authStore.setUser({ id: USER_ID, email: 'rh@exemple.fr', emailConfirmed: true, metadata: {} });
  useCurrentCompanyStore.getState().select(null);
}

export async function addCurrentCompany(db: LocalDb, name = 'Société Courante'): Promise<void> {
  await createRepositories(db).saveSimulation(USER_ID, {
    company_name: name,
    company_address: '1 place du Marché, 69001 Lyon',
    company_siret: SIRET_CURRENT,
    idcc: '1486',
    employee_range_min: 11,
    employee_range_max: 49,
  });
}

export function renderPages(db: LocalDb, entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/unlock-budget', element: <UnlockBudgetPage /> },
      { path: '/requests', element: <RequestsPage /> },
      { path: '/rechercher-entreprise', element: <p>recherche</p> },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <LocalDbContext.Provider value={db}>
      <RouterProvider router={router} />
    </LocalDbContext.Provider>,
  );
  return { ...view, router };
}
