import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { LocalDb } from '@/db';
import { createRepositories } from '@/db';
import { draftKey } from '@/features/training-plan/hooks/use-new-training-draft';
import { fr } from '@/i18n/fr';
import { addCompany, addProfile, freshDb, renderAt, signIn, USER_ID, SIRET } from './harness';

const fn = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@/lib/api/functions', () => ({
  invokeFunction: (...args: unknown[]) => fn.invoke(...args),
}));

const t = fr.trainingPlan.newTraining;
let db: LocalDb;

beforeEach(async () => {
  db = freshDb();
  signIn();
  window.localStorage.clear();
  fn.invoke.mockReset();
  fn.invoke.mockResolvedValue({
    ok: true,
    status: 200,
    data: {
      duration: 21,
      cost: 2450,
      explanation: 'Estimation établie à partir de « Excel avancé ».',
      engine: 'local',
    },
  });
  await addProfile(db);
  await addCompany(db);
});
afterEach(async () => {
  toast.dismiss();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  db.close();
  await db.delete();
});

const topic = () => screen.getByRole('textbox', { name: new RegExp(t.topic) });
const description = () => screen.getByRole('textbox', { name: new RegExp(t.description) });
const estimateButton = () => screen.getByRole('button', { name: new RegExp(t.estimate) });
const saveButton = () => screen.getByRole('button', { name: t.save });
const duration = () =>
  screen.getByRole('spinbutton', { name: new RegExp(t.duration.replace(/[()]/g, '.')) });
const budget = () =>
  screen.getByRole('spinbutton', { name: new RegExp(t.budget.replace(/[()€]/g, '.')) });

async function fillTopicAndDescription(user: ReturnType<typeof userEvent.setup>) {
  await user.type(topic(), 'Excel avancé');
  await user.type(description(), 'Tableaux croisés dynamiques');
}

