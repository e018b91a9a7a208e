import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parseBudgetLookup, unknownBudgetResult } from '@/domain/budget';
import type * as AuthModule from '@/lib/auth';
import type { BudgetLookupOutcome } from '@/lib/budget-lookup';
import { config } from '@/lib/config';
import { useCurrentCompanyStore } from '@/lib/current-company';
import {
  addCompany,
  addProfile,
  freshDb,
  renderDashboard,
  signIn,
  simulation,
  SIRET_A,
  SIRET_B,
  USER_EMAIL,
} from './harness';

const mocks = vi.hoisted(() => ({ lookup: vi.fn(), probe: vi.fn() }));
vi.mock('@/lib/budget-lookup', () => ({
  lookupBudget: (...args: unknown[]) => mocks.lookup(...args),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  getAccessToken: vi.fn(async () => 'user-token'),
}));

const never = () => new Promise<BudgetLookupOutcome>(() => {});
const info = {
  totalBudget_value: '5 000',
  totalBudget_unity: '€ HT',
  legalBudget_value: '3 000',
  legalBudget_unity: '€ HT',
  conventionalBudget_value: '2 000',
  conventionalBudget_unity: '€ HT',
  Budget_condition: 'Non',
  dailyCap_minValue: 'Non',
  dailyCap_unity: '€ HT / jour',
  dailyCap_conditions: 'Non',
  hourlyCap_minValue: '55',
  hourlyCap_unity: '€ HT / heure',
  hourlyCap_conditions: 'Dans la limite de 55 € HT par heure',
  hourlyVolumeCap_minValue: '35',
  hourlyVolumeCap_unity: 'heures / an / salarié',
  hourlyVolumeCap_conditions: 'Non',
  isWagesInBudget: 'Non',
  wages_conditions: 'Non',
  additionalCosts_value: 'Oui',
  additionalCosts_conditions: 'Frais de transport sur justificatifs',
  comments: 'Montants indicatifs par année civile',
  thematicConditions: 'Non',
  pdcUpdatedAt: '2026-06-24',
};
function outcome(
  source: 'network' | 'cache',
  budgetInfo: Record<string, unknown> = info,
  fetchedAt = '2026-11-12T10:00:00.000Z',
  extra: Record<string, unknown> = {},
): BudgetLookupOutcome {
  const response = {
    budgetType: 'TOTAL',
    opco: 'OPCO EP',
    tauxPriseEnCharge: 100,
    budgetInfo,
    ...extra,
  };
  return { result: parseBudgetLookup(response), response: response as never, source, fetchedAt };
}

let db = freshDb();
beforeEach(() => {
  db = freshDb();
  signIn();
  mocks.lookup.mockReset();
  mocks.lookup.mockImplementation(never);
  // reachability probe of the embedded form (HEAD, no-cors)
  mocks.probe.mockReset();
  mocks.probe.mockResolvedValue(new Response(null));
  vi.stubGlobal('fetch', mocks.probe);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
  db.close();
  await db.delete();
});

