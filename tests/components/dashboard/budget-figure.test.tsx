// The budget card with the figure an employer can trust (issue 27), from real answers: the budget
// API's answer is built here by the same domain code over the vendored research data
// (data/opco-criteria-2026.csv, data/idcc-opco.csv), then read through the boundary's schema.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseBudgetLookup } from '@/domain/budget';
import { budgetLookupResponseSchema } from '@/domain/contracts';
import { parseCriterionRow } from '@/domain/funding-criteria';
import { lookupFigure, sourcedLookup } from '@/domain/funding-rules';
import { normalizeOpcoName } from '@/domain/opco';
import type * as AuthModule from '@/lib/auth';
import type { BudgetLookupOutcome } from '@/lib/budget-lookup';
import { config } from '@/lib/config';
import { addCompany, addProfile, freshDb, renderDashboard, signIn, simulation } from './harness';

const mocks = vi.hoisted(() => ({ lookup: vi.fn() }));
vi.mock('@/lib/budget-lookup', () => ({
  lookupBudget: (...args: unknown[]) => mocks.lookup(...args),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  getAccessToken: vi.fn(async () => 'user-token'),
}));

const csv = (path: string) =>
  Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
  }).data;
const rows = csv('data/opco-criteria-2026.csv').flatMap((r, i) => {
  const p = parseCriterionRow(r, i + 2);
  return p.ok ? [p.criterion] : [];
});
const opcoOf = new Map(csv('data/idcc-opco.csv').map((r) => [r.idcc!, normalizeOpcoName(r.opco)]));

/** What the budget API answers (server/apis/budget-sources.ts), through the app's boundary schema. */
function answer(idcc: string, min: number, max: number): BudgetLookupOutcome {
  const raw = JSON.parse(
    JSON.stringify(
      sourcedLookup(lookupFigure(rows, { idcc, opco: opcoOf.get(idcc) ?? null, min, max })),
    ),
  ) as unknown;
  const response = budgetLookupResponseSchema.parse(raw);
  expect(response.figure).toBeDefined();
  return {
    result: parseBudgetLookup(response),
    response,
    source: 'network',
    fetchedAt: '2026-11-27T10:00:00.000Z',
  };
}

let db = freshDb();
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  db = freshDb();
  signIn();
  await addProfile(db);
  mocks.lookup.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null)),
  );
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

async function show(idcc: string, min: number, max: number, outcome = answer(idcc, min, max)) {
  await addCompany(
    db,
    simulation({
      idcc,
      employee_range_min: min,
      employee_range_max: max,
      budget_type: 'UNKNOWN',
      budget_total: null,
    }),
  );
  mocks.lookup.mockResolvedValue(outcome);
  renderDashboard(db);
  await screen.findByTestId('budget-figure');
  // The card re-renders once the lookup answers: read the element again.
  if (outcome.response?.figure)
    await waitFor(() => expect(screen.getByTestId('budget-figure')).toHaveAttribute('data-figure'));
  else await waitFor(() => expect(mocks.lookup).toHaveBeenCalled());
  return screen.getByTestId('budget-figure');
}

const openDetails = () =>
  fireEvent.click(
    screen.getByRole('button', { name: 'En savoir plus sur les conditions de financements' }),
  );
const sourceBlock = () => screen.getAllByTestId('budget-source')[0]!;

