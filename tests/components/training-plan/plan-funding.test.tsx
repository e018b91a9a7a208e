// The plan's OPCO estimate on screen (issue 30): the Atlas plan (3 000 € used, 0 € left,
// the third request at « plafond annuel atteint », 1 500 € to pay), the hourly cap on a card, the
// user's own rate and back, criteria unknown or a range (no invented figure), the cached criteria
// offline, and the printable summary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { db as appDb, putCachedBudget, type LocalDb } from '@/db';
import type { BudgetFigure } from '@/domain/budget-figure';
import type * as AuthModule from '@/lib/auth';
import type * as LookupModule from '@/lib/budget-lookup';
import { budgetCacheKey, type BudgetLookupOutcome } from '@/lib/budget-lookup';
import { unknownBudgetResult } from '@/domain/budget';
import { fr } from '@/i18n/fr';
import Papa from 'papaparse';
import { FUNDING_CSV_HEADERS } from '@/domain/plan-funding-csv';
import {
  ATLAS_1486_11_49,
  disputedTerms,
  figure,
  terms,
  UNAVAILABLE,
} from '../../fixtures/budget-figures';
import { addCompany, addRequests, freshDb, renderAt, request, signIn, SIRET } from './harness';

const mocks = vi.hoisted(() => ({ lookup: vi.fn() }));
vi.mock('@/lib/budget-lookup', async (importOriginal) => ({
  ...(await importOriginal<typeof LookupModule>()),
  lookupBudget: (...args: unknown[]) => mocks.lookup(...args),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  getAccessToken: vi.fn(async () => 'user-token'),
}));

/** The budget API's answer for IDCC 1486, 11–49 employees, as the lookup returns it. */
const answer = (f: BudgetFigure) => ({
  budgetType: 'TOTAL',
  opco: 'ATLAS',
  tauxPriseEnCharge: null,
  budgetInfo: { totalBudget_value: '3000', totalBudget_unity: '€ HT' },
  figure: f,
});
const network = (f: BudgetFigure): BudgetLookupOutcome => ({
  result: unknownBudgetResult(),
  response: answer(f) as never,
  source: 'network',
  fetchedAt: '2026-11-27T10:00:00.000Z',
});
const offline: BudgetLookupOutcome = {
  result: unknownBudgetResult(),
  response: null,
  source: 'none',
  fetchedAt: null,
  error: 'offline',
};

const t = fr.planFunding;
const normalise = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const text = (el: HTMLElement) => normalise(el.textContent);
const year = Number(
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(),
  ),
);

let db: LocalDb;
beforeEach(async () => {
  // The budget cache is the app database's (src/lib/budget-lookup.ts): empty for each test.
  await appDb.budget_cache.clear();
  db = freshDb();
  signIn();
  mocks.lookup.mockReset();
  mocks.lookup.mockResolvedValue(network(ATLAS_1486_11_49));
});
afterEach(async () => {
  toast.dismiss();
  db.close();
  await db.delete();
});

/** Requests of the company, in this order (their creation dates one minute apart). */
async function plan(inputs: Parameters<typeof request>[0][]) {
  await addCompany(db);
  const ids = await addRequests(
    db,
    inputs.map((i) => request({ company_siret: SIRET, ...i })),
  );
  const start = Date.now() - 3_600_000;
  await Promise.all(
    ids.map((id, i) =>
      db.training_requests.update(id, {
        created_at: new Date(start + i * 60_000).toISOString(),
      }),
    ),
  );
  return ids;
}

const card = (topic: string) => screen.getByRole('article', { name: topic });