describe('DashboardPage: loading and empty states', () => {
  it("shows 'Chargement des données...' until the local store answers", async () => {
    await addCompany(db, simulation());
    renderDashboard(db);
    expect(screen.getByText('Chargement des données...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Voici le budget formation de votre entreprise !',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Chargement des données...')).toBeNull();
  });

  it('offers to add a company when the user has none yet (not an error)', async () => {
    const { router } = renderDashboard(db);
    expect(await screen.findByText('Aucune entreprise pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Ajouter une entreprise' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
    expect(router.state.location.state).toEqual({ addingNewCompany: true });
    expect(mocks.lookup).not.toHaveBeenCalled();
  });
});

describe('DashboardPage: budget card wording (02 §4)', () => {
  it('renders the stored figure at once, before the lookup answers', async () => {
    await addCompany(
      db,
      simulation({ budget_type: 'TOTAL', budget_total: 5000, taux_prise_en_charge: 80 }),
    );
    renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    expect(figure).toHaveTextContent('Budget Total : 5 000 €');
    // exact spacing (no doubled space between the label and the amount)
    expect(figure.querySelector('.budget-line')!.textContent).toBe(
      'Budget Total : 5\u202f000\u00a0€',
    );
    expect(figure).toHaveTextContent('Taux de prise en charge : 80 %');
    expect(figure).not.toHaveTextContent('Montant au');
    await waitFor(() =>
      expect(mocks.lookup).toHaveBeenCalledWith(
        '1486',
        11,
        49,
        expect.objectContaining({ accessToken: 'user-token' }),
      ),
    );
  });

  it('legal and convention: both lines, the second prefixed +', async () => {
    await addCompany(
      db,
      simulation({
        budget_type: 'LEGAL_CONVENTION',
        budget_total: null,
        budget_legal: 3000,
        budget_convention: 2000,
      }),
    );
    renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    const lines = figure.querySelectorAll('.budget-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent(/^Budget Légal 3 000 €$/);
    expect(lines[1]).toHaveTextContent(/^\+ Budget Conventionnel 2 000 €$/);
  });

  it('legal only and convention only', async () => {
    await addCompany(
      db,
      simulation({ budget_type: 'LEGAL', budget_total: null, budget_legal: 1200 }),
    );
    await addCompany(
      db,
      simulation({
        company_siret: SIRET_B,
        company_name: 'B',
        budget_type: 'CONVENTION',
        budget_total: null,
        budget_convention: 900,
      }),
    );
    renderDashboard(db);
    expect(await screen.findByTestId('budget-figure')).toHaveTextContent(
      'Budget Conventionnel 900 €',
    );
    act(() => useCurrentCompanyStore.getState().select(SIRET_A));
    await waitFor(() =>
      expect(screen.getByTestId('budget-figure')).toHaveTextContent('Budget Légal 1 200 €'),
    );
  });

  it("illimited: 'Budget illimité !' and the promo block", async () => {
    await addCompany(db, simulation({ budget_type: 'ILLIMITED', budget_total: null }));
    renderDashboard(db);
    expect(await screen.findByText('Budget illimité !')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeInTheDocument();
  });

  it('unknown: not communicated, no coverage line; the advisor card stays (issue 29 item 7)', async () => {
    await addCompany(
      db,
      simulation({ budget_type: 'UNKNOWN', budget_total: null, taux_prise_en_charge: 80 }),
    );
    renderDashboard(db);
    expect(
      await screen.findByText("Le budget formation de votre entreprise n'est pas communiqué."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Taux de prise en charge :/)).toBeNull();
    // 02 §2.3 shows the promo block when a budget is known; issue 29 item 7 keeps this advisor
    // card when none is, exactly when help is needed.
    expect(
      screen.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeInTheDocument();
  });

  it('comment: not communicated plus the comments of the financing conditions', async () => {
    await addCompany(db, simulation({ budget_type: 'COMMENT', budget_total: null }));
    mocks.lookup.mockResolvedValue(
      outcome('network', {
        ...info,
        totalBudget_value: 'Voir commentaire',
        comments: 'Prise en charge au cas par cas',
      }),
    );
    renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    await waitFor(() => expect(figure).toHaveTextContent('Prise en charge au cas par cas'));
    expect(figure).toHaveTextContent(
      "Le budget formation de votre entreprise n'est pas communiqué.",
    );
  });

  it("any other type: the 'Oups' text, the 24 h promise and a contact link in a new tab", async () => {
    await addCompany(db, simulation({ budget_type: 'AUTO_ENTREPRENEUR', budget_total: null }));
    renderDashboard(db);
    expect(
      await screen.findByText("Oups, il semblerait que l'on ne trouve pas votre budget"),
    ).toBeInTheDocument();
    expect(screen.getByText('Nous vous répondons par mail sous 24 heures.')).toBeInTheDocument();
    const contact = screen.getByRole('link', { name: /Nous contacter/ });
    expect(contact).toHaveAttribute('href', config.contactUrl);
    expect(contact).toHaveAttribute('target', '_blank');
  });

  it('a text over 20 characters is shown smaller', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(
      outcome('network', {
        ...info,
        totalBudget_value: '1 234 567',
        totalBudget_unity: '€ HT par année civile',
        legalBudget_value: null,
        conventionalBudget_value: null,
      }),
    );
    renderDashboard(db);
    await waitFor(() =>
      expect(screen.getByText(/1 234 567 € HT par année civile/)).toHaveClass(
        'budget-amount-small',
      ),
    );
  });

  it('enriches with the network answer (unit, rate, OPCO) and dates a cached answer', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(outcome('network'));
    const first = renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    await waitFor(() => expect(figure).toHaveTextContent('Budget Total : 5 000 € HT'));
    expect(figure).toHaveTextContent('Taux de prise en charge : 100 %');
    expect(figure).not.toHaveTextContent('Montant au');
    expect(screen.getByText('OPCO EP')).toBeInTheDocument();
    first.unmount();

    mocks.lookup.mockResolvedValue(outcome('cache'));
    renderDashboard(db);
    expect(await screen.findByText('Montant au 12 novembre 2026')).toBeInTheDocument();
  });

  it('offline with nothing cached: keeps the stored figure with the date it was computed', async () => {
    await addCompany(db, simulation());
    const sim = (await db.simulations.toArray())[0]!;
    mocks.lookup.mockResolvedValue({
      result: unknownBudgetResult(),
      response: null,
      source: 'none',
      fetchedAt: null,
      error: 'offline',
    });
    renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    await waitFor(() => expect(figure).toHaveTextContent(/Montant au \d{1,2} \p{L}+ \d{4}/u));
    expect(figure).toHaveTextContent('Budget Total : 5 000 €');
    expect(sim.updated_at).toBeTruthy();
  });
});

describe('DashboardPage: financing conditions panel (02 §4)', () => {
  it("toggles, with its labels and the 'Non' rules", async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(outcome('network'));
    renderDashboard(db);
    const toggle = await screen.findByRole('button', {
      name: 'En savoir plus sur les conditions de financements',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(panel.querySelector('dl')).not.toBeNull());
    const row = (key: string) => panel.querySelector(`[data-key="${key}"]`);
    expect(row('dailyCap')).toHaveTextContent('Plafond journalierAucun');
    expect(row('coverageRate')).toHaveTextContent('Taux de prise en charge (%)100');
    expect(row('hourlyCap')).toHaveTextContent('Tarif horaire max55 € HT / heure');
    expect(row('wages')).toHaveTextContent('Frais de salairePas pris en charge');
    expect(row('hourlyVolumeCap')).toHaveTextContent('Volume horaire max35 heures / an / salarié');
    expect(row('additionalCosts')).toHaveTextContent('Frais annexesPris en charge');
    expect(row('additionalCosts')).toHaveTextContent('Frais de transport sur justificatifs');
    expect(row('comments')).toHaveTextContent('CommentairesMontants indicatifs par année civile');
    expect(row('thematicConditions')).toBeNull();
    expect(row('updatedAt')).toHaveTextContent('Dernière mise à jour24 juin 2026');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it("shows 'Conditions particulières' only when not 'Non'", async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(
      outcome('network', { ...info, thematicConditions: 'Formations numériques prioritaires' }),
    );
    renderDashboard(db);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'En savoir plus sur les conditions de financements',
      }),
    );
    expect(await screen.findByText('Conditions particulières')).toBeInTheDocument();
    expect(screen.getByText('Formations numériques prioritaires')).toBeInTheDocument();
  });

  it('says when the conditions are not available (nothing from the lookup)', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue({
      result: unknownBudgetResult(),
      response: null,
      source: 'none',
      fetchedAt: null,
      error: 'offline',
    });
    renderDashboard(db);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'En savoir plus sur les conditions de financements',
      }),
    );
    expect(
      await screen.findByText(/Les conditions de financement ne sont pas disponibles/),
    ).toBeInTheDocument();
  });
});

