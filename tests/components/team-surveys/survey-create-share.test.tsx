// Issue 29 item 10: creating a survey shows the questions and lets the employer choose the
// departments (the company's own services suggested from its activity, the generic ones, typed
// ones); the link has a share action (Web Share, copy otherwise) and a QR code.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalDb } from '@/db';
import type { SurveyQuestionSet } from '@/domain/contracts';
import { QUESTION_SETS_KEY } from '@/features/team-surveys/hooks/use-question-sets';
import { TeamSurveysPage } from '@/features/team-surveys/pages/team-surveys-page';
import { useCurrentCompanyStore } from '@/lib/current-company';
import { dropDb, freshDb, renderRoutes, seedProfileAndCompany, syncedSurvey } from './helpers';

configure({ asyncUtilTimeout: 5_000 });

const sets: SurveyQuestionSet[] = [
  {
    department: 'admin',
    label: 'Administratif / Finance',
    questions: [
      { id: 'skills', text: 'Quelles compétences ?', type: 'checkbox', options: ['Excel'] },
    ],
  },
  {
    department: 'other',
    label: 'Autre',
    questions: [
      { id: 'role', text: 'Quel est votre métier ou votre fonction ?', type: 'text', options: [] },
      { id: 'challenges', text: 'Quels sont vos principaux défis ?', type: 'text', options: [] },
      { id: 'additional', text: 'Quelles formations vous aideraient ?', type: 'text', options: [] },
    ],
  },
];

let db: LocalDb;
beforeEach(async () => {
  db = await freshDb();
  window.localStorage.clear();
  useCurrentCompanyStore.setState({ siret: null });
  await db.reference_cache.put({
    key: QUESTION_SETS_KEY,
    value: sets,
    fetched_at: '2026-11-20T00:00:00.000Z',
  });
});
afterEach(async () => {
  delete (navigator as { share?: unknown }).share;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await dropDb(db);
});

const renderPage = () =>
  renderRoutes(db, [{ path: '/team-survey', element: <TeamSurveysPage /> }], '/team-survey');

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Créer un sondage' }));
  return screen.findByRole('dialog', { name: 'Nouveau sondage' });
}

const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

