// Shared set-up of the team-survey screens' tests: a fresh local database, a signed-in owner, rows
// as the sync engine would have pulled them.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createLocalDb, LocalDbContext, type LocalDb, type TeamSurveyResponseRow, type TeamSurveyRow } from '@/db';
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

export function pulledResponse(surveyId: string, over: Partial<TeamSurveyResponseRow> = {}): TeamSurveyResponseRow {
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
