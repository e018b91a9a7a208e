// Shared set-up of the team-survey screens' tests: a fresh local database, a signed-in owner, rows
// as the sync engine would have pulled them.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import {
  createLocalDb,
  LocalDbContext,
  type LocalDb,
  type TeamSurveyResponseRow,
  type TeamSurveyRow,
} from '@/db';
import { authStore } from '@/lib/auth';

export const OWNER = '11111111-1111-4111-8111-111111111111';
let count = 0;

export async function freshDb(): Promise<LocalDb> {
  const db = createLocalDb(`team-surveys-${++count}-${Math.random().toString(36).slice(2)}`);
  await db.open();
  authStore.setUser({ id: OWNER, email: 'rh@example.fr', emailConfirmed: true, metadata: {} });
  return db;
}

export async function dropDb(db: LocalDb): Promise<void> {
  authStore.setUser(null);
  db.close();
  await db.delete();
}

export function renderRoutes(db: LocalDb, routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <div id="root">
      <LocalDbContext.Provider value={db}>
        <RouterProvider router={router} />
      </LocalDbContext.Provider>
    </div>,
  );
  return { router, ...view };
}

/** The owner's profile and company, as pulled after sign-up (a request needs both, 02 §5). */
export async function seedProfileAndCompany(db: LocalDb): Promise<void> {
  const at = '2026-11-01T09:00:00.000Z';
  await db.profiles.put({
    id: OWNER,
    contact_name: 'Camille Martin',
    contact_email: 'rh@example.fr',
    contact_phone: '0612345678',
    contact_role: 'RH',
    company_name: 'Boulangerie Martin',
    company_address: '1 rue de la Paix 75002 Paris',
    company_siret: '12345678900011',
    code_naf: '1071C',
    created_at: at,
    updated_at: at,
    deleted_at: null,
    sync_version: 3,
  } as never);
  await db.simulations.put({
    id: crypto.randomUUID(),
    profile_id: OWNER,
    company_name: 'Boulangerie Martin',
    company_address: '1 rue de la Paix 75002 Paris',
    company_siret: '12345678900011',
    code_naf: '1071C',
    idcc: '0843',
    employee_range_min: 1,
    employee_range_max: 10,
    budget_type: 'TOTAL',
    budget_legal: null,
    budget_convention: null,
    budget_total: 3000,
    budget_condition: null,
    opco_name: 'OPCO EP',
    taux_prise_en_charge: 100,
    update_count: 0,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    sync_version: 4,
  } as never);
}

export function syncedSurvey(over: Partial<TeamSurveyRow> = {}): TeamSurveyRow {
  return {
    id: crypto.randomUUID(),
    company_id: OWNER,
    name: 'Besoins 2027',
    status: 'active',
    created_at: '2026-11-02T09:00:00.000Z',
    updated_at: '2026-11-02T09:00:00.000Z',
    deleted_at: null,
    sync_version: 12,
    ...over,
  } as TeamSurveyRow;
}

export function pulledResponse(
  surveyId: string,
  over: Partial<TeamSurveyResponseRow> = {},
): TeamSurveyResponseRow {
  return {
    id: crypto.randomUUID(),
    survey_id: surveyId,
    company_id: OWNER,
    department: 'commercial',
    first_name: 'Léa',
    last_name: 'Martin',
    responses: {},
    tools_satisfaction: 'yes',
    improvement_suggestion: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    deleted_at: null,
    sync_version: 20,
    ...over,
  } as TeamSurveyResponseRow;
}
