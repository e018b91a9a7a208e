import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { LocalDbContext, type LocalDb } from '@/db';
import type { TrainingRecommendation } from '@/domain/contracts';
import { setAnalyticsSink, type AnalyticsEvent } from '@/lib/analytics';
import { RecommendationsPage } from '@/features/recommendations/pages/recommendations-page';
import { fr } from '@/i18n/fr';
import { unknownBudgetResult } from '@/domain/budget';
import type * as LookupModule from '@/lib/budget-lookup';
import { ATLAS_1486_11_49, figure, terms } from '../../fixtures/budget-figures';
import {
  addCompany,
  addProfile,
  freshDb,
  signIn,
  simulation,
  USER_ID,
} from '../training-plan/harness';

type Invoke = (name: string, body: unknown) => Promise<unknown>;
const fn = vi.hoisted(() => ({
  invoke: null as null | ((name: string, body: unknown) => Promise<unknown>),
}));
vi.mock('@/lib/api/functions', () => ({
  invokeFunction: (name: string, body: unknown) => fn.invoke!(name, body),
}));

// (issue 30) The company's criteria as the budget lookup answers them (Atlas, IDCC 1486, 11–49).
const lookup = vi.hoisted(() => ({ figure: null as unknown }));
vi.mock('@/lib/budget-lookup', async (importOriginal) => ({
  ...(await importOriginal<typeof LookupModule>()),
  lookupBudget: async () => ({
    result: unknownBudgetResult(),
    response: lookup.figure ? { budgetType: 'TOTAL', figure: lookup.figure } : null,
    source: lookup.figure ? 'network' : 'none',
    fetchedAt: lookup.figure ? '2026-11-27T10:00:00.000Z' : null,
  }),
}));

const t = fr.recommendations;
const REC: TrainingRecommendation = {
  title: 'Anglais avec certification TOEIC',
  category: 'Langues',
  description: 'Un parcours individualisé avec un formateur.',
  duration: '40\u00a0heures',
  format: 'Hybride',
  price: '3\u00a0200\u00a0€\u00a0HT',
  coverage: '80%',
  benefits: ['Progresser à son rythme', 'Valider son niveau'],
};
const REC2: TrainingRecommendation = {
  ...REC,
  title: 'Anglais professionnel',
  format: 'Présentiel',
  price: '2\u00a0400\u00a0€\u00a0HT',
  coverage: '100%',
};

let db: LocalDb;
let calls: { name: string; body: unknown }[];
let events: AnalyticsEvent[];

function answer(result: unknown): Invoke {
  return async (name, body) => {
    calls.push({ name, body });
    return result;
  };
}

function Echo({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid="echo">{`${name}${location.search}`}</div>;
}

function renderPage(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/training/recommendations', element: <RecommendationsPage /> },
      ...['/training-plan', '/team-survey', '/training/new'].map((p) => ({
        path: p,
        element: <Echo name={p} />,
      })),
    ],
    { initialEntries: [{ pathname: '/training/recommendations', state }] },
  );
  render(
    <LocalDbContext.Provider value={db}>
      <div id="root">
        <RouterProvider router={router} />
      </div>
      <Toaster />
    </LocalDbContext.Provider>,
  );
  return router;
}

beforeEach(async () => {
  db = freshDb();
  signIn();
  lookup.figure = ATLAS_1486_11_49;
  calls = [];
  events = [];
  setAnalyticsSink((e) => events.push(e));
  fn.invoke = answer({
    ok: true,
    status: 200,
    data: { recommendations: [REC, REC2], engine: 'local' },
  });
  await addProfile(db);
  await addCompany(db);
});
afterEach(async () => {
  toast.dismiss();
  setAnalyticsSink(null);
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  db.close();
  await db.delete();
});

const textbox = () => screen.getByRole('textbox', { name: t.needLabel });
const searchButton = () => screen.getByRole('button', { name: t.search });

