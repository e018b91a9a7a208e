import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@/lib/auth';
import { toParisDateKey } from '@/domain/dates';
import { draftKey } from '@/features/unlock-budget/hooks/use-unlock-draft';
import {
  addCurrentCompany,
  freshDb,
  renderPages,
  signIn,
  SIRET_CURRENT,
  SIRET_STATE,
  USER_ID,
} from './harness';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const stateEntry = {
  pathname: '/unlock-budget',
  state: { company: { siret: SIRET_STATE, name: 'Atelier Martin' } },
};
const cont = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const stepHeading = () => screen.getByRole('heading', { level: 2 });
const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const tick = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));

let db = freshDb();
beforeEach(() => {
  db = freshDb();
  signIn();
  window.sessionStorage.clear();
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(async () => {
  vi.restoreAllMocks();
  Object.defineProperty(window.navigator, 'onLine', { value: true, configurable: true });
  db.close();
  await db.delete();
});

/** Fills the four steps with valid answers up to step 4 (rhythm chosen). */
function fillAll() {
  choose('Améliorer la performance commerciale');
  cont();
  choose('Managers et encadrants');
  cont();
  tick('Management et leadership');
  tick('Intelligence artificielle');
  cont();
  choose('Toutes les 2 semaines');
}

describe('UnlockBudgetPage: the four steps (02 §2.9, §4, §5)', () => {
  it('shows the stepper and 5 objectives; step 1 needs an objective', async () => {
    renderPages(db, stateEntry);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Débloquer mon budget formation' }),
    ).toBeInTheDocument();
    const progress = screen.getByRole('list', { name: 'Progression du formulaire' });
    const items = within(progress).getAllByRole('listitem');
    expect(
      items.map((i) =>
        i.textContent
          ?.replace(/\(.*\)/, '')
          .replace(/^\d/, '')
          .trim(),
      ),
    ).toEqual(['Objectif', 'Public', 'Thématiques', 'Planning']);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    cont();
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner un objectif');
    expect(stepHeading()).toHaveTextContent('Objectif');
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveFocus());
  });

  it('moves forward only when the step is valid, focusing the new step, and back keeps the answers', () => {
    renderPages(db, stateEntry);
    choose('Développer les compétences de mon équipe');
    cont();
    expect(stepHeading()).toHaveTextContent('Public');
    expect(stepHeading()).toHaveFocus();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    cont();
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner un public cible');
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(stepHeading()).toHaveTextContent('Objectif');
    expect(
      screen.getByRole('radio', { name: 'Développer les compétences de mon équipe' }),
    ).toBeChecked();
  });

  it("'Autre' reveals a required free text", async () => {
    renderPages(db, stateEntry);
    expect(screen.queryByRole('textbox')).toBeNull();
    choose('Autre');
    const other = screen.getByRole('textbox', { name: /Précisez votre objectif/ });
    expect(other).toHaveAttribute('placeholder', 'Précisez');
    expect(other).toHaveAttribute('maxLength', '500');
    cont();
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez préciser votre réponse');
    await waitFor(() => expect(other).toHaveFocus());
    expect(other).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(other, { target: { value: 'Former au RGPD' } });
    expect(screen.queryByRole('alert')).toBeNull();
    cont();
    expect(stepHeading()).toHaveTextContent('Public');
  });

  it('step 3 offers 9 topics and needs at least one', () => {
    renderPages(db, stateEntry);
    choose('Développer les compétences de mon équipe');
    cont();
    choose('Équipes opérationnelles');
    cont();
    expect(stepHeading()).toHaveTextContent('Thématiques');
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expect(screen.getByText('Plusieurs choix possibles')).toBeInTheDocument();
    cont();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Veuillez sélectionner au moins une thématique',
    );
    tick('Langues étrangères');
    tick('Langues étrangères');
    cont();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Veuillez sélectionner au moins une thématique',
    );
  });

  it('step 4 offers 5 rhythms, needs one, and refuses a start date before today', () => {
    renderPages(db, stateEntry);
    choose('Développer les compétences de mon équipe');
    cont();
    choose('Équipes opérationnelles');
    cont();
    tick('Management et leadership');
    cont();
    expect(stepHeading()).toHaveTextContent('Planning');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    const date = screen.getByLabelText('Date de début souhaitée (optionnel)');
    expect(date).toHaveAttribute('min', toParisDateKey(new Date()));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Veuillez sélectionner un rythme de formation',
    );
    choose('Chaque mois');
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "La date de début ne peut pas être antérieure à aujourd'hui",
    );
  });
});

