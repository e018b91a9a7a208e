// Issue 29 item 3: every field of a training request can be edited after its creation, offline,
// through the local store (row + outbox; only what changed), the employee « À définir » included.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRepositories, type LocalDb } from '@/db';
import { editDraftKey } from '@/features/training-plan/hooks/use-edit-draft';
import { fr } from '@/i18n/fr';
import { addRequests, freshDb, renderAt, request, signIn, USER_ID } from './harness';

configure({ asyncUtilTimeout: 5_000 });

const t = fr.trainingPlan.editDialog;
let db: LocalDb;
beforeEach(async () => {
  db = freshDb();
  await db.open();
  signIn();
  window.localStorage.clear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  db.close();
  await db.delete();
});

async function openEdit(user: ReturnType<typeof userEvent.setup>, topic: string) {
  await user.click(
    await screen.findByRole('button', { name: fr.trainingPlan.card.editLabel(topic) }),
  );
  return screen.findByRole('dialog', { name: t.title });
}

const field = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const spin = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('spinbutton', { name }) as HTMLInputElement;
const select = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;

describe('editing a training request', () => {
  it('offline: every field, a new employee for « À définir », only the changes to the outbox', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const [id] = await addRequests(db, [
      request({ topic: 'Excel avancé', business_impact: null, cost: 1000, coverage_rate: 100 }),
    ]);
    await db.outbox.clear();
    const user = userEvent.setup();
    renderAt(db, '/training-plan');
    const dialog = await openEdit(user, 'Excel avancé');
    expect(within(dialog).getByText(t.offline)).toBeInTheDocument();
    await waitFor(() => expect(field(dialog, /Thématique/)).toHaveFocus());
    expect(select(dialog, 'Enjeu')).toHaveValue('');
    expect(select(dialog, /Salarié concerné/).selectedOptions[0]).toHaveTextContent('À définir');

    await user.clear(field(dialog, /Thématique/));
    await user.type(field(dialog, /Thématique/), 'Excel pour la paie');
    await user.selectOptions(select(dialog, 'Enjeu'), 'low');
    await user.click(within(dialog).getByRole('radio', { name: 'E-learning' }));
    await user.type(field(dialog, /Organisme/), 'CCI Formation');
    await user.clear(spin(dialog, /Coût/));
    await user.type(spin(dialog, /Coût/), '2000');
    await user.clear(spin(dialog, /Taux de prise en charge/));
    await user.type(spin(dialog, /Taux de prise en charge/), '60');
    // The remaining cost follows: 2 000 × 40 %.
    expect(within(dialog).getByRole('status', { name: t.remaining })).toHaveTextContent(/^800\s€$/);
    await user.selectOptions(select(dialog, 'Statut'), 'pending_funding');
    await user.selectOptions(select(dialog, /Salarié concerné/), t.newEmployee);
    await user.type(field(dialog, /Prénom/), 'Inès');
    await user.type(field(dialog, /^Nom/), 'Dubois');
    // The department of a named employee is chosen, never « Autre » by default.
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(fr.validation.employeeDepartmentRequired)).toBeVisible();
    await waitFor(() => expect(select(dialog, 'Département')).toHaveFocus());
    await user.selectOptions(select(dialog, 'Département'), 'hr');
    await user.click(within(dialog).getByRole('button', { name: t.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await screen.findByRole('article', { name: 'Excel pour la paie' });
    expect(card).toHaveTextContent('Employé : Inès Dubois');
    expect(card).toHaveTextContent('Ressources humaines');
    expect(card).toHaveTextContent('Faible');
    const row = await db.training_requests.get(id!);
    const employee = (await db.training_employees.toArray()).find((e) => e.first_name === 'Inès');
    expect(row).toMatchObject({
      topic: 'Excel pour la paie',
      business_impact: 'low',
      format: 'e_learning',
      training_organization: 'CCI Formation',
      cost: 2000,
      coverage_rate: 60,
      // (issue 30) a rate typed is the user's own, shown instead of the estimate
      coverage_override: true,
      remaining_cost: 800,
      status: 'pending_funding',
      employee_id: employee!.id,
    });
    expect(employee).toMatchObject({ last_name: 'Dubois', department: 'hr' });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => [m.table, m.op])).toEqual([
      ['training_employees', 'insert'],
      ['training_requests', 'update'],
    ]);
    // Only the changed columns are sent (the sync's conflict rules work per field).
    expect(Object.keys(outbox[1]!.fields ?? {}).sort()).toEqual(
      [
        'business_impact',
        'cost',
        'coverage_rate',
        'coverage_override',
        'employee_id',
        'format',
        'remaining_cost',
        'status',
        'topic',
        'training_organization',
      ].sort(),
    );
    expect(window.localStorage.getItem(editDraftKey(USER_ID, id!))).toBeNull();
  });

  it('sends only what the user changed: a field changed meanwhile on another device is kept', async () => {
    const [id] = await addRequests(db, [request({ topic: 'Négociation', duration: 14 })]);
    const user = userEvent.setup();
    renderAt(db, '/training-plan');
    const dialog = await openEdit(user, 'Négociation');
    // Another device changes the duration while the dialog is open (a pull).
    await act(() => createRepositories(db).updateTrainingRequest(USER_ID, id!, { duration: 21 }));
    await db.outbox.clear();
    await user.selectOptions(select(dialog, 'Statut'), 'in_progress');
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.training_requests.get(id!)).toMatchObject({
      duration: 21,
      status: 'in_progress',
    });
    const [mutation] = await db.outbox.toArray();
    expect(mutation?.fields).toEqual({ status: 'in_progress' });
  });

  it('keeps the typing across a closed dialog or tab; « Annuler » drops it', async () => {
    const [id] = await addRequests(db, [request({ topic: 'RGPD' })]);
    const user = userEvent.setup();
    const first = renderAt(db, '/training-plan');
    let dialog = await openEdit(user, 'RGPD');
    await user.clear(spin(dialog, /Durée/));
    await user.type(spin(dialog, /Durée/), '35');
    first.unmount(); // the tab is closed
    renderAt(db, '/training-plan');
    dialog = await openEdit(user, 'RGPD');
    expect(within(dialog).getByText(t.restored)).toBeInTheDocument();
    expect(spin(dialog, /Durée/)).toHaveValue(35);
    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    expect(window.localStorage.getItem(editDraftKey(USER_ID, id!))).toBeNull();
    expect((await db.training_requests.get(id!))?.duration).toBe(14);
  });

  it('refuses what the new request refuses, with French messages, and writes nothing', async () => {
    await addRequests(db, [request({ topic: 'Sécurité' })]);
    await db.outbox.clear();
    const user = userEvent.setup();
    renderAt(db, '/training-plan');
    const dialog = await openEdit(user, 'Sécurité');
    await user.clear(field(dialog, /Thématique/));
    await user.clear(spin(dialog, /Durée/));
    await user.type(spin(dialog, /Durée/), '0');
    await user.clear(spin(dialog, /Taux de prise en charge/));
    await user.type(spin(dialog, /Taux de prise en charge/), '120');
    await user.clear(field(dialog, 'Financement'));
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(fr.validation.topicRequired)).toBeVisible();
    expect(within(dialog).getByText(fr.validation.durationMin)).toBeVisible();
    expect(within(dialog).getByText(fr.validation.coverageRange)).toBeVisible();
    expect(within(dialog).getByText(fr.validation.fundingRequired)).toBeVisible();
    await waitFor(() => expect(field(dialog, /Thématique/)).toHaveFocus());
    expect(await db.outbox.count()).toBe(0);
  });

  it('a request deleted on another device while being edited: says so', async () => {
    const [id] = await addRequests(db, [request({ topic: 'Anglais' })]);
    const user = userEvent.setup();
    renderAt(db, '/training-plan');
    await openEdit(user, 'Anglais');
    await act(() => createRepositories(db).deleteTrainingRequest(USER_ID, id!));
    expect(await screen.findByText(t.gone)).toBeInTheDocument();
  });
});
