import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRepositories, type LocalDb } from '@/db';
import { AppLayout } from '@/app/layouts/app-layout';
import {
  company,
  dropDb,
  freshDb,
  LocationProbe,
  renderRoutes,
  resetUiState,
  signIn,
  USER,
} from './helpers';

const routes = () => [
  {
    element: <AppLayout />,
    children: [{ path: '/dashboard', element: <LocationProbe name="dashboard" /> }],
  },
];

let db: LocalDb;
let simulationId: string;
beforeEach(async () => {
  resetUiState();
  db = freshDb();
  signIn();
  const repos = createRepositories(db);
  simulationId = (await repos.saveSimulation(USER.id, company('Alpha Conseil', '11111111100011')))
    .id;
  await db.outbox.clear(); // as if already sent
});
afterEach(async () => {
  await dropDb(db);
});

const now = () => new Date().toISOString();

async function openPanel() {
  renderRoutes(db, routes(), ['/dashboard']);
  const status = screen.getByTestId('sync-status');
  await waitFor(() => expect(status).toHaveTextContent(/à vérifier/));
  fireEvent.click(within(status).getByRole('button'));
  const panel = screen.getByRole('dialog', { name: 'Synchronisation' });
  await within(panel).findAllByTestId(/conflict-notice|dead-letter/);
  return panel;
}

describe('conflict notices (issue 4)', () => {
  beforeEach(async () => {
    await db.conflicts.add({
      id: 'c1',
      owner_id: USER.id,
      table: 'simulations',
      row_id: simulationId,
      reason: 'field',
      mine: { company_name: 'Alpha Conseil (mon nom)' },
      theirs: { company_name: 'Alpha Conseil SAS' },
      server_version: 7,
      created_at: now(),
    });
  });

  it('counts it in the status and shows both values in French', async () => {
    const panel = await openPanel();
    expect(screen.getByTestId('sync-status')).toHaveTextContent('1 élément à vérifier');
    const notice = within(panel).getByTestId('conflict-notice');
    // The record by its name and the field in conflict, with agreement (issue 29 item 9).
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        "Vous avez modifié le champ « Entreprise » de l'entreprise « Alpha Conseil » sur cet appareil alors qu'il avait été modifié sur un autre appareil.",
      ),
    );
    const row = within(notice).getByRole('row', { name: /Entreprise/ });
    expect(row).toHaveTextContent('Alpha Conseil SAS');
    expect(row).toHaveTextContent('Alpha Conseil (mon nom)');
    expect(
      within(notice).getByRole('columnheader', { name: 'Version gardée' }),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('columnheader', { name: 'Ma version' })).toBeInTheDocument();
  });

  it("'Garder cette version' removes the notice and sends nothing", async () => {
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Garder cette version' }));
    await waitFor(() => expect(within(panel).getByText('Aucun conflit')).toBeInTheDocument());
    expect(await db.conflicts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("'Rétablir ma version' re-applies my value as a new change", async () => {
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Rétablir ma version' }));
    await waitFor(() => expect(within(panel).getByText('Aucun conflit')).toBeInTheDocument());
    const [mutation] = await db.outbox.toArray();
    expect(mutation).toMatchObject({ table: 'simulations', row_id: simulationId, op: 'update' });
    expect((await db.simulations.get(simulationId))?.company_name).toBe('Alpha Conseil (mon nom)');
  });
});

describe('delete versus edit (issue 4)', () => {
  it('explains a deletion that won over an edit and offers Restaurer', async () => {
    await db.conflicts.add({
      id: 'c2',
      owner_id: USER.id,
      table: 'simulations',
      row_id: simulationId,
      reason: 'delete_over_edit',
      mine: { deleted_at: now() },
      theirs: { company_name: 'Alpha modifiée ailleurs' },
      server_version: 9,
      created_at: now(),
    });
    const panel = await openPanel();
    const notice = within(panel).getByTestId('conflict-notice');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        "Vous avez supprimé l'entreprise « Alpha Conseil » qui venait d'être modifiée sur un autre appareil. La suppression a été appliquée ; vous pouvez la restaurer.",
      ),
    );
    expect(notice).toHaveTextContent('Alpha modifiée ailleurs');
    expect(
      within(notice).getByRole('columnheader', { name: "Modifié sur l'autre appareil" }),
    ).toBeInTheDocument();
    expect(
      within(notice).getByRole('button', { name: 'Confirmer la suppression' }),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Restaurer' })).toBeInTheDocument();
  });

  it('explains an edit of a row deleted elsewhere', async () => {
    await db.conflicts.add({
      id: 'c3',
      owner_id: USER.id,
      table: 'simulations',
      row_id: simulationId,
      reason: 'deleted',
      mine: { company_address: '2 rue Neuve' },
      theirs: { deleted_at: now() },
      server_version: 9,
      created_at: now(),
    });
    const panel = await openPanel();
    const notice = within(panel).getByTestId('conflict-notice');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        "Vous avez modifié l'entreprise « Alpha Conseil » qui avait été supprimée sur un autre appareil.",
      ),
    );
    expect(notice).toHaveTextContent('2 rue Neuve');
    expect(within(notice).getByRole('button', { name: 'Rétablir ma version' })).toBeInTheDocument();
  });
});