describe('the plan with the OPCO estimate', () => {
  it('the issue’s plan: 3 000 € used, 0 € left, the third at « plafond annuel atteint », 1 500 € to pay', async () => {
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan');
    const cap = await screen.findByTestId('plan-cap-tile');
    expect(text(cap)).toContain(`Plafond annuel OPCO ${year}`);
    expect(text(cap)).toContain('3 000 € HT');
    expect(text(cap)).toContain('Utilisé : 3 000 € · Restant : 0 €');
    expect(text(cap)).toContain("critères 2026 d'ATLAS");
    expect(
      within(cap).getByRole('link', { name: t.card.sourceLinkLabel('ATLAS') }),
    ).toHaveAttribute('href', ATLAS_1486_11_49.parts[0]!.sources[0]!.url);
    expect(text(screen.getByTestId('plan-tile-budget'))).toContain(
      'Reste à charge estimé : 1 500 €',
    );
    expect(text(card('Excel'))).toContain(
      'Prise en charge OPCO estimée : 1 500 € (coût pris en charge en entier dans les plafonds publiés)',
    );
    expect(text(card('Anglais'))).toContain('Reste à charge estimé : 0 €');
    const third = card('Management');
    expect(text(third)).toContain('Prise en charge OPCO estimée : 0 € (plafond annuel atteint)');
    expect(text(third)).toContain('Reste à charge estimé : 1 500 €');
    const flags = within(third).getByTestId('plan-funding-flags');
    expect(text(flags)).toContain(t.card.flagsHeading);
    expect(text(flags)).toContain('Plafond annuel atteint — Source : critères 2026 d');
    expect(within(card('Excel')).queryByTestId('plan-funding-flags')).toBeNull();
    // The stored default rate (100 %, 0 € left) is never shown.
    expect(screen.queryByText(/Reste à charge : 0/)).toBeNull();
  });

  it('the hourly cap: « 1 050 € (30 € HT/h × 35 h) », flagged with the rule and its source', async () => {
    mocks.lookup.mockResolvedValue(network(figure([terms({ yearly: 10_000, hourly: 30 })])));
    await plan([{ topic: 'Leadership', cost: 4200, duration: 35 }]);
    renderAt(db, '/training-plan');
    await waitFor(() =>
      expect(text(card('Leadership'))).toContain(
        'Prise en charge OPCO estimée : 1 050 € (30 € HT/h × 35 h)',
      ),
    );
    expect(text(card('Leadership'))).toContain('Reste à charge estimé : 3 150 €');
    expect(text(card('Leadership'))).toContain(
      'Coût horaire de 120 €/h au-dessus du plafond horaire de 30 € HT/h',
    );
  });

  it('the user’s own rate is marked as such, counts against the cap, and can be given back to the estimate', async () => {
    const [id] = await plan([
      {
        topic: 'Excel',
        cost: 1500,
        coverage_rate: 80,
        remaining_cost: 300,
        coverage_override: true,
      },
      { topic: 'Anglais', cost: 2000 },
    ]);
    renderAt(db, '/training-plan');
    await waitFor(() =>
      expect(text(card('Excel'))).toContain('Prise en charge saisie par vous : 80 %, soit 1 200 €'),
    );
    expect(text(card('Excel'))).toContain('Reste à charge (votre taux) : 300 €');
    // 3 000 − 1 200 = 1 800 left for the next one.
    await waitFor(() =>
      expect(text(card('Anglais'))).toContain('Prise en charge OPCO estimée : 1 800 €'),
    );
    await db.outbox.clear();
    await userEvent
      .setup()
      .click(within(card('Excel')).getByRole('button', { name: t.card.useEstimateLabel('Excel') }));
    await waitFor(() =>
      expect(text(card('Excel'))).toContain('Prise en charge OPCO estimée : 1 500 €'),
    );
    expect((await db.training_requests.get(id!))?.coverage_override).toBe(false);
    const [mutation] = await db.outbox.toArray();
    expect(mutation?.fields).toEqual({ coverage_override: false });
  });

  it('criteria not published: « non estimable » with the reason, no figure anywhere', async () => {
    mocks.lookup.mockResolvedValue(network(UNAVAILABLE));
    await plan([{ topic: 'Excel', cost: 1500 }]);
    renderAt(db, '/training-plan');
    await waitFor(() => expect(text(card('Excel'))).toContain('non estimable'));
    expect(text(card('Excel'))).toContain(t.reasons.unavailable);
    expect(text(screen.getByTestId('plan-tile-budget'))).toContain(t.tiles.restUnknown);
    expect(text(screen.getByTestId('plan-tile-coverage'))).toContain(t.tiles.coverageUnknown);
    expect(text(screen.getByTestId('plan-cap-tile'))).toContain(t.tiles.notEstimable);
    expect(text(card('Excel'))).not.toMatch(/Prise en charge OPCO estimée : \d/);
  });

  it('criteria that disagree: every amount a range between the sources', async () => {
    mocks.lookup.mockResolvedValue(
      network(figure([disputedTerms({ yearly: 3000 }, { yearly: 5000 })])),
    );
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan');
    await waitFor(() =>
      expect(text(card('Management'))).toContain('Prise en charge OPCO estimée : 0 € à 1 500 €'),
    );
    expect(text(screen.getByTestId('plan-cap-tile'))).toContain('3 000 € à 5 000 € HT');
    expect(text(screen.getByTestId('plan-tile-budget'))).toContain(
      'Reste à charge estimé : 0 € à 1 500 €',
    );
  });

  it('offline: the criteria this device fetched before (cached answer) give the same estimate', async () => {
    await putCachedBudget(
      budgetCacheKey('1486', 11, 49),
      answer(ATLAS_1486_11_49),
      '2026-11-20T10:00:00.000Z',
    );
    mocks.lookup.mockResolvedValue(offline);
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan');
    const cap = await screen.findByTestId('plan-cap-tile');
    expect(text(cap)).toContain('Utilisé : 3 000 € · Restant : 0 €');
    expect(text(card('Management'))).toContain('plafond annuel atteint');
  });

  it('never fetched on this device and offline: says so, no figure', async () => {
    mocks.lookup.mockResolvedValue(offline);
    await plan([{ topic: 'Excel', cost: 1500 }]);
    renderAt(db, '/training-plan');
    await waitFor(() => expect(text(card('Excel'))).toContain(t.reasons.lookup_failed));
  });
});

