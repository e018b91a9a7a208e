// Issue 29 on the results page: an answer sent without a name is « Réponse sans nom »; a survey's
// own departments are its sections; each answer can be deleted (local write + outbox, synced).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { LocalDb } from '@/db';
import type * as AuthModule from '@/lib/auth';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { SurveyResultsPage } from '@/features/team-surveys/pages/survey-results-page';
import { QUESTION_SETS_KEY } from '@/features/team-surveys/hooks/use-question-sets';
import { dropDb, freshDb, pulledResponse, renderRoutes, syncedSurvey } from './helpers';

configure({ asyncUtilTimeout: 5_000 });

vi.mock('@/lib/api/functions', () => ({
  invokeFunction: async () => ({ ok: false, code: 'offline' }),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  getAccessToken: async () => null,
}));

const sets: SurveyQuestionSet[] = [
  {
    department: 'other',
    label: 'Autre',
    questions: [
      { id: 'role', text: 'Quel est votre métier ?', type: 'text', options: [] },
      { id: 'additional', text: 'Quelles formations ?', type: 'text', options: [] },
    ],
  },
];

const survey = syncedSurvey({
  name: 'Besoins 2027',
  departments: [
    { label: 'Vente en boutique', set: 'other' },
    { label: 'Fournil et laboratoire', set: 'other' },
  ],
} as never);
const unnamed = pulledResponse(survey.id, {
  department: 'other',
  department_label: 'Fournil et laboratoire',
  first_name: '',
  last_name: '',
  responses: { role: 'Boulanger', additional: 'Hygiène alimentaire' },
  improvement_suggestion: 'Un pétrin neuf',
  created_at: '2026-11-21T10:00:00.000Z',
} as never);
const named = pulledResponse(survey.id, {
  department: 'other',
  department_label: 'Vente en boutique',
  first_name: 'Loïc',
  last_name: 'Dupré',
  responses: { additional: 'Encaissement' },
  created_at: '2026-11-27T10:00:00.000Z',
} as never);

let db: LocalDb;
beforeEach(async () => {
  db = await freshDb();
  await db.team_surveys.put(survey);
  await db.reference_cache.put({
    key: QUESTION_SETS_KEY,
    value: sets,
    fetched_at: '2026-11-20T00:00:00.000Z',
  });
  await db.team_survey_responses.bulkPut([unnamed, named]);
});
afterEach(async () => {
  await dropDb(db);
});

const renderPage = () =>
  renderRoutes(
    db,
    [{ path: '/survey-results/:id', element: <SurveyResultsPage /> }],
    `/survey-results/${survey.id}`,
  );

describe('survey results (issue 29)', () => {
  it("shows the survey's own departments, in its order, and « Réponse sans nom » for an unnamed answer", async () => {
    const user = userEvent.setup();
    renderPage();
    const sections = await screen.findAllByRole('button', { name: /\(1 réponse\)/ });
    expect(sections.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Vente en boutique (1 réponse)'),
      expect.stringContaining('Fournil et laboratoire (1 réponse)'),
    ]);
    await user.click(sections[1]!);
    expect(await screen.findByText('Boulanger')).toBeInTheDocument();
    expect(screen.getAllByText('Réponse sans nom, le 21 novembre 2026').length).toBeGreaterThan(0);
    expect(screen.getByText('Un pétrin neuf')).toBeInTheDocument();
    await user.click(sections[0]!);
    expect(await screen.findByText('Loïc Dupré, le 27 novembre 2026')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/anonyme/i);
  });

  it('deletes one answer on request, after confirmation: a local write synced like any other', async () => {
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('button', { name: /Réponses reçues/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const line = 'Réponse sans nom · Fournil et laboratoire · 21 novembre 2026';
    expect(screen.getByText(line)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Supprimer la réponse : ${line}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette réponse ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Réponse supprimée'));
    await waitFor(() => expect(screen.queryByText(line)).not.toBeInTheDocument());
    // The focus is not lost with the deleted answer's button.
    expect(toggle).toHaveFocus();
    const figures = screen.getByRole('region', { name: 'Chiffres clés' });
    expect(within(figures).getByText('Réponses').nextElementSibling).toHaveTextContent('1');
    expect((await db.team_survey_responses.get(unnamed.id))?.deleted_at).not.toBeNull();
    expect(await db.outbox.toArray()).toMatchObject([
      { table: 'team_survey_responses', op: 'delete', row_id: unnamed.id },
    ]);
  });
});