describe('refused changes (dead letters, issue 4)', () => {
  beforeEach(async () => {
    await db.dead_letters.add({
      id: 'd1',
      owner_id: USER.id,
      table: 'simulations',
      op: 'update',
      row_id: simulationId,
      fields: { company_name: 'Nom refusé', employee_range_min: 10 },
      base_version: 3,
      code: 'check',
      message: null,
      created_at: now(),
    });
  });

  it('says why in French and can be discarded', async () => {
    const panel = await openPanel();
    const item = within(panel).getByTestId('dead-letter');
    expect(item).toHaveTextContent(
      'Une modification sur une entreprise a été refusée : une valeur est invalide',
    );
    fireEvent.click(within(item).getByRole('button', { name: 'Abandonner cette modification' }));
    await waitFor(() =>
      expect(within(panel).getByText('Aucune modification refusée')).toBeInTheDocument(),
    );
    expect(await db.dead_letters.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries after an edit: refuses a non-number, then queues the corrected change', async () => {
    const panel = await openPanel();
    const item = within(panel).getByTestId('dead-letter');
    fireEvent.click(within(item).getByRole('button', { name: 'Modifier et réessayer' }));
    fireEvent.change(within(item).getByLabelText('Effectif minimum'), { target: { value: 'dix' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Réessayer avec ces valeurs' }));
    expect(await within(item).findByText('Veuillez saisir un nombre')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(within(item).getByLabelText('Effectif minimum'), { target: { value: '12' } });
    fireEvent.change(within(item).getByLabelText('Entreprise'), {
      target: { value: 'Nom corrigé' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Réessayer avec ces valeurs' }));
    await waitFor(() =>
      expect(within(panel).getByText('Aucune modification refusée')).toBeInTheDocument(),
    );
    const [mutation] = await db.outbox.toArray();
    expect(mutation).toMatchObject({ table: 'simulations', row_id: simulationId });
    expect(mutation?.fields).toMatchObject({ company_name: 'Nom corrigé', employee_range_min: 12 });
  });

  it("'Réessayer' sends it again as it was", async () => {
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(within(panel).getByText('Aucune modification refusée')).toBeInTheDocument(),
    );
    expect((await db.outbox.toArray())[0]?.fields).toMatchObject({ company_name: 'Nom refusé' });
  });
});

describe('values shown in French, never raw (issue 16 item 3)', () => {
  it('a conflict on a training request shows status, impact, format, employee and dates by their French labels', async () => {
    const repos = createRepositories(db);
    const employee = await repos.createTrainingEmployee(USER.id, {
      first_name: 'Camille',
      last_name: 'Martin',
      department: 'hr',
      category: 'manager',
      gender: 'F',
    });
    const request = await repos.createTrainingRequest(USER.id, {
      employee_id: employee,
      topic: 'Excel avancé',
      pedagogical_objectives: '',
      business_impact: 'medium',
      format: 'remote',
      duration: 7,
      cost: 900,
    });
    await db.outbox.clear();
    await db.conflicts.add({
      id: 'c-status',
      owner_id: USER.id,
      table: 'training_requests',
      row_id: request,
      reason: 'field',
      mine: {
        status: 'cancelled',
        business_impact: 'high',
        format: 'e_learning',
        employee_id: employee,
        deleted_at: '2026-11-20T09:00:00Z',
        updated_at: '2026-11-20T09:00:00Z',
      },
      theirs: {
        status: 'pending_funding',
        business_impact: 'low',
        format: 'in_person',
        employee_id: null,
        deleted_at: null,
        updated_at: '2026-11-21T09:00:00Z',
      },
      server_version: 9,
      created_at: now(),
    });
    const panel = await openPanel();
    const notice = within(panel).getByTestId('conflict-notice');
    const text = notice.textContent ?? '';
    for (const raw of [
      'cancelled',
      'pending_funding',
      'e_learning',
      'in_person',
      'high',
      'low',
      employee,
      'updated_at',
      '2026-11-20T09:00:00Z',
    ])
      expect(text).not.toContain(raw);
    expect(within(notice).getByRole('row', { name: /Statut/ })).toHaveTextContent(
      /En attente de financement.*Abandonnée/,
    );
    expect(within(notice).getByRole('row', { name: /Enjeu/ })).toHaveTextContent(/Faible.*Fort/);
    expect(within(notice).getByRole('row', { name: /Format/ })).toHaveTextContent(
      /Présentiel.*E-learning/,
    );
    await waitFor(() =>
      expect(within(notice).getByRole('row', { name: /Salarié/ })).toHaveTextContent(
        'Camille Martin',
      ),
    );
    expect(within(notice).getByRole('row', { name: /Dernière modification/ })).toHaveTextContent(
      /21 novembre 2026.*20 novembre 2026/,
    );
  });

  it('a conflict on a company shows its budget type in French', async () => {
    await db.conflicts.add({
      id: 'c-budget',
      owner_id: USER.id,
      table: 'simulations',
      row_id: simulationId,
      reason: 'field',
      mine: { budget_type: 'ILLIMITED', employee_range_min: 1500 },
      theirs: { budget_type: 'LEGAL_CONVENTION', employee_range_min: 20 },
      server_version: 4,
      created_at: now(),
    });
    const panel = await openPanel();
    const notice = within(panel).getByTestId('conflict-notice');
    expect(notice.textContent).not.toMatch(/ILLIMITED|LEGAL_CONVENTION/);
    expect(within(notice).getByRole('row', { name: /Type de budget/ })).toHaveTextContent(
      /Légal et conventionnel.*Illimité/,
    );
    expect(within(notice).getByRole('row', { name: /Effectif minimum/ })).toHaveTextContent(
      /20.*1\s500/,
    );
  });
});

describe('refusals the server explains, and rows the device cannot read (issue 14 item 7, issue 17 item 4)', () => {
  it('a date no client can read: the refusal names the field in French', async () => {
    await db.dead_letters.add({
      id: 'd-date',
      owner_id: USER.id,
      table: 'simulations',
      op: 'insert',
      row_id: simulationId,
      fields: { company_name: 'Alpha', created_at: 'infinity' },
      base_version: 0,
      code: 'invalid',
      message: 'invalid',
      reason: 'timestamp',
      field: 'created_at',
      created_at: now(),
    });
    const panel = await openPanel();
    const item = within(panel).getByTestId('dead-letter');
    expect(item).toHaveTextContent(
      "Une modification sur une entreprise a été refusée : la date « Date de création » est invalide ou hors des limites acceptées (de l'an 1 à l'an 9999)",
    );
    expect(item.textContent).not.toMatch(/timestamp|created_at|infinity/);
  });

  it('a change processed too long ago to be checked: says so, with retry and discard', async () => {
    await db.dead_letters.add({
      id: 'd-expired',
      owner_id: USER.id,
      table: 'simulations',
      op: 'update',
      row_id: simulationId,
      fields: { company_name: 'Ancien nom' },
      base_version: 2,
      code: 'expired',
      message: null,
      created_at: now(),
    });
    const panel = await openPanel();
    const item = within(panel).getByTestId('dead-letter');
    expect(item).toHaveTextContent(/il y a plus de 60 jours/);
    expect(within(item).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(item.textContent).not.toContain('expired');
  });

  it('a pulled row kept aside is listed in French, without any raw value', async () => {
    await db.quarantine.add({
      table: 'training_requests',
      id: 'q1',
      owner_id: USER.id,
      row: { id: 'q1', topic: 'Sécurité', created_at: '-infinity' },
      message: 'created_at: invalid timestamp -infinity',
      sync_version: 42,
      created_at: now(),
    });
    renderRoutes(db, routes(), ['/dashboard']);
    fireEvent.click(within(screen.getByTestId('sync-status')).getByRole('button'));
    const panel = screen.getByRole('dialog', { name: 'Synchronisation' });
    const item = await within(panel).findByTestId('quarantined-row');
    expect(item).toHaveTextContent(
      "Un élément reçu du serveur (une formation du plan) ne peut pas être lu par cette version de l'application",
    );
    expect(item.textContent).not.toMatch(/infinity|created_at|training_requests/);
  });
});