describe('AI recommendations (02 §2.14)', () => {
  it('shows the hero, the challenge box, 6 chips, the metrics and the no-results blocks', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trouvez la formation parfaite' }),
    ).toBeInTheDocument();
    expect(searchButton()).toBeDisabled();
    const chips = within(screen.getByRole('region', { name: t.popularTitle })).getAllByRole(
      'button',
    );
    expect(chips.map((c) => c.textContent)).toEqual([...t.popularChallenges]);
    expect(chips).toHaveLength(6);
    const metrics = screen.getByRole('region', { name: t.metricsLabel });
    expect(metrics).toHaveTextContent('800+');
    expect(metrics).toHaveTextContent('100% financé');
    expect(screen.getByRole('link', { name: 'Créer un sondage' })).toHaveAttribute(
      'href',
      '/team-survey',
    );
    expect(screen.getByRole('link', { name: 'Faire une demande' })).toHaveAttribute(
      'href',
      '/training/new',
    );
    expect(screen.getByText(t.empty.benefitsTitle)).toBeInTheDocument();
  });

  it('submits with Enter (Shift+Enter adds a line) and shows every field of each result', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(textbox(), 'Mes équipes{Shift>}{Enter}{/Shift}parlent mal anglais');
    expect(calls).toHaveLength(0);
    expect(searchButton()).toBeEnabled();
    await user.keyboard('{Enter}');
    const card = await screen.findByRole('article', { name: REC.title });
    expect(calls[0]).toMatchObject({
      name: 'generate-training',
      body: {
        formData: {
          searchTerm: 'Mes équipes\nparlent mal anglais',
          objective: 'Mes équipes\nparlent mal anglais',
        },
      },
    });
    expect((calls[0]!.body as { additionalContext: string }).additionalContext).toContain(
      'Atelier Martin',
    );
    for (const text of [
      REC.category,
      REC.description,
      REC.duration,
      REC.format,
      REC.price,
      '80% financé',
      ...REC.benefits,
    ]) {
      expect(card).toHaveTextContent(text.replace(/\u00a0/g, ' '));
    }
    expect(screen.getAllByTestId('reco-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: t.results.title })).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Faire une demande' })).not.toBeInTheDocument();
  });

  it('refuses a blank challenge with the documented message', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(textbox(), '   ');
    expect(searchButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Veuillez décrire votre besoin en formation',
    );
    expect(calls).toHaveLength(0);
  });

  it('a popular challenge fills the text, is tracked and launches the search', async () => {
    const user = userEvent.setup();
    renderPage();
    const chip = screen.getByRole('button', { name: t.popularChallenges[3] });
    await user.click(chip);
    expect(textbox()).toHaveValue(t.popularChallenges[3]);
    expect(events).toEqual([{ event: 'unlock_budget_click', search_term: t.popularChallenges[3] }]);
    await screen.findByRole('article', { name: REC.title });
    expect((calls[0]!.body as { formData: { searchTerm: string } }).formData.searchTerm).toBe(
      t.popularChallenges[3],
    );
  });

  it('shows the two loading messages in turn while the search runs', async () => {
    const user = userEvent.setup();
    let release: (v: unknown) => void = () => {};
    fn.invoke = (name, body) => {
      calls.push({ name, body });
      return new Promise((resolve) => (release = resolve));
    };
    renderPage();
    await user.type(textbox(), 'Excel');
    await user.click(searchButton());
    expect(
      await screen.findByText('Analyse de votre défi...', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(t.search) })).toBeDisabled();
    expect(
      await screen.findByText(
        'Création de votre formation idéale...',
        { selector: 'p' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    release({ ok: true, status: 200, data: { recommendations: [REC] } });
    await screen.findByRole('article', { name: REC.title });
    expect(
      screen.queryByText('Création de votre formation idéale...', { selector: 'p' }),
    ).not.toBeInTheDocument();
  });

  it("'Démarrer' asks for confirmation, then adds the training to the plan by the mapping rules", async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(textbox(), 'anglais{Enter}');
    const card = await screen.findByRole('article', { name: REC.title });
    await user.click(within(card).getByRole('button', { name: t.results.startLabel(REC.title) }));
    const dialog = screen.getByRole('alertdialog', { name: t.confirm.title });
    expect(dialog).toHaveTextContent(t.confirm.text(REC.title));
    await user.click(within(dialog).getByRole('button', { name: t.confirm.confirm }));
    expect(
      await screen.findByText('Formation ajoutée à votre plan de formation !'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/training-plan'));
    const [row] = await db.training_requests.toArray();
    const [employee] = await db.training_employees.toArray();
    expect(employee).toMatchObject({
      first_name: 'À',
      last_name: 'définir',
      department: 'other',
      category: 'employee',
      gender: 'M',
    });
    expect(row).toMatchObject({
      company_id: USER_ID,
      employee_id: employee!.id,
      topic: REC.title,
      pedagogical_objectives: `${REC.description}\n- ${REC.benefits[0]}\n- ${REC.benefits[1]}`,
      business_impact: 'high',
      format: 'remote',
      training_organization: 'Budget Formation',
      duration: 40,
      cost: 3200,
      funding_type: 'OPCO',
      coverage_rate: 80,
      remaining_cost: 640,
      status: 'to_organize',
      user_name: 'Camille Martin',
      user_email: 'rh@exemple.fr',
      user_phone: '06 12 34 56 78',
      company_name: 'Atelier Martin',
      company_siret: simulation().company_siret,
      idcc: '1486',
    });
    expect(
      (await db.outbox.toArray()).some((m) => m.table === 'training_requests' && m.op === 'insert'),
    ).toBe(true);
  });

  it('cancelling the confirmation adds nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(textbox(), 'anglais{Enter}');
    await user.click(await screen.findByRole('button', { name: t.results.startLabel(REC2.title) }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: t.confirm.cancel }),
    );
    expect(await db.training_requests.count()).toBe(0);
  });

  it('uses the company of the navigation state for the context and the request', async () => {
    const user = userEvent.setup();
    await addCompany(
      db,
      simulation({
        company_siret: '98765432100022',
        company_name: 'Boulangerie Durand',
        idcc: '0843',
      }),
    );
    renderPage({ company: { siret: '12345678900011', name: 'Atelier Martin' } });
    await user.type(textbox(), 'anglais{Enter}');
    await screen.findByRole('article', { name: REC.title });
    expect((calls[0]!.body as { additionalContext: string }).additionalContext).toContain(
      'Atelier Martin',
    );
    await user.click(screen.getByRole('button', { name: t.results.startLabel(REC.title) }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: t.confirm.confirm }),
    );
    await waitFor(async () =>
      expect((await db.training_requests.toArray())[0]?.company_name).toBe('Atelier Martin'),
    );
  });

  it('opens the booking modal with the chosen training', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(textbox(), 'anglais{Enter}');
    await user.click(await screen.findByRole('button', { name: t.results.bookLabel(REC.title) }));
    const dialog = screen.getByRole('dialog', { name: fr.booking.title });
    expect(dialog).toHaveTextContent(REC.title);
  });

  it('with no results, says so and shows the benefit blocks and the two calls to action', async () => {
    const user = userEvent.setup();
    fn.invoke = answer({ ok: true, status: 200, data: { recommendations: [] } });
    renderPage();
    await user.type(textbox(), 'xyz{Enter}');
    expect(await screen.findByText(t.noResults.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un sondage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faire une demande' })).toBeInTheDocument();
  });

  it('on a failure: the documented toast and block text', async () => {
    const user = userEvent.setup();
    fn.invoke = answer({ ok: false, code: 'server', status: 500 });
    renderPage();
    await user.type(textbox(), 'Excel{Enter}');
    expect(
      await screen.findByText('Erreur lors de la génération des recommandations'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Une erreur est survenue lors de la génération des recommandations.'),
    ).toBeInTheDocument();
  });

  it('offline: says that recommendations need the network and does not call', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    renderPage();
    expect(screen.getByText(t.offline)).toBeInTheDocument();
    await user.type(textbox(), 'Excel');
    expect(searchButton()).toBeDisabled();
    expect(
      within(screen.getByRole('region', { name: t.popularTitle })).getAllByRole('button')[0],
    ).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(0);
  });

  it('a network failure during the search shows the offline notice', async () => {
    const user = userEvent.setup();
    fn.invoke = answer({ ok: false, code: 'offline' });
    renderPage();
    await user.type(textbox(), 'Excel{Enter}');
    expect(await screen.findByText(t.offline)).toBeInTheDocument();
  });

  it("says 'Une erreur est survenue' when there is no company to attach the training to", async () => {
    const user = userEvent.setup();
    await db.simulations.clear();
    renderPage();
    await user.type(textbox(), 'anglais{Enter}');
    await user.click(await screen.findByRole('button', { name: t.results.startLabel(REC.title) }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: t.confirm.confirm }),
    );
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(await db.training_requests.count()).toBe(0);
  });

  it("uses the short label 'Rechercher' on small screens", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: true,
    })) as typeof window.matchMedia;
    try {
      renderPage();
      expect(screen.getByRole('button', { name: t.searchShort })).toBeDisabled();
      expect(screen.queryByRole('button', { name: t.search })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('this company’s estimate beside « 100% financé » (issue 30)', () => {
  const normalise = (v: string | null | undefined) => (v ?? '').replace(/[\u00a0\u202f]/g, ' ');
  const card = (title: string) => screen.getByRole('article', { name: title });

  it('keeps the documents’ « financé » and adds what the company’s criteria give, after its plan', async () => {
    lookup.figure = figure([terms({ yearly: 3000, hourly: 50 })]);
    renderPage();
    await userEvent.setup().type(textbox(), 'anglais{Enter}');
    await screen.findByRole('article', { name: REC.title });
    // 40 h × 50 € HT = 2 000 € of 3 200 €.
    await waitFor(() =>
      expect(normalise(card(REC.title).textContent)).toContain(
        'Prise en charge OPCO estimée pour Atelier Martin : 2 000 € (50 € HT/h × 40 h)',
      ),
    );
    expect(card(REC.title)).toHaveTextContent('80% financé');
    expect(normalise(card(REC.title).textContent)).toContain('Reste à charge estimé : 1 200 €');
    expect(normalise(card(REC2.title).textContent)).toContain(
      'Prise en charge OPCO estimée pour Atelier Martin : 2 000 €',
    );
  });

  it('criteria unknown on this device: « non estimable », never a reste à charge of 0 €', async () => {
    lookup.figure = null;
    renderPage();
    await userEvent.setup().type(textbox(), 'anglais{Enter}');
    await screen.findByRole('article', { name: REC2.title });
    await waitFor(() => expect(card(REC2.title)).toHaveTextContent('non estimable'));
    expect(card(REC2.title)).toHaveTextContent('100% financé');
    expect(normalise(card(REC2.title).textContent)).not.toMatch(/Reste à charge[^:]*: 0/);
  });

  it('a price in TTC is not compared with caps in HT', async () => {
    fn.invoke = answer({
      ok: true,
      status: 200,
      data: { recommendations: [{ ...REC, price: '3\u00a0840\u00a0€\u00a0TTC' }], engine: 'local' },
    });
    renderPage();
    await userEvent.setup().type(textbox(), 'anglais{Enter}');
    await screen.findByRole('article', { name: REC.title });
    await waitFor(() =>
      expect(card(REC.title)).toHaveTextContent(fr.planFunding.reasons.basis_mismatch),
    );
  });
});
