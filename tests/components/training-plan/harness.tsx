// Test harness of the training plan screens: a fresh Dexie database per test, a signed-in user,
// a memory router with the plan, the new-request form and echo pages for the other routes, and
// sonner's Toaster so that toasts can be read.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import {
  createLocalDb,
  createRepositories,
  LocalDbContext,
  type LocalDb,
  type SimulationInput,
  type TrainingRequestInput,
} from '@/db';
import { authStore } from '@/lib/auth';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { TrainingPlanPage } from '@/features/training-plan/pages/training-plan-page';
import { NewTrainingPage } from '@/features/training-plan/pages/new-training-page';
import { FundingRecapPage } from '@/features/training-plan/pages/funding-recap-page';

export const USER_ID = '22222222-2222-4222-8222-222222222222';
export const USER_EMAIL = 'rh@exemple.fr';
export const SIRET = '12345678900011';

let counter = 0;
export function freshDb(): LocalDb {
  counter += 1;
  return createLocalDb(`training-plan-test-${Date.now()}-${counter}`);
}

export function signIn(): void {
  authStore.setUser({ id: USER_ID, email: USER_EMAIL, emailConfirmed: true, metadata: {} });
  useCurrentCompanyStore.getState().select(null);
}

export function simulation(overrides: Partial<SimulationInput> = {}): SimulationInput {
  return {
    company_name: 'Atelier Martin',
    company_address: '12 rue de la Paix, 75002 Paris',
    company_siret: SIRET,
    idcc: '1486',
    employee_range_min: 11,
    employee_range_max: 49,
    budget_type: 'TOTAL',
    budget_total: 5000,
    opco_name: 'Atlas',
    taux_prise_en_charge: 100,
    ...overrides,
  };
}

export async function addCompany(
  db: LocalDb,
  input: SimulationInput = simulation(),
): Promise<void> {
  await createRepositories(db).saveSimulation(USER_ID, input);
}

export async function addProfile(db: LocalDb): Promise<void> {
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
    contact_phone: '06 12 34 56 78',
    contact_role: 'RH',
  });
}

export function request(overrides: Partial<TrainingRequestInput> = {}): TrainingRequestInput {
  return {
    topic: 'Excel avancé',
    pedagogical_objectives: 'Tableaux croisés dynamiques',
    business_impact: 'high',
    format: 'remote',
    duration: 14,
    cost: 1550,
    coverage_rate: 100,
    remaining_cost: 0,
    ...overrides,
  };
}

/** Creates requests through the repositories (row + outbox), with the placeholder employee. */
export async function addRequests(db: LocalDb, inputs: TrainingRequestInput[]): Promise<string[]> {
  const repos = createRepositories(db);
  const employeeId = await repos.ensurePlaceholderEmployee(USER_ID);
  const ids: string[] = [];
  for (const input of inputs)
    ids.push(await repos.createTrainingRequest(USER_ID, { employee_id: employeeId, ...input }));
  return ids;
}

function Echo({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid="echo">{`${name}${location.search}`}</div>;
}

export function renderAt(
  db: LocalDb,
  path: '/training-plan' | '/training/new' | `/training-plan/recapitulatif${string}`,
) {
  const router = createMemoryRouter(
    [
      { path: '/training-plan', element: <TrainingPlanPage /> },
      { path: '/training-plan/recapitulatif', element: <FundingRecapPage /> },
      { path: '/training/new', element: <NewTrainingPage /> },
      ...['/training/recommendations', '/team-survey', '/meetings', '/dashboard/companies'].map(
        (p) => ({
          path: p,
          element: <Echo name={p} />,
        }),
      ),
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <LocalDbContext.Provider value={db}>
      <div id="root">
        <RouterProvider router={router} />
      </div>
      <Toaster />
    </LocalDbContext.Provider>,
  );
  return { ...utils, router };
}