describe('new training request (02 §2.16, §5)', () => {
  it('enables the estimate once topic and description are filled, and says why before', async () => {
    const user = userEvent.setup();
    renderAt(db, '/training/new');
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(estimateButton()).toBeDisabled();
    expect(
      screen.getByText('Veuillez remplir la thématique et la description'),
    ).toBeInTheDocument();
    await user.type(topic(), 'Excel');
    expect(estimateButton()).toBeDisabled();
    await user.type(description(), '   ');
    expect(estimateButton()).toBeDisabled();
    await user.type(description(), 'TCD');
    expect(estimateButton()).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Distanciel' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Présentiel' })).not.toBeChecked();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('estimates, then shows editable duration and budget with the explanation', async () => {
    const user = userEvent.setup();
    renderAt(db, '/training/new');
    await fillTopicAndDescription(user);
    await user.click(screen.getByRole('radio', { name: 'Présentiel' }));
    await user.click(estimateButton());
    expect(await screen.findByText('Estimation mise à jour !')).toBeInTheDocument();
    expect(fn.invoke).toHaveBeenCalledWith(
      'estimate-training',
      {
        trainingData: {
          topic: 'Excel avancé',
          description: 'Tableaux croisés dynamiques',
          format: 'in_person',
        },
      },
      expect.anything(),
      expect.anything(),
    );
    expect(duration()).toHaveValue(21);
    expect(budget()).toHaveValue(2450);
    expect(
      screen.getByText('Estimation établie à partir de « Excel avancé ».'),
    ).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    await user.clear(duration());
    await user.type(duration(), '0');
    expect(await screen.findByText("La durée doit être d'au moins 1 heure")).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(duration());
    await user.type(duration(), '30');
    await user.clear(budget());
    await user.type(budget(), '-5');
    expect(saveButton()).toBeDisabled();
    await user.clear(budget());
    await user.type(budget(), '0');
    expect(saveButton()).toBeEnabled();
  });

  it("saves locally: to_organize, coverage 100, remaining 0, 'À définir' employee, profile and company fields", async () => {
    const user = userEvent.setup();
    const { router } = renderAt(db, '/training/new');
    await fillTopicAndDescription(user);
    await user.click(estimateButton());
    await screen.findByText('Estimation mise à jour !');
    await user.click(saveButton());
    expect(
      await screen.findByText('Formation ajoutée à votre plan de formation !'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/training-plan'));
    const [row] = await db.training_requests.toArray();
    const [employee] = await db.training_employees.toArray();
    expect(employee).toMatchObject({ first_name: 'À', last_name: 'définir' });
    expect(row).toMatchObject({
      company_id: USER_ID,
      employee_id: employee!.id,
      topic: 'Excel avancé',
      pedagogical_objectives: 'Tableaux croisés dynamiques',
      format: 'remote',
      duration: 21,
      cost: 2450,
      coverage_rate: 100,
      remaining_cost: 0,
      status: 'to_organize',
      funding_type: 'OPCO',
      // Not asked by the form: not filled (issue 29), never a « Moyen » nobody chose.
      business_impact: null,
      user_name: 'Camille Martin',
      user_email: 'rh@exemple.fr',
      company_name: 'Atelier Martin',
      company_siret: SIRET,
      idcc: '1486',
    });
    expect(window.localStorage.getItem(draftKey(USER_ID))).toBeNull();
  });

  it('reuses the placeholder employee, and never gives a new request to a named employee', async () => {
    const user = userEvent.setup();
    const repos = createRepositories(db);
    const named = await repos.createTrainingEmployee(USER_ID, {
      first_name: 'Inès',
      last_name: 'Dubois',
    });
    const placeholder = await repos.ensurePlaceholderEmployee(USER_ID);
    expect(placeholder).not.toBe(named);
    renderAt(db, '/training/new');
    await fillTopicAndDescription(user);
    await user.click(screen.getByRole('button', { name: t.manualEntry }));
    await user.type(duration(), '7');
    await user.type(budget(), '1550');
    await user.click(saveButton());
    await screen.findByText('Formation ajoutée à votre plan de formation !');
    expect(await db.training_employees.count()).toBe(2);
    expect((await db.training_requests.toArray())[0]?.employee_id).toBe(placeholder);
  });

  it('offline: the estimate is unavailable, says so, and duration and budget are typed by hand', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    renderAt(db, '/training/new');
    expect(screen.getByText(t.offlineEstimate)).toBeInTheDocument();
    await fillTopicAndDescription(user);
    expect(estimateButton()).toBeDisabled();
    await user.type(duration(), '14');
    await user.type(budget(), '1800');
    await user.click(saveButton());
    expect(
      await screen.findByText('Formation ajoutée à votre plan de formation !'),
    ).toBeInTheDocument();
    expect(fn.invoke).not.toHaveBeenCalled();
    expect((await db.training_requests.toArray())[0]).toMatchObject({
      duration: 14,
      cost: 1800,
      coverage_rate: 100,
      remaining_cost: 0,
    });
  });

  it("a failed estimate says 'Erreur lors de l'estimation' and lets the user type the amounts", async () => {
    const user = userEvent.setup();
    fn.invoke.mockResolvedValue({ ok: false, code: 'server', status: 500 });
    renderAt(db, '/training/new');
    await fillTopicAndDescription(user);
    await user.click(estimateButton());
    expect(await screen.findByText("Erreur lors de l'estimation")).toBeInTheDocument();
    expect(screen.getByText(t.estimateFailed)).toBeInTheDocument();
    expect(duration()).toHaveValue(null);
    expect(budget()).toBeInTheDocument();
  });

  it('keeps what was typed across a reload (draft), and Cancel returns to the plan and forgets it', async () => {
    const user = userEvent.setup();
    const first = renderAt(db, '/training/new');
    await fillTopicAndDescription(user);
    await waitFor(() =>
      expect(window.localStorage.getItem(draftKey(USER_ID))).toContain('Excel avancé'),
    );
    first.unmount();
    const second = renderAt(db, '/training/new');
    expect(topic()).toHaveValue('Excel avancé');
    expect(description()).toHaveValue('Tableaux croisés dynamiques');
    await user.click(screen.getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/training-plan'));
    expect(window.localStorage.getItem(draftKey(USER_ID))).toBeNull();
  });

  it('ignores a corrupted draft', () => {
    window.localStorage.setItem(draftKey(USER_ID), '{"topic": 42, "format": "avion"');
    renderAt(db, '/training/new');
    expect(topic()).toHaveValue('');
  });

  it("without a company: explains it and saving says 'Une erreur est survenue'", async () => {
    const user = userEvent.setup();
    await db.simulations.clear();
    renderAt(db, '/training/new');
    expect(await screen.findByText(t.notReady.no_company, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.notReady.addCompany })).toHaveAttribute(
      'href',
      '/dashboard/companies',
    );
    await fillTopicAndDescription(user);
    await user.click(screen.getByRole('button', { name: t.manualEntry }));
    await user.type(duration(), '7');
    await user.type(budget(), '100');
    await user.click(saveButton());
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(await db.training_requests.count()).toBe(0);
  });

  it('shows the topic and description errors when the form is saved without them', async () => {
    const user = userEvent.setup();
    renderAt(db, '/training/new');
    await user.click(screen.getByRole('button', { name: t.manualEntry }));
    await user.type(duration(), '7');
    await user.type(budget(), '100');
    await user.click(saveButton());
    const form = saveButton().closest('form')!;
    expect(await within(form).findByText(fr.validation.topicRequired)).toBeInTheDocument();
    expect(within(form).getByText(fr.validation.descriptionRequired)).toBeInTheDocument();
    expect(await db.training_requests.count()).toBe(0);
  });
});
