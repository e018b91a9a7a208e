// /survey-results/{id} (02 §2.19, §8, §9): key figures, tools-satisfaction percentages, expandable
// departments with per-option percentages and suggestions, and the AI recommendations whose items
// go to the training plan (local-first). The analyze-survey call and the token are faked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalDb } from '@/db';
import type * as AuthModule from '@/lib/auth';
import type { AnalyzeSurveyResponse, SurveyQuestionSet } from '@/domain/contracts';
import { SurveyResultsPage } from '@/features/team-surveys/pages/survey-results-page';
import { QUESTION_SETS_KEY } from '@/features/team-surveys/hooks/use-question-sets';
import {
  dropDb,
  freshDb,
  OWNER,
  pulledResponse,
  renderRoutes,
  seedProfileAndCompany,
  syncedSurvey,
} from './helpers';

// IndexedDB and lazy chunks are slower on a shared, loaded machine: wait longer (no timing is asserted).
configure({ asyncUtilTimeout: 5_000 });

const invokeFunction = vi.fn();
vi.mock('@/lib/api/functions', () => ({
  invokeFunction: (...args: unknown[]) => invokeFunction(...args),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  getAccessToken: async () => null,
}));

const sets: SurveyQuestionSet[] = [
  {
    department: 'commercial',
    label: 'Commercial / Ventes',
    questions: [
      {
        id: 'skills',
        text: 'Quelles compétences ?',
        type: 'checkbox',
        options: ['Négociation', 'Prospection', 'CRM'],
      },
      { id: 'priorities', text: 'Priorité ?', type: 'radio', options: ['A', 'B'] },
      { id: 'additional', text: 'Autre besoin ?', type: 'text', options: [] },
    ],
  },
  {
    department: 'tech',
    label: 'Technique / Informatique',
    questions: [{ id: 'skills', text: 'Compétences tech ?', type: 'checkbox', options: ['Cloud'] }],
  },
];

const ANALYSIS: AnalyzeSurveyResponse = {
  engine: 'local',
  recommendations: [
    {
      title: 'Négociation commerciale et défense des marges',
      category: 'Commercial',
      description: 'Défendre ses prix et conclure.',
      duration: '14 heures',
      format: 'Présentiel',
      price: '2 450 € HT',
      coverage: '100%',
      benefits: ['Conclure plus vite'],
      department: 'commercial',
      priority: 'high',
      rationale: '2 répondants sur 2 du service Commercial (100 %) citent « Négociation ».',
    },
  ],
};

/** Waiting for IndexedDB and lazy chunks under a loaded machine (not a performance assertion). */
const SLOW = { timeout: 8_000 };

let db: LocalDb;
const survey = syncedSurvey({ name: 'Besoins 2027' });