describe('the budget card with the figure of issue 27', () => {
  it('3248 1-10: 4 800 € HT, the criteria year and a compilation said unverified', async () => {
    const figure = await show('3248', 1, 10);
    expect(figure).toHaveTextContent(/Budget Total :\s*4\s800\s€ HT/);
    expect(within(figure).getByTestId('budget-headline')).toHaveTextContent(
      "Critères 2026 : compilation non vérifiée auprès de l'OPCO",
    );
    expect(figure).not.toHaveTextContent('plus de 12 mois');
    expect(sourceBlock()).toHaveTextContent(
      /Source : critères 2026 d'OPCO 2i \(règle de votre branche\), compilation S1 non vérifiée auprès de l'OPCO, mis à jour le 01\/01\/2026/,
    );
    expect(
      screen.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeVisible();
  });

  it('0573 11-49: a range between the sources, both listed with what each states', async () => {
    const figure = await show('0573', 11, 49);
    expect(figure).toHaveTextContent(/de 6\s000 à 12\s000 € HT selon les sources/);
    expect(figure).toHaveTextContent('Les sources publiées divergent');
    const source = sourceBlock();
    expect(source).toHaveTextContent(/Source 1 :.*compilation S1 .*indique 6\s000\s€ HT/);
    expect(source).toHaveTextContent(/Source 2 :.*compilation S2 .*indique 12\s000\s€ HT/);
    expect(source).toHaveTextContent("Les sources ne s'accordent pas");
    expect(within(source).getAllByRole('link', { name: /Voir la source/ })).toHaveLength(2);
  });

  it('Uniformation’s general rule: 5 000 € TTC, never HT', async () => {
    const idcc = [...opcoOf]
      .filter(([i, o]) => o === 'UNIFORMATION' && !rows.some((r) => r.idccs.includes(i)))
      .map(([i]) => i)[0]!;
    const figure = await show(idcc, 1, 10);
    expect(figure).toHaveTextContent(/Budget Total :\s*5\s000\s€ TTC/);
    expect(figure).not.toHaveTextContent('HT');
    expect(sourceBlock()).toHaveTextContent("(règle générale de l'OPCO)");
  });

  it('a basis the source does not state: « € » and said so; salaries not published', async () => {
    const figure = await show('2941', 1, 10);
    expect(figure).toHaveTextContent(
      /Budget Total :\s*2\s500\s€\(HT ou TTC non précisé par la source\)/,
    );
    openDetails();
    expect(document.querySelector('[data-key="wages"]')).toHaveTextContent(
      /Frais de salaire\s*Pris en charge/,
    );
  });

  it('1597 11-49: no yearly cap, 19 € HT per hour', async () => {
    const figure = await show('1597', 11, 49);
    expect(figure).toHaveTextContent("Pas de plafond annuel publié pour votre tranche d'effectif");
    expect(figure).toHaveTextContent(/Jusqu'à 19\s€ HT par heure de formation/);
  });

  it('1486 300+: the rule from 50 employees with the Code du travail and the criteria page', async () => {
    const figure = await show('1486', 300, 5000);
    expect(figure).toHaveTextContent('À partir de 50 salariés');
    expect(figure).toHaveTextContent('seules entreprises de moins de 50 salariés');
    expect(figure).toHaveTextContent('art. L. 6332-3');
    expect(figure).not.toHaveTextContent('Information indisponible');
    expect(figure).not.toHaveTextContent("n'est pas communiqué");
    expect(
      within(sourceBlock()).getByRole('link', {
        name: /Consulter les critères de financement d'Atlas/,
      }),
    ).toHaveAttribute(
      'href',
      'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
    );
  });

  it('3248 300+: the rule, and what the source says in its own words', async () => {
    await show('3248', 300, 5000);
    expect(sourceBlock()).toHaveTextContent(
      /Ce que dit la source : S1: « Uniquement sur versements volontaires\. Pas de fonds mutualisés OPCO 2i/,
    );
  });

  it('AFDAS 1790 1-10: the legal plan, the branch’s fund and their sum', async () => {
    const figure = await show('1790', 1, 10);
    expect(figure).toHaveTextContent(/Budget Légal :\s*1\s100\s€ HT/);
    expect(figure).toHaveTextContent(/\+ Budget Conventionnel :\s*2\s900\s€ HT/);
    expect(figure).toHaveTextContent(/Total légal \+ conventionnel :\s*4\s000\s€ HT/);
    expect(sourceBlock()).toHaveTextContent("plan légal de l'OPCO (moins de 50 salariés)");
  });

  it('2198: « derniers critères publiés : 2025 » when nothing newer exists', async () => {
    const figure = await show('2198', 1, 10);
    expect(within(figure).getByTestId('budget-headline')).toHaveTextContent(
      'Derniers critères publiés : 2025',
    );
  });

  it('3127: OPCO EP’s rule, its criteria older than 12 months said so, never the metallurgy figure', async () => {
    const figure = await show('3127', 1, 10);
    expect(within(figure).getByTestId('budget-headline')).toHaveTextContent(
      /Derniers critères publiés : 2024.*Critères de plus de 12 mois/,
    );
    expect(figure).not.toHaveTextContent(/4\s800/);
    expect(screen.getByRole('region', { name: "L'OPCO de votre entreprise" })).toHaveTextContent(
      'OPCO EP',
    );
  });

  it('OCAPIAT: the source’s words for its per-trainee cap, in the details (never a per-action cap)', async () => {
    await show('7024', 1, 10);
    openDetails();
    const panel = document.querySelector('[data-key="source"]')!;
    expect(panel).toHaveTextContent(/8 000 euros HT\/stagiaire\/dossier/);
    expect(document.querySelector('[data-key="thematicConditions"]')).toBeNull();
  });

  it('salaries the source does not publish read « Non publié par la source »', async () => {
    await show('3248', 1, 10);
    openDetails();
    expect(document.querySelector('[data-key="wages"]')).toHaveTextContent(
      /Frais de salaire\s*Non publié par la source/,
    );
  });

  it('an IDCC the service does not know: French words and the advisor path, never « 404 »', async () => {
    const figure = await show('4321', 1, 10, {
      result: parseBudgetLookup(null),
      response: null,
      source: 'none',
      fetchedAt: null,
      error: 'not_found',
    });
    await waitFor(() =>
      expect(screen.getByTestId('budget-figure')).toHaveTextContent(
        'Convention collective inconnue de notre référentiel',
      ),
    );
    const unknown = screen.getByTestId('budget-figure');
    expect(figure).toBeDefined();
    expect(unknown).toHaveTextContent('La convention collective IDCC 4321 ne figure pas');
    expect(
      within(unknown).getByRole('link', { name: /Être recontacté par un conseiller/ }),
    ).toHaveAttribute('href', config.contactUrl);
    expect(document.body).not.toHaveTextContent('404');
    expect(document.body).not.toHaveTextContent('not_found');
  });
});