describe('DashboardPage: navigation state (02 §2.1)', () => {
  it('selects the siret given in navigation state, then clears the state', async () => {
    await addCompany(
      db,
      simulation({ company_siret: SIRET_B, company_name: 'Boulangerie Bernard' }),
    );
    await addCompany(db, simulation({ company_siret: SIRET_A, company_name: 'Atelier Martin' }));
    const { router } = renderDashboard(db, { siret: SIRET_B, refresh: true });
    const card = await screen.findByRole('region', { name: 'Votre entreprise' });
    await waitFor(() => expect(card).toHaveTextContent('Boulangerie Bernard'));
    expect(useCurrentCompanyStore.getState().siret).toBe(SIRET_B);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('region', { name: 'Votre entreprise' })).toHaveTextContent(
      'Boulangerie Bernard',
    );
  });

  it('ignores a malformed navigation state (newest company)', async () => {
    await addCompany(
      db,
      simulation({ company_siret: SIRET_B, company_name: 'Boulangerie Bernard' }),
    );
    await addCompany(db, simulation({ company_siret: SIRET_A, company_name: 'Atelier Martin' }));
    renderDashboard(db, { siret: 'not-a-siret' });
    const card = await screen.findByRole('region', { name: 'Votre entreprise' });
    expect(card).toHaveTextContent('Atelier Martin');
  });
});

