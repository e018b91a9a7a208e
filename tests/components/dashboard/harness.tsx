// Test harness for the dashboard: a fresh Dexie database per test, a signed-in user in the auth
// store, and a memory router with the pages the dashboard navigates to.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import {
  createLocalDb,
  createRepositories,
  LocalDbContext,
  type LocalDb,
  type SimulationInput,
} from '@/db';
import { authStore } from '@/lib/auth';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const USER_EMAIL = 'camille@exemple.fr';

let counter = 0;
export function freshDb(): LocalDb {
  counter += 1;
  return createLocalDb(`dashboard-test-${Date.now()}-${counter}`);
}

export function signIn(): void {
  authStore.setUser({ id: USER_ID, email: USER_EMAIL, emailConfirmed: true, metadata: {} });
  useCurrentCompanyStore.getState().select(null);
}

export const SIRET_A = '12345678900011';
export const SIRET_B = '98765432100022';

export function simulation(overrides: Partial<SimulationInput> = {}): SimulationInput {
  return {
    company_name: 'Atelier Martin',
    company_address: '12 rue de la Paix, 75002 Paris',
    company_siret: SIRET_A,
    idcc: '1486',
    employee_range_min: 11,
    employee_range_max: 49,
    budget_type: 'TOTAL',
    budget_total: 5000,
    budget_legal: null,
    budget_convention: null,
    budget_condition: null,
    opco_name: 'Atlas',
    taux_prise_en_charge: 100,
    ...overrides,
  };
}

export async function addCompany(db: LocalDb, input: SimulationInput): Promise<void> {
  await createRepositories(db).saveSimulation(USER_ID, input);
}

export async function addProfile(
  db: LocalDb,
  phone: string | null = '06 12 34 56 78',
): Promise<void> {
  const now = new Date().toISOString();
  await db.profiles.put({
    id: USER_ID,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    sync_version: 1,
    company_name: null,
    company_address: null,
    company_siret: null,
    code_naf: null,
    contact_name: 'Camille Martin',
    contact_email: USER_EMAIL,
    contact_phone: phone,
    contact_role: 'RH',
  });
}

function Echo({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div data-testid="echo">
      {name}:{JSON.stringify(location.state ?? null)}
    </div>
  );
}

export function renderDashboard(db: LocalDb, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/training/recommendations', element: <Echo name="recommendations" /> },
      { path: '/team-survey', element: <Echo name="team-survey" /> },
      { path: '/meetings', element: <Echo name="meetings" /> },
      { path: '/rechercher-entreprise', element: <Echo name="search" /> },
    ],
    { initialEntries: [{ pathname: '/dashboard', state }] },
  );
  const view = render(
    <LocalDbContext.Provider value={db}>
      <div id="root">
        <RouterProvider router={router} />
      </div>
    </LocalDbContext.Provider>,
  );
  return { ...view, router };
}
