// Issue 27 item 7 and issue 29 item 7 on the dashboard: the two OPCO actions (the prefilled
// message by e-mail or copied; the confirmed amount recorded locally first and shown before the
// published figure), with a figure, without one, and with a confirmed amount.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseBudgetLookup } from '@/domain/budget';
import { FUNDING_TEXTS } from '@/domain/labels';
import { localCalendarDay } from '@/domain/opco-confirmation';
import type * as AuthModule from '@/lib/auth';
import type { BudgetLookupOutcome } from '@/lib/budget-lookup';
import { config } from '@/lib/config';
import {
  addCompany,
  addProfile,
  freshDb,
  renderDashboard,
  signIn,
  simulation,
  SIRET_A,
  USER_ID,
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
function answer(response: Record<string, unknown>): BudgetLookupOutcome {
  return {
    result: parseBudgetLookup(response),
    response: response as never,
    source: 'network',
    fetchedAt: '2026-11-27T10:00:00.000Z',
  };
}
/** What the budget API answers when nothing is published (src/domain/funding-rules.ts). */
const unavailable = answer({
  budgetType: 'UNKNOWN',
  opco: 'AKTO',
  tauxPriseEnCharge: 0,
  budgetInfo: {
    totalBudget_value: 'Information indisponible',
    comments: FUNDING_TEXTS.unavailable,
  },
  provenance: { kind: 'unavailable', opco: 'AKTO', criteriaUrl: 'https://www.akto.fr' },
});
const sourced = answer({
  budgetType: 'TOTAL',
  opco: 'Atlas',
  tauxPriseEnCharge: 0,
  budgetInfo: { totalBudget_value: '3000', totalBudget_unity: '€ HT', comments: 'Non' },
  provenance: {
    kind: 'sourced',
    opco: 'Atlas',
    reliability: 'official',
    year: 2026,
    url: 'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
    publishedOn: '2026-01-05',
  },
});

let db = freshDb();
beforeEach(() => {
  db = freshDb();
  signIn();
  sessionStorage.clear();
  mocks.lookup.mockReset();
  mocks.lookup.mockImplementation(never);
  mocks.probe.mockReset();
  mocks.probe.mockResolvedValue(new Response(null));
  vi.stubGlobal('fetch', mocks.probe);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

/** Visible text (what is not inside a hidden element) of an element. */
function visibleText(root: Element): string {
  let out = '';
  const walk = (node: Node) => {
    if (node instanceof Element && (node.hasAttribute('hidden') || node.closest('[hidden]')))
      return;
    if (node.nodeType === Node.TEXT_NODE) out += node.textContent;
    node.childNodes.forEach(walk);
  };
  walk(root);
  return out;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

async function openRequest() {
  fireEvent.click(await screen.findByRole('button', { name: 'Demander confirmation à mon OPCO' }));
  return screen.findByRole('dialog', { name: 'Demander confirmation à mon OPCO' });
}

describe('with a published figure', () => {
  it('the message carries the SIRET, IDCC, headcount, figure and source; mailto and copy', async () => {
    await addCompany(db, simulation({ opco_name: 'Atlas' }));
    await addProfile(db);
    mocks.lookup.mockResolvedValue(sourced);
    renderDashboard(db);
    await waitFor(() =>
      expect(screen.getByTestId('budget-figure')).toHaveTextContent('3 000 € HT'),
    );
    expect(
      screen.getByRole('button', { name: "Mon OPCO m'a indiqué un autre montant" }),
    ).toBeInTheDocument();
    const dialog = await openRequest();
    const message = within(dialog).getByRole('textbox', { name: 'Message à envoyer' });
    const body = (message as HTMLTextAreaElement).value;
    for (const part of [
      '- Entreprise : Atelier Martin',
      `- SIRET : ${SIRET_A}`,
      '- Convention collective (IDCC) : 1486',
      '- Effectif salarié : 11 à 49 salariés',
      '- OPCO : Atlas',
      "Le site Budget Formation m'indique « Budget Total : 3\u202f000\u00a0€ HT ».",
      "Source de ce montant : critères publiés par l'OPCO (2026).",
      'https://www.opco-atlas.fr/criteres-financement/bureaux-detudes-techniques-ingenieurs-et-conseils',
      'Camille Martin',
    ])
      expect(body).toContain(part);

    const mail = within(dialog).getByRole('link', { name: 'Ouvrir dans ma messagerie' });
    const href = mail.getAttribute('href')!;
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:?'.length));
    expect(params.get('body')).toBe(body.replace(/\n/g, '\r\n'));
    expect(params.get('subject')).toContain(`SIRET ${SIRET_A}`);

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copier le message' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(body));

    // Atlas: no contact page read yet, its website, said so.
    const site = within(dialog).getByRole('link', { name: /Site d'Atlas/ });
    expect(site).toHaveAttribute('href', 'https://www.opco-atlas.fr');
    expect(dialog).toHaveTextContent('la rubrique « Contact »');
  });

  it('no clipboard: the message is selected for a manual copy', async () => {
    await addCompany(db, simulation());
    renderDashboard(db);
    const dialog = await openRequest();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    document.execCommand = vi.fn(() => false);
    const message = within(dialog).getByRole('textbox', {
      name: 'Message à envoyer',
    }) as HTMLTextAreaElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copier le message' }));
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(message.selectionEnd - message.selectionStart).toBe(message.value.length);
  });
});

describe('no figure known (issue 29 item 7)', () => {
  it('the sentence once, the advisor card, both actions; the message asks for the amount', async () => {
    await addCompany(db, simulation({ budget_type: 'UNKNOWN', budget_total: null, idcc: '0573' }));
    mocks.lookup.mockResolvedValue(unavailable);
    renderDashboard(db);
    const card = await screen.findByRole('region', { name: 'Mon budget' });
    await waitFor(() => expect(card).toHaveTextContent('Aucun montant publié'));
    const page = document.querySelector('.dashboard')!;
    expect(occurrences(visibleText(page), "Aucun montant publié n'a été relevé")).toBe(1);
    expect(
      within(card).getByRole('link', { name: /Consulter les critères de financement d'AKTO/ }),
    ).toHaveAttribute('href', 'https://www.akto.fr');
    // The advisor card stays, with the documents' wording.
    expect(
      screen.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Un conseiller vous aide à utiliser votre budget formation, sans frais.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: "Mon OPCO m'a indiqué un montant" }),
    ).toBeInTheDocument();

    const dialog = await openRequest();
    const body = (within(dialog).getByRole('textbox') as HTMLTextAreaElement).value;
    expect(body).toContain('- OPCO : AKTO');
    expect(body).toContain(
      "Le site Budget Formation n'a trouvé aucun montant publié pour ma convention collective et mon effectif.",
    );
    expect(body).not.toContain('Source de ce montant');
    // AKTO's contact page, read on its site.
    expect(within(dialog).getByRole('link', { name: /Page contact d'AKTO/ })).toHaveAttribute(
      'href',
      'https://www.akto.fr/nous-contacter/entreprises',
    );
  });

  it('unknown OPCO: the official list of OPCOs to find it', async () => {
    await addCompany(
      db,
      simulation({ budget_type: 'UNKNOWN', budget_total: null, opco_name: null, idcc: null }),
    );
    renderDashboard(db);
    const dialog = await openRequest();
    expect(dialog).toHaveTextContent("Votre OPCO n'est pas identifié");
    expect(within(dialog).getByRole('link', { name: /Trouver mon OPCO/ })).toHaveAttribute(
      'href',
      config.opcoProviderUrl,
    );
  });
});

describe('recording the amount the OPCO confirmed', () => {
  it('validates, records locally (row + outbox), then shows it before the published figure', async () => {
    const user = userEvent.setup();
    await addCompany(db, simulation({ opco_name: 'Atlas' }));
    mocks.lookup.mockResolvedValue(sourced);
    renderDashboard(db);
    await user.click(
      await screen.findByRole('button', { name: "Mon OPCO m'a indiqué un autre montant" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Le montant indiqué par votre OPCO' });
    const amount = within(dialog).getByRole('textbox', { name: /Montant \(€\)/ });
    expect(amount).toHaveFocus();
    // The date defaults to today (the device's day).
    const date = within(dialog).getByLabelText(/Date de la confirmation/) as HTMLInputElement;
    expect(date.value).toBe(localCalendarDay(new Date()));

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le montant est requis')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Indiquez si le montant est HT, TTC ou non précisé'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, 'environ 5000');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText(
        'Saisissez un montant en euros, par exemple 4 800 ou 4 800,50',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('La date ne peut pas être dans le futur')).toBeInTheDocument();
    expect(await db.opco_confirmations.count()).toBe(0);

    await user.clear(amount);
    await user.type(amount, '4 800');
    await user.click(within(dialog).getByRole('radio', { name: 'HT (hors taxes)' }));
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Commentaire/ }),
      'Par téléphone avec la conseillère',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [row] = await db.opco_confirmations.toArray();
    expect(row).toMatchObject({
      profile_id: USER_ID,
      company_siret: SIRET_A,
      idcc: '1486',
      employee_range_min: 11,
      employee_range_max: 49,
      opco_name: 'Atlas',
      amount_cents: 480_000,
      amount_basis: 'HT',
      confirmed_on: '2026-11-20',
      comment: 'Par téléphone avec la conseillère',
    });
    expect(
      await db.outbox.where('[table+row_id]').equals(['opco_confirmations', row!.id]).count(),
    ).toBe(1);

    const confirmed = await screen.findByTestId('confirmed-amount');
    expect(confirmed).toHaveTextContent('4 800 € HT');
    expect(confirmed).toHaveTextContent('confirmé par votre OPCO le 20 novembre 2026');
    expect(confirmed).toHaveTextContent('Par téléphone avec la conseillère');
    expect(await within(confirmed).findByText(/Enregistré sur cet appareil/)).toBeInTheDocument();
    // Before the published figure, which stays visible beneath it, for comparison.
    const figure = screen.getByTestId('budget-figure');
    expect(
      confirmed.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(figure).toHaveTextContent('Budget Total : 3 000 € HT');
    expect(screen.getByText('Montant publié, pour comparaison')).toBeInTheDocument();
  });

  it('what was typed survives closing the dialog', async () => {
    const user = userEvent.setup();
    await addCompany(db, simulation());
    renderDashboard(db);
    const action = await screen.findByRole('button', {
      name: "Mon OPCO m'a indiqué un autre montant",
    });
    await user.click(action);
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Montant/ }), '2 500,50');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(action);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Montant/ })).toHaveValue('2 500,50');
  });

  it('the latest confirmation of this company is shown, with an unknown basis said; it can be removed', async () => {
    const user = userEvent.setup();
    await addCompany(db, simulation({ budget_type: 'UNKNOWN', budget_total: null }));
    const { createRepositories } = await import('@/db');
    const repos = createRepositories(db);
    await repos.recordOpcoConfirmation(USER_ID, {
      company_siret: SIRET_A,
      opco_name: 'Atlas',
      amount_cents: 100_000,
      amount_basis: 'HT',
      confirmed_on: '2026-09-01',
      comment: null,
    });
    await repos.recordOpcoConfirmation(USER_ID, {
      company_siret: SIRET_A,
      opco_name: 'Atlas',
      amount_cents: 250_050,
      amount_basis: 'unknown',
      confirmed_on: '2026-10-15',
      comment: null,
    });
    renderDashboard(db);
    const confirmed = await screen.findByTestId('confirmed-amount');
    expect(confirmed).toHaveTextContent('2 500,50 €');
    expect(confirmed).toHaveTextContent('HT ou TTC non précisé');
    expect(confirmed).toHaveTextContent('confirmé par votre OPCO le 15 octobre 2026');
    // The published state stays beneath it.
    expect(screen.getByTestId('budget-figure')).toHaveTextContent("n'est pas communiqué");

    await user.click(within(confirmed).getByRole('button', { name: 'Supprimer ce montant' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Supprimer le montant confirmé ?' });
    await user.click(within(ask).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(screen.getByTestId('confirmed-amount')).toHaveTextContent('1 000 € HT'),
    );
  });
});