describe('the CSV export with the estimate (item 4)', () => {
  it('adds the estimated share, the reste à charge and the rule, and the year’s summary record', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan');
    await screen.findByTestId('plan-cap-tile');
    await userEvent.setup().click(screen.getByRole('button', { name: fr.trainingPlan.exportCsv }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!, 'utf-8');
    });
    const records = Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { delimiter: ';' }).data;
    expect(records).toHaveLength(5);
    expect(records[0]!.slice(14)).toEqual([...FUNDING_CSV_HEADERS]);
    const byTopic = new Map(records.slice(1, 4).map((r) => [r[2], r]));
    expect(byTopic.get('Management')!.slice(14)).toEqual(['0', '1500', 'plafond annuel atteint']);
    expect(byTopic.get('Excel')!.slice(14, 16)).toEqual(['1500', '0']);
    // The stored default rate (100 %, 0 €) is not written as a figure.
    expect(byTopic.get('Excel')!.slice(10, 12)).toEqual(['', '']);
    const summary = normalise(records[4]!.join('|'));
    expect(records[4]![2]).toBe(t.csv.summary(year, 'Atelier Martin'));
    expect(records[4]!.slice(14, 16)).toEqual(['3000', '1500']);
    expect(summary).toContain('Plafond annuel 3 000 € HT : utilisé 3 000 €, restant 0 €');
    click.mockRestore();
  });
});

describe('« Exporter le récapitulatif »', () => {
  it('links to the printable summary: company, OPCO, criteria with their source and date, the year’s requests', async () => {
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan');
    expect(await screen.findByRole('link', { name: t.recap.action })).toHaveAttribute(
      'href',
      '/training-plan/recapitulatif',
    );
  });

  it('shows the summary of the current year', async () => {
    await plan([
      { topic: 'Excel', cost: 1500 },
      { topic: 'Anglais', cost: 1500 },
      { topic: 'Management', cost: 1500 },
    ]);
    renderAt(db, '/training-plan/recapitulatif');
    expect(
      await screen.findByRole('heading', { level: 1, name: t.recap.title(year) }),
    ).toBeInTheDocument();
    const page = text(document.body);
    expect(page).toContain('Atelier Martin');
    expect(page).toContain(SIRET);
    expect(page).toContain('1486');
    expect(page).toContain('11 à 49 salariés');
    expect(page).toContain('ATLAS');
    expect(page).toContain('3 000 € HT');
    expect(page).toContain(ATLAS_1486_11_49.parts[0]!.sources[0]!.url);
    expect(page).toContain('5 janvier 2026');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5); // header, three requests, total
    expect(text(rows[3]!)).toContain('Management');
    expect(text(rows[3]!)).toContain('plafond annuel atteint');
    expect(text(rows[4]!)).toContain('4 500 €');
    expect(text(rows[4]!)).toContain('3 000 €');
    expect(text(rows[4]!)).toContain('1 500 €');
    expect(screen.getByRole('button', { name: t.recap.print })).toBeInTheDocument();
  });
});