describe('creating a survey: departments and questions', () => {
  it("a bakery gets its own services suggested, may add its own, and sees each one's questions", async () => {
    await seedProfileAndCompany(db); // Boulangerie Martin, NAF 1071C
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    const group = await within(dialog).findByRole('group', { name: 'Services interrogés' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription(
        /Services suggérés pour une boulangerie-pâtisserie, d'après l'activité de Boulangerie Martin/,
      ),
    );
    expect(box(dialog, 'Fournil et laboratoire')).toBeChecked();
    expect(box(dialog, 'Vente en boutique')).toBeChecked();
    expect(box(dialog, 'Administratif / Finance')).toBeChecked();
    // Generic departments stay available, unchecked for a bakery.
    expect(box(dialog, 'Autre')).not.toBeChecked();

    // The company's own service, typed; Enter adds it (and does not submit the form).
    const add = within(dialog).getByRole('textbox', { name: 'Ajouter un service' });
    await user.type(add, '  Livraison   et tournées{Enter}');
    expect(box(dialog, 'Livraison et tournées')).toBeChecked();
    await user.type(add, 'vente en BOUTIQUE{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Ce service est déjà dans la liste.',
    );
    await user.click(box(dialog, 'Vente en boutique'));

    // The questions of each chosen department, and those common to all.
    const questions = within(dialog).getByRole('region', { name: 'Questions posées' });
    const fournil = within(questions).getByText('Fournil et laboratoire : 3 questions');
    await user.click(fournil);
    expect(
      within(fournil.closest('details')!).getByText(/Quel est votre métier ou votre fonction \?/),
    ).toBeVisible();
    expect(within(questions).getByText('Administratif / Finance : 1 question')).toBeInTheDocument();
    expect(within(questions).queryByText(/Vente en boutique/)).not.toBeInTheDocument();
    expect(within(questions).getByText('Pour tous les services')).toBeInTheDocument();

    await user.type(
      within(dialog).getByRole('textbox', { name: /Nom du sondage/ }),
      'Besoins 2027',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [row] = await db.team_surveys.toArray();
    expect(row).toMatchObject({
      name: 'Besoins 2027',
      company_name: 'Boulangerie Martin',
      departments: [
        { label: 'Fournil et laboratoire', set: 'other' },
        // A generic department keeps its question set's name (the domain's without the set).
        { label: 'Direction et management', set: 'management' },
        { label: 'Administratif / Finance', set: 'admin' },
        { label: 'Livraison et tournées', set: 'other' },
      ],
    });
    // The draft is gone with the survey created.
    expect(window.localStorage.getItem('bf-team-survey-draft')).toBeNull();
  });

  it('without a known activity: every generic department is checked; at least one is needed', async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    const group = await within(dialog).findByRole('group', { name: 'Services interrogés' });
    expect(group).toHaveAccessibleDescription(/Cochez les services à interroger/);
    const checkboxes = within(group).getAllByRole('checkbox');
    expect(checkboxes).toHaveLength(8);
    for (const c of checkboxes) expect(c).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Nom du sondage/ }), 'Sondage');
    for (const c of checkboxes) await user.click(c);
    expect(within(dialog).getByText('Choisissez au moins un service.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Créer' })).toBeDisabled();
    await user.click(checkboxes[7]!);
    expect(within(dialog).getByRole('button', { name: 'Créer' })).toBeEnabled();
  });

  it('a company arriving by sync while the dialog is open changes nothing on screen; the next opening suggests its services', async () => {
    const user = userEvent.setup();
    renderPage();
    let dialog = await openDialog(user);
    const group = await within(dialog).findByRole('group', { name: 'Services interrogés' });
    expect(group).toHaveAccessibleDescription(/Cochez les services à interroger/);
    const shownBefore = within(group)
      .getAllByRole('checkbox')
      .map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]);
    // The first pull of a fresh device brings the bakery's company.
    await seedProfileAndCompany(db);
    // Time for the page to read it from the store (the survey stored below shows that it did)...
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(group).queryByRole('checkbox', { name: 'Fournil et laboratoire' })).toBeNull();
    expect(group).toHaveAccessibleDescription(/Cochez les services à interroger/);
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]),
    ).toEqual(shownBefore);
    // ...and the survey created now keeps what was on screen, with the company's name.
    await user.type(within(dialog).getByRole('textbox', { name: /Nom du sondage/ }), 'Sondage');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [row] = await db.team_surveys.toArray();
    expect(row!.departments).toHaveLength(8);
    expect(row!.company_name).toBe('Boulangerie Martin');
    // The next opening suggests the bakery's own services.
    dialog = await openDialog(user);
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Fournil et laboratoire' }),
    ).toBeChecked();
  });

  it('keeps the choice across a reload of the page (draft)', async () => {
    await seedProfileAndCompany(db);
    const user = userEvent.setup();
    const first = renderPage();
    let dialog = await openDialog(user);
    await within(dialog).findByRole('checkbox', { name: 'Fournil et laboratoire' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ajouter un service' }),
      'Livraison{Enter}',
    );
    await user.click(box(dialog, 'Fournil et laboratoire'));
    first.unmount();
    renderPage();
    dialog = await openDialog(user);
    expect(await within(dialog).findByRole('checkbox', { name: 'Livraison' })).toBeChecked();
    expect(box(dialog, 'Fournil et laboratoire')).not.toBeChecked();
  });
});

describe('sharing the link', () => {
  beforeEach(async () => {
    await db.team_surveys.put(
      syncedSurvey({ name: 'Besoins 2027', company_name: 'Boulangerie Martin' } as never),
    );
  });

  it('opens the share sheet where the browser has one', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Besoins 2027' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Partager' }));
    const link = within(card).getByRole('textbox', { name: 'Lien du sondage' });
    expect(share).toHaveBeenCalledWith({
      title: 'Sondage : Besoins 2027',
      text: 'Boulangerie Martin vous invite à répondre à un court sondage sur vos besoins en formation.',
      url: (link as HTMLInputElement).value,
    });
  });

  it('copies the link where there is no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup(); // (it installs its own clipboard: replaced below)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Besoins 2027' })).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Partager' }));
    expect(writeText).toHaveBeenCalledWith(
      (within(card).getByRole('textbox', { name: 'Lien du sondage' }) as HTMLInputElement).value,
    );
  });

  it('shows a QR code of the link, to download', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Besoins 2027' })).closest('article')!;
    const link = (
      within(card).getByRole('textbox', { name: 'Lien du sondage' }) as HTMLInputElement
    ).value;
    await user.click(within(card).getByRole('button', { name: 'QR code du sondage Besoins 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code du sondage' });
    const image = await within(dialog).findByRole('img', {
      name: 'QR code ouvrant le sondage « Besoins 2027 »',
    });
    const src = image.getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(src)).toMatch(/<svg[\s\S]*<\/svg>/);
    expect(within(dialog).getByText(link)).toBeInTheDocument();
    const download = within(dialog).getByRole('link', { name: 'Télécharger le QR code (SVG)' });
    expect(download).toHaveAttribute('download', 'qr-sondage-besoins-2027.svg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