describe('DashboardPage: company card and promo block', () => {
  it('shows the company identity card', async () => {
    await addCompany(db, simulation());
    renderDashboard(db);
    const card = await screen.findByRole('region', { name: 'Votre entreprise' });
    const value = (label: string) => within(card).getByText(label).nextElementSibling;
    expect(value('Entreprise')).toHaveTextContent('Atelier Martin');
    expect(value('Adresse')).toHaveTextContent('12 rue de la Paix, 75002 Paris');
    expect(value('SIRET')).toHaveTextContent(SIRET_A);
    expect(value('Effectif salarié')).toHaveTextContent('11 à 49 salariés');
    expect(value('Convention collective')).toHaveTextContent('1486');
  });

  it('embeds the form (500 px) with the hidden fields, and its two buttons navigate', async () => {
    await addCompany(db, simulation());
    await addProfile(db, '06 12 34 56 78');
    const { router } = renderDashboard(db);
    const frame = await screen.findByTitle("Formulaire d'accompagnement");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.style.height).toBe('500px');
    const url = new URL(frame.getAttribute('src')!);
    expect(`${url.origin}${url.pathname}`).toBe(
      new URL(config.budgetFormUrl).origin + new URL(config.budgetFormUrl).pathname,
    );
    expect(url.searchParams.get('email')).toBe(USER_EMAIL);
    expect(url.searchParams.get('idcc')).toBe('1486');
    expect(url.searchParams.get('employes')).toBe('11-49');
    expect(url.searchParams.get('budget')).toBe('5000');
    expect(url.searchParams.get('phone_number')).toBe('06 12 34 56 78');

    fireEvent.click(screen.getByRole('button', { name: 'Trouver un accompagnement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training/recommendations'));
    expect((router.state.location.state as { company: { siret: string } }).company.siret).toBe(
      SIRET_A,
    );
    await act(() => router.navigate('/dashboard'));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Sonder les besoins de mon équipe' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/team-survey'));
  });

  it('probes the bare form address (HEAD, no personal data) before embedding it', async () => {
    await addCompany(db, simulation());
    await addProfile(db);
    renderDashboard(db);
    await screen.findByTitle("Formulaire d'accompagnement");
    expect(mocks.probe).toHaveBeenCalledWith(
      config.budgetFormUrl,
      expect.objectContaining({ method: 'HEAD', mode: 'no-cors' }),
    );
  });

  it('form service unreachable while the device says online: the notice, no broken frame', async () => {
    mocks.probe.mockRejectedValue(new TypeError('Failed to fetch'));
    await addCompany(db, simulation());
    await addProfile(db);
    renderDashboard(db);
    expect(await screen.findByText(/nécessite une connexion internet/)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('offline: no frame, a notice that the form needs a connection', async () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    await addCompany(db, simulation());
    await addProfile(db);
    renderDashboard(db);
    expect(await screen.findByText(/nécessite une connexion internet/)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Trouver un accompagnement' })).toBeInTheDocument();
  });
});

describe('DashboardPage: auto-entrepreneur screen (02 §2.3)', () => {
  it('shows the four funds and the agency links in new tabs, Être recontacté, and makes no lookup', async () => {
    await addCompany(
      db,
      simulation({
        employee_range_min: 0,
        employee_range_max: 0,
        budget_type: 'AUTO_ENTREPRENEUR',
        budget_total: null,
        opco_name: '',
      }),
    );
    renderDashboard(db);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Votre budget formation de travailleur indépendant',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Mes attestations/)).toBeInTheDocument();
    expect(screen.getByText(/Moins d'un an d'activité/)).toBeInTheDocument();
    for (const site of ['Site de VIVEA', 'Site de FIF PL', 'Site de FAFCEA', "Site d'AGEFICE"]) {
      const link = screen.getByRole('link', { name: new RegExp(site) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: /Accéder à mon espace Urssaf/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: /Comment obtenir l'attestation/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    const callBack = screen.getByRole('link', { name: /Être recontacté/ });
    expect(callBack).toHaveAttribute('href', config.contactUrl);
    expect(callBack).toHaveAttribute('target', '_blank');
    expect(screen.queryByText("L'OPCO de votre entreprise")).toBeNull();
    expect(screen.queryByTestId('budget-figure')).toBeNull();
    expect(screen.getByRole('region', { name: 'Votre entreprise' })).toHaveTextContent(
      'Auto-entrepreneur',
    );
    expect(mocks.lookup).not.toHaveBeenCalled();
  });
});

describe('DashboardPage: carousel and booking modal', () => {
  it('a training opens the booking modal; closing restores the focus', async () => {
    await addCompany(db, simulation());
    renderDashboard(db);
    const card = await screen.findByRole('button', { name: 'Manager une équipe à distance' });
    card.focus();
    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Prendre rendez-vous' });
    expect(dialog).toHaveTextContent('Manager une équipe à distance');
    expect(dialog).toHaveTextContent('Management · 14 h');
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('');
    expect(card).toHaveFocus();
  });
});

// Issue 15: the figure says where it comes from, when it was published, links to the source and
// says it is indicative, to be confirmed with the OPCO; offline the same, with the cached date.
describe('DashboardPage: the source of the figure', () => {
  const sourced = {
    kind: 'sourced',
    opco: 'OPCO EP',
    branch: 'Pharmacie d’officine',
    url: 'https://www.opcoep.fr/criteres-de-financement?branche=175',
    reliability: 'official',
    publishedOn: '2026-01-08',
    retrievedOn: null,
    year: 2026,
    level: 'idcc',
    conflict: null,
  };

  it('a published criterion: source, date, link, « indicatif, à confirmer auprès de l’OPCO », in the card and the panel', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(outcome('network', info, undefined, { provenance: sourced }));
    renderDashboard(db);
    const source = (await screen.findAllByTestId('budget-source'))[0]!;
    expect(source).toHaveTextContent(
      "Source : critères 2026 d'OPCO EP (Pharmacie d’officine), page officielle de l'OPCO, mis à jour le 08/01/2026",
    );
    expect(source).toHaveTextContent("Montant indicatif, à confirmer auprès de l'OPCO.");
    const link = within(source).getByRole('link', { name: /Voir la source/ });
    expect(link).toHaveAttribute('href', sourced.url);
    expect(link).toHaveAttribute('target', '_blank');
    fireEvent.click(
      screen.getByRole('button', { name: 'En savoir plus sur les conditions de financements' }),
    );
    const panelRow = document.querySelector('[data-key="source"]')!;
    expect(panelRow).toHaveTextContent("Source : critères 2026 d'OPCO EP");
    expect(panelRow).toHaveTextContent("Montant indicatif, à confirmer auprès de l'OPCO.");
  });

  it('a settled conflict and a compilation read on a date: said so', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(
      outcome('network', info, undefined, {
        provenance: {
          ...sourced,
          opco: 'AKTO',
          branch: 'Commerces de gros',
          reliability: 'compilation',
          publishedOn: null,
          retrievedOn: '2026-06-11',
          conflict: {
            rule: 'official_then_recent',
            alternatives: [
              { reliability: 'compilation', date: '2026-05-18', yearlyCapEur: 6000, url: null },
            ],
          },
        },
      }),
    );
    renderDashboard(db);
    const source = (await screen.findAllByTestId('budget-source'))[0]!;
    expect(source).toHaveTextContent(
      /critères 2026 d'AKTO \(Commerces de gros\), compilation de sources publiques, non vérifiée auprès de l'OPCO, relevé le 11\/06\/2026/,
    );
    // An answer cached before issue 27 does not say HT or TTC: no basis is claimed, and the
    // former rule (« la plus récente ») is no longer stated as settling it.
    expect(source).toHaveTextContent(
      /Les sources publiées divergent \(6\s000\s€, relevé le 18\/05\/2026\) : montant à confirmer auprès de l'OPCO\./,
    );
  });

  it('offline: the cached answer keeps its source, with the date it was fetched', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(outcome('cache', info, undefined, { provenance: sourced }));
    renderDashboard(db);
    expect(await screen.findByText('Montant au 12 novembre 2026')).toBeInTheDocument();
    expect((await screen.findAllByTestId('budget-source'))[0]).toHaveTextContent(
      'mis à jour le 08/01/2026',
    );
  });

  it('information unavailable: no amount, the OPCO’s criteria page', async () => {
    await addCompany(db, simulation({ budget_type: 'UNKNOWN', budget_total: null }));
    mocks.lookup.mockResolvedValue(
      outcome(
        'network',
        { totalBudget_value: 'Information indisponible', comments: 'Aucun montant publié' },
        undefined,
        {
          budgetType: 'UNKNOWN',
          opco: 'AKTO',
          tauxPriseEnCharge: 0,
          provenance: { kind: 'unavailable', opco: 'AKTO', criteriaUrl: 'https://www.akto.fr' },
        },
      ),
    );
    renderDashboard(db);
    const figure = await screen.findByTestId('budget-figure');
    await waitFor(() =>
      expect(figure).toHaveTextContent(
        "Le budget formation de votre entreprise n'est pas communiqué.",
      ),
    );
    const source = (await screen.findAllByTestId('budget-source'))[0]!;
    // The figure already prints the lookup's sentence: the source keeps only its link (issue 29
    // item 7: no repeated sentence).
    expect(figure).toHaveTextContent('Aucun montant publié');
    expect(source).not.toHaveTextContent('Aucun montant publié');
    expect(
      within(source).getByRole('link', { name: /Consulter les critères de financement d'AKTO/ }),
    ).toHaveAttribute('href', 'https://www.akto.fr');
    expect(figure).not.toHaveTextContent('€');
  });

  it('sample rules (tests and demos): labelled as sample data', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(
      outcome('network', info, undefined, { provenance: { kind: 'sample' } }),
    );
    renderDashboard(db);
    expect((await screen.findAllByTestId('budget-source'))[0]).toHaveTextContent(
      "Données d'exemple",
    );
  });

  it('a source link that is not http(s) is not rendered as a link', async () => {
    await addCompany(db, simulation());
    mocks.lookup.mockResolvedValue(
      outcome('network', info, undefined, {
        provenance: { ...sourced, url: 'javascript:alert(1)' },
      }),
    );
    renderDashboard(db);
    const source = (await screen.findAllByTestId('budget-source'))[0]!;
    expect(within(source).queryByRole('link')).toBeNull();
  });
});