describe('UnlockBudgetPage: submission (02 §5, §8)', () => {
  it('saves a pending request locally with its outbox mutation, toasts, then opens /requests', async () => {
    const { router } = renderPages(db, stateEntry);
    choose('Autre');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Former au RGPD' } });
    cont();
    choose('Managers et encadrants');
    cont();
    tick('Management et leadership');
    tick('Autre');
    fireEvent.change(screen.getByRole('textbox', { name: /Précisez la thématique/ }), {
      target: { value: 'Cybersécurité' },
    });
    cont();
    choose('Toutes les 2 semaines');
    const today = toParisDateKey(new Date());
    fireEvent.change(screen.getByLabelText('Date de début souhaitée (optionnel)'), {
      target: { value: today },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'));
    expect(toasts.success).toHaveBeenCalledWith(
      'Votre demande a été envoyée avec succès !',
      undefined,
    );
    const rows = await db.survey_responses.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      profile_id: USER_ID,
      company_siret: SIRET_STATE,
      company_name: 'Atelier Martin',
      objective: 'Former au RGPD',
      target: 'Managers et encadrants',
      topics: ['Management et leadership', 'Cybersécurité'],
      rhythm: 'Toutes les 2 semaines',
      start_date: today,
      status: 'pending',
    });
    const outbox = await db.outbox.toArray();
    expect(
      outbox.some(
        (m) => m.table === 'survey_responses' && m.row_id === rows[0]!.id && m.op === 'insert',
      ),
    ).toBe(true);
    expect(window.sessionStorage.getItem(draftKey(USER_ID))).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Mes demandes' })).toBeInTheDocument();
  });

  it('offline: still saved, and the toast says it will be sent when the connection returns', async () => {
    Object.defineProperty(window.navigator, 'onLine', { value: false, configurable: true });
    const { router } = renderPages(db, stateEntry);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'));
    expect(toasts.success).toHaveBeenCalledWith('Votre demande a été envoyée avec succès !', {
      description: 'Vous êtes hors ligne : elle sera transmise dès le retour de la connexion.',
    });
    expect(await db.survey_responses.count()).toBe(1);
  });

  it('without state, uses the current company and says so; the state wins when given', async () => {
    await addCurrentCompany(db, 'Société Courante');
    const first = renderPages(db, { pathname: '/unlock-budget' });
    expect(
      await screen.findByText("Demande pour l'entreprise : Société Courante"),
    ).toBeInTheDocument();
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/requests'));
    expect((await db.survey_responses.toArray())[0]).toMatchObject({
      company_siret: SIRET_CURRENT,
      company_name: 'Société Courante',
    });
    first.unmount();

    renderPages(db, stateEntry);
    expect(
      await screen.findByText("Demande pour l'entreprise : Atelier Martin"),
    ).toBeInTheDocument();
  });

  it('no company: says so on step 1, offers to add one, and does not let four steps be filled for nothing (issue 16 item 7)', async () => {
    const { router } = renderPages(db, { pathname: '/unlock-budget' });
    const notice = await screen.findByTestId('unlock-no-company');
    expect(notice).toHaveTextContent('Aucune entreprise sélectionnée');
    expect(stepHeading()).toHaveTextContent('Objectif');
    const add = within(notice).getByRole('link', { name: 'Ajouter une entreprise' });

    choose('Améliorer la performance commerciale');
    cont();
    expect(stepHeading()).toHaveTextContent('Objectif');
    expect(screen.getByRole('alert')).toHaveTextContent('Aucune entreprise sélectionnée');
    expect(toasts.error).not.toHaveBeenCalled();
    await waitFor(() => expect(add).toHaveFocus());

    fireEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechercher-entreprise'));
    expect(router.state.location.state).toEqual({ addingNewCompany: true });
    expect(await db.survey_responses.count()).toBe(0);
  });

  it('no notice while the companies load, nor once a company is known', async () => {
    await addCurrentCompany(db);
    renderPages(db, { pathname: '/unlock-budget' });
    expect(
      await screen.findByText("Demande pour l'entreprise : Société Courante"),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('unlock-no-company')).toBeNull();
  });

  it("'Vous devez être connecté pour soumettre le formulaire' without a user", async () => {
    renderPages(db, stateEntry);
    fillAll();
    authStore.setUser(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText('Vous devez être connecté pour soumettre le formulaire'),
    ).toHaveAttribute('role', 'alert');
    expect(await db.survey_responses.count()).toBe(0);
  });

  it('a local write failure (full disk) shows the documented error and keeps the answers', async () => {
    renderPages(db, stateEntry);
    fillAll();
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(
      Object.assign(new Error('full'), { name: 'QuotaExceededError' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        "Une erreur est survenue lors de l'envoi de votre demande",
        {
          description: expect.stringContaining('Espace de stockage plein'),
        },
      ),
    );
    expect(screen.getByRole('radio', { name: 'Toutes les 2 semaines' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    expect(window.sessionStorage.getItem(draftKey(USER_ID))).toContain('Toutes les 2 semaines');
  });
});

describe('UnlockBudgetPage: draft across a reload', () => {
  it('restores the step and the answers after a remount, and says so', () => {
    const first = renderPages(db, stateEntry);
    choose('Autre');
    fireEvent.change(screen.getByRole('textbox'), {
      target: { value: 'Préparer une certification' },
    });
    cont();
    choose('Nouveaux collaborateurs');
    first.unmount();

    renderPages(db, stateEntry);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nous avons conservé vos réponses en cours.',
    );
    expect(stepHeading()).toHaveTextContent('Public');
    expect(screen.getByRole('radio', { name: 'Nouveaux collaborateurs' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('textbox')).toHaveValue('Préparer une certification');
  });

  it('drops a malformed draft field by field', () => {
    window.sessionStorage.setItem(
      draftKey(USER_ID),
      JSON.stringify({
        step: 9,
        values: { objective: 42, target: 'Managers et encadrants', topics: 'nope' },
      }),
    );
    renderPages(db, stateEntry);
    expect(stepHeading()).toHaveTextContent('Objectif');
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    choose('Développer les compétences de mon équipe');
    cont();
    // the valid field of the malformed draft was kept
    expect(screen.getByRole('radio', { name: 'Managers et encadrants' })).toBeChecked();
  });

  it('ignores a draft that is not JSON', () => {
    window.sessionStorage.setItem(draftKey(USER_ID), '{not json');
    renderPages(db, stateEntry);
    expect(stepHeading()).toHaveTextContent('Objectif');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
