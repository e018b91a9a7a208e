// Shared set-up of the shell, settings and companies component tests: a fresh local database per
// test, a signed-in user in the auth store, a memory router, seeded companies and profile.
import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import {
  createLocalDb,
  createRepositories,
  LocalDbContext,
  type LocalDb,
  type SimulationInput,
} from '@/db';
import { authStore, type AuthUser } from '@/lib/auth';
import { useCurrentCompanyStore } from '@/lib/current-company';

let counter = 0;

export function freshDb(): LocalDb {
  return createLocalDb(`test-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2)}`);
}

export const USER: AuthUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'camille@exemple.fr',
  emailConfirmed: true,
  metadata: { contact_name: 'Camille Martin' },
};

export function signIn(user: AuthUser = USER): void {
  authStore.setUser(user);
}

/** Unmounts first (live queries hold the database), then deletes the database. */
export async function dropDb(db: LocalDb): Promise<void> {
  cleanup();
  db.close();
  await db.delete();
}

export function resetUiState(): void {
  toast.dismiss(); // sonner replays active toasts to a new Toaster
  authStore.setUser(null);
  window.localStorage.clear();
  useCurrentCompanyStore.setState({ siret: null });
}

/** Shows where a navigation went and with which state (the target pages are not under test). */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div data-testid="probe">
      {name} {JSON.stringify(location.state ?? null)}
    </div>
  );
}

export function renderRoutes(
  db: LocalDb,
  routes: RouteObject[],
  initialEntries: Array<string | { pathname: string; state?: unknown }>,
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const utils = render(
    <LocalDbContext.Provider value={db}>
      <RouterProvider router={router} />
      <Toaster />
    </LocalDbContext.Provider>,
  );
  return { ...utils, router };
}

export function withDb(db: LocalDb, node: ReactNode) {
  return <LocalDbContext.Provider value={db}>{node}</LocalDbContext.Provider>;
}

export function company(
  name: string,
  siret: string,
  extra: Partial<SimulationInput> = {},
): SimulationInput {
  return {
    company_name: name,
    company_siret: siret,
    company_address: `1 rue de ${name}, 75001 Paris`,
    employee_range_min: 10,
    employee_range_max: 49,
    idcc: null,
    opco_name: null,
    ...extra,
  };
}

/** Saves companies in order (the last one is the newest). */
export async function seedCompanies(
  db: LocalDb,
  userId: string,
  inputs: SimulationInput[],
): Promise<void> {
  const repos = createRepositories(db);
  for (const input of inputs) {
    await repos.saveSimulation(userId, input);
    // distinct created_at, newest last
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function seedProfile(
  db: LocalDb,
  userId: string,
  fields: { contact_name: string; contact_email: string; contact_phone: string | null },
) {
  const now = new Date().toISOString();
  await db.profiles.put({
    id: userId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    sync_version: 1,
    company_name: null,
    company_address: null,
    company_siret: null,
    code_naf: null,
    contact_role: 'RH',
    ...fields,
  });
}