beforeEach(async () => {
  db = await freshDb();
  invokeFunction.mockReset();
  invokeFunction.mockResolvedValue({ ok: true, data: ANALYSIS, status: 200 });
  await db.team_surveys.put(survey);
  await seedProfileAndCompany(db);
  await db.reference_cache.put({
    key: QUESTION_SETS_KEY,
    value: sets,
    fetched_at: '2026-11-20T00:00:00.000Z',
  });
  await db.team_survey_responses.bulkPut([
    pulledResponse(survey.id, {
      responses: { skills: ['Négociation', 'CRM'], priorities: 'A' },
      tools_satisfaction: 'no',
      improvement_suggestion: 'Un CRM plus simple',
      created_at: '2026-11-20T10:00:00.000Z',
    }),
    pulledResponse(survey.id, {
      first_name: 'Paul',
      last_name: 'Roy',
      responses: { skills: ['Négociation'], additional: 'Excel avancé' },
      tools_satisfaction: 'partially',
      created_at: '2026-11-20T16:00:00.000Z',
    }),
    pulledResponse(survey.id, {
      department: 'tech',
      responses: { skills: ['Cloud'] },
      tools_satisfaction: 'yes',
      created_at: '2026-11-22T09:00:00.000Z',
    }),
    pulledResponse(survey.id, {
      department: 'tech',
      tools_satisfaction: 'unknown',
      created_at: '2026-11-22T10:00:00.000Z',
    }),
  ]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await dropDb(db);
});

const renderPage = (id = survey.id) =>
  renderRoutes(
    db,
    [
      { path: '/survey-results/:id', element: <SurveyResultsPage /> },
      { path: '/training-plan', element: <p>plan</p> },
    ],
    `/survey-results/${id}`,
  );

describe('survey results', () => {
  it('shows the key figures and the tools-satisfaction percentages', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Besoins 2027' }),
    ).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Chiffres clés' });
    const value = (term: string) => within(figures).getByText(term).nextElementSibling?.textContent;
    expect(value('Réponses')).toBe('4');
    expect(value('Services')).toBe('2');
    expect(value('Jours de collecte')).toBe('2');
    const tools = screen.getByRole('region', { name: 'Satisfaction vis-à-vis des outils' });
    const texts = [
      'Oui : 25 % (1 réponse)',
      'Partiellement : 25 % (1 réponse)',
      'Non : 25 % (1 réponse)',
      'Je ne sais pas : 25 % (1 réponse)',
    ];
    // the same figures as text before and after the bars (loaded lazily) arrive
    for (const text of texts) expect(within(tools).getByText(text)).toBeInTheDocument();
    await waitFor(() => expect(tools.querySelectorAll('svg')).toHaveLength(4), { timeout: 10_000 });
    for (const text of texts) expect(within(tools).getByText(text)).toBeInTheDocument();
  });

  it('expands a department: per-option percentages of checkbox questions and suggestions with author and date', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('button', {
      name: /Commercial \/ Ventes \(2 réponses\)/,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Quelles compétences ?')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Masquer le détail');
    expect(await screen.findByText('Négociation : 100 % (2 réponses)')).toBeInTheDocument();
    expect(screen.getByText('CRM : 50 % (1 réponse)')).toBeInTheDocument();
    expect(screen.getByText('Prospection : 0 % (0 réponse)')).toBeInTheDocument();
    // single choice and free text too (ours)
    expect(screen.getByText('Priorité ?')).toBeInTheDocument();
    expect(screen.getByText('A : 50 % (1 réponse)')).toBeInTheDocument();
    expect(screen.getByText('Excel avancé')).toBeInTheDocument();
    expect(screen.getByText('Paul Roy, le 20 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('Un CRM plus simple')).toBeInTheDocument();
    expect(screen.getByText('Léa Martin, le 20 novembre 2026')).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByText('Un CRM plus simple')).not.toBeInTheDocument();
  });

  it('analyses the answers once (aggregates only, no names) and adds a recommendation to the training plan', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Négociation commerciale et défense des marges' },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(invokeFunction).toHaveBeenCalledTimes(1);
    const [name, payload] = invokeFunction.mock.calls[0]!;
    expect(name).toBe('analyze-survey');
    expect(payload).toMatchObject({
      surveyData: {
        departments: [
          { name: 'commercial', count: 2 },
          { name: 'tech', count: 2 },
        ],
      },
    });
    expect(JSON.stringify(payload)).not.toContain('Martin');
    expect(screen.getByText(/citent « Négociation »/)).toBeInTheDocument();
    expect(screen.getByText('Priorité haute')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Ajouter au plan de formation' });
    expect(add).toHaveAccessibleDescription('Négociation commerciale et défense des marges');
    await user.click(add);
    expect(await screen.findByText('Ajoutée au plan de formation', {}, SLOW)).toBeInTheDocument();
    const requests = await db.training_requests.toArray();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      company_id: OWNER,
      topic: 'Négociation commerciale et défense des marges',
      format: 'in_person',
      duration: 14,
      cost: 2450,
      coverage_rate: 100,
      remaining_cost: 0,
      business_impact: 'high',
      funding_type: 'OPCO',
      status: 'to_organize',
      user_name: 'Camille Martin',
      user_email: 'rh@example.fr',
      company_name: 'Boulangerie Martin',
      company_siret: '12345678900011',
      idcc: '0843',
    });
    const employees = await db.training_employees.toArray();
    expect(employees).toHaveLength(1);
    expect(employees[0]).toMatchObject({ first_name: 'À', last_name: 'définir' });
    expect(requests[0]!.employee_id).toBe(employees[0]!.id);
  });

  it('a request needs a company (02 §5): without one, nothing is written and the user is told', async () => {
    await db.simulations.clear();
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Ajouter au plan de formation' }, SLOW),
    );
    await waitFor(async () => expect(await db.training_requests.count()).toBe(0));
    expect(screen.queryByText('Ajoutée au plan de formation')).not.toBeInTheDocument();
  });

  it('keeps the last analysis on the device: a second visit shows it without asking again', async () => {
    const first = renderPage();
    await screen.findByRole(
      'heading',
      { name: 'Négociation commerciale et défense des marges' },
      SLOW,
    );
    first.unmount();
    renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Négociation commerciale et défense des marges' },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Analyse du /)).toBeInTheDocument();
    expect(invokeFunction).toHaveBeenCalledTimes(1);
  });

  it('new answers since the analysis: its date and the notice are two separate lines', async () => {
    const first = renderPage();
    await screen.findByRole(
      'heading',
      { name: 'Négociation commerciale et défense des marges' },
      SLOW,
    );
    first.unmount();
    const [one] = await db.team_survey_responses.toArray();
    await db.team_survey_responses.put({ ...one!, id: crypto.randomUUID() });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    const date = await screen.findByText(/^Analyse du \d{1,2} \S+ \d{4}$/, undefined, SLOW);
    const notice = screen.getByText('De nouvelles réponses sont arrivées depuis cette analyse.');
    expect(notice).not.toBe(date);
    expect(date).not.toContainElement(notice);
    vi.restoreAllMocks();
  });

  it('says the analysis needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect(await screen.findByText(/nécessite une connexion internet/)).toBeInTheDocument();
    expect(invokeFunction).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('shows the error text when the analysis fails', async () => {
    invokeFunction.mockResolvedValue({ ok: false, code: 'server', status: 500 });
    renderPage();
    expect(
      await screen.findByText('Une erreur est survenue lors de la génération des recommandations.'),
    ).toBeInTheDocument();
  });

  it("'Sondage non trouvé' for an unknown survey or a malformed id", async () => {
    renderPage(crypto.randomUUID());
    expect(await screen.findByRole('heading', { name: 'Sondage non trouvé' })).toBeInTheDocument();
  });

  it('no responses: an empty state and no analysis', async () => {
    await db.team_survey_responses.clear();
    renderPage();
    expect(await screen.findByText(/Aucune réponse pour le moment/)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText('Les recommandations apparaîtront dès les premières réponses.'),
      ).toBeInTheDocument(),
    );
    expect(invokeFunction).not.toHaveBeenCalled();
  });
});
