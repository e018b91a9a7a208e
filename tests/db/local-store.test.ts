import { describe, expect, it } from 'vitest';
import { applyLocalChanges, createReplicaStore, LocalStoreError } from '@/db';
import { newDevice, siret, uuid } from './helpers';

const user = uuid();

describe('local writes', () => {
  it('writes the row and its outbox mutation in one transaction', async () => {
    const { db, repos } = newDevice();
    const id = await repos.createTeamSurvey(user, 'Équipe commerciale');
    const row = await db.team_surveys.get(id);
    expect(row).toMatchObject({
      id,
      company_id: user,
      name: 'Équipe commerciale',
      status: 'active',
      sync_version: 0,
      deleted_at: null,
    });
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      table: 'team_surveys',
      op: 'insert',
      row_id: id,
      base_version: 0,
      owner_id: user,
    });
    expect(outbox[0]!.fields).toMatchObject({
      name: 'Équipe commerciale',
      company_id: user,
      status: 'active',
    });
    // A shadow records that the server does not have the row yet.
    expect(await db.server_rows.get(['team_surveys', id])).toEqual({
      table: 'team_surveys',
      id,
      row: null,
    });
  });

  it('an update carries only the changed fields; a no-op update appends nothing', async () => {
    const { db, repos } = newDevice();
    const id = await repos.createTrainingRequest(user, {
      topic: 'Excel',
      format: 'remote',
      duration: 7,
      cost: 900,
    });
    await repos.updateTrainingRequest(user, id, { topic: 'Excel avancé', cost: 900 });
    await repos.updateTrainingRequest(user, id, { topic: 'Excel avancé' });
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((m) => m.op)).toEqual(['insert', 'update']);
    expect(outbox[1]!.fields).toEqual({ topic: 'Excel avancé' });
  });

  it('deleteCompany soft-deletes the simulation, unlock requests and training requests of that siret', async () => {
    const { db, repos } = newDevice();
    const s = siret(1);
    await repos.saveSimulation(user, {
      company_name: 'ACME',
      company_siret: s,
      employee_range_min: 1,
      employee_range_max: 10,
    });
    await repos.saveSimulation(user, {
      company_name: 'Other',
      company_siret: siret(2),
      employee_range_min: 1,
      employee_range_max: 10,
    });
    await repos.createUnlockRequest(user, {
      company_siret: s,
      company_name: 'ACME',
      objective: 'o',
      target: 't',
      topics: ['x'],
      rhythm: 'r',
    });
    await repos.createTrainingRequest(user, {
      topic: 'Excel',
      format: 'remote',
      duration: 7,
      cost: 900,
      company_siret: s,
    });
    expect(await repos.deleteCompany(user, s)).toBe(3);
    expect((await repos.listCompanies(user)).map((c) => c.siret)).toEqual([siret(2)]);
    expect(await repos.listUnlockRequests(user)).toEqual([]);
    expect(await repos.listTrainingRequests(user)).toEqual([]);
    const deletes = (await db.outbox.toArray()).filter((m) => m.op === 'delete');
    expect(deletes.map((m) => m.table).sort()).toEqual([
      'simulations',
      'survey_responses',
      'training_requests',
    ]);
  });

  it('refuses a 4th company and a 4th budget change locally', async () => {
    const { db, repos } = newDevice();
    for (let i = 1; i <= 3; i++) {
      await repos.saveSimulation(user, {
        company_name: `C${i}`,
        company_siret: siret(i),
        employee_range_min: 1,
        employee_range_max: 10,
      });
    }
    await expect(
      repos.saveSimulation(user, {
        company_name: 'C4',
        company_siret: siret(4),
        employee_range_min: 1,
        employee_range_max: 10,
      }),
    ).rejects.toMatchObject({ code: 'company_limit' });
    const [c1] = await db.simulations
      .where('[profile_id+company_siret]')
      .equals([user, siret(1)])
      .toArray();
    await db.simulations.update(c1!.id, { update_count: 3 });
    await expect(
      repos.saveSimulation(user, {
        company_name: 'C1',
        company_siret: siret(1),
        employee_range_min: 10,
        employee_range_max: 49,
      }),
    ).rejects.toBeInstanceOf(LocalStoreError);
  });

  it('ensurePlaceholderEmployee creates "À définir" once', async () => {
    const { repos } = newDevice();
    const a = await repos.ensurePlaceholderEmployee(user);
    const b = await repos.ensurePlaceholderEmployee(user);
    expect(a).toBe(b);
    const [e] = await repos.listTrainingEmployees(user);
    expect(e).toMatchObject({
      first_name: 'À',
      last_name: 'définir',
      department: 'other',
      category: 'employee',
      gender: 'M',
    });
  });

  it('scopes reads to the owner', async () => {
    const { repos } = newDevice();
    const other = uuid();
    await repos.createTeamSurvey(user, 'mine');
    await repos.createTeamSurvey(other, 'theirs');
    expect((await repos.listTeamSurveys(user)).map((s) => s.name)).toEqual(['mine']);
    const id = (await repos.listTeamSurveys(other))[0]!.id;
    await expect(repos.closeTeamSurvey(user, id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('budget cache keeps the value with its fetch date', async () => {
    const { repos } = newDevice();
    await repos.putCachedBudget('1486:10:49', { budgetType: 'LEGAL' }, '2026-01-02T03:04:05.000Z');
    expect(await repos.getCachedBudget('1486:10:49')).toEqual({
      value: { budgetType: 'LEGAL' },
      fetchedAt: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('quota exceeded', () => {
  it('leaves nothing half-written and reports LocalStoreError quota', async () => {
    const { db, repos } = newDevice();
    const id = await repos.createTeamSurvey(user, 'avant');
    // The disk fills up: the outbox write of the next change throws QuotaExceededError (a DBCore
    // middleware, installed before the database is reopened).
    db.close();
    db.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down) => ({
        ...down,
        table: (name) => {
          const t = down.table(name);
          if (name !== 'outbox') return t;
          return {
            ...t,
            mutate: async (req) => {
              if (req.type === 'add' || req.type === 'put')
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
              return t.mutate(req);
            },
          };
        },
      }),
    });
    await db.open();
    await expect(repos.renameTeamSurvey(user, id, 'après')).rejects.toMatchObject({
      name: 'LocalStoreError',
      code: 'quota',
    });
    await expect(repos.deleteCompany(user, siret(9))).resolves.toBe(0);
    // The row kept its old value and the outbox holds only the first change.
    expect((await db.team_surveys.get(id))!.name).toBe('avant');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('replica: pull apply', () => {
  it('re-applies pending local changes on top of a pulled row; an unreadable row is kept aside and gone past', async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    const id = uuid();
    const bad = uuid();
    const after = uuid();
    const base = {
      id,
      company_id: user,
      name: 'Serveur',
      status: 'active',
      created_at: '2026-01-01T00:00:00+00:00',
      updated_at: '2026-01-01T00:00:00+00:00',
      deleted_at: null,
      sync_version: 10,
    };
    await store.applyPullPage('team_surveys', [base]);
    await repos.renameTeamSurvey(user, id, 'Local');
    // The server row changed on another field (status) in the meantime.
    const res = await store.applyPullPage('team_surveys', [
      { ...base, status: 'closed', sync_version: 12 },
      { ...base, id: bad, sync_version: 13, created_at: 'infinity' },
      { ...base, id: after, sync_version: 14 },
    ]);
    expect(res).toMatchObject({ applied: 2, quarantined: 1, invalid: null });
    expect(res.cursor).toEqual({ version: 14, id: after });
    expect(await store.getCursor('team_surveys')).toEqual({ version: 14, id: after });
    const row = await db.team_surveys.get(id);
    expect(row).toMatchObject({
      name: 'Local',
      status: 'closed',
      sync_version: 12,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect((await db.server_rows.get(['team_surveys', id]))!.row).toMatchObject({
      name: 'Serveur',
      status: 'closed',
    });
    expect(await db.team_surveys.get(bad)).toBeUndefined();
    expect(await db.team_surveys.get(after)).toMatchObject({ name: 'Serveur' });
    expect(await db.quarantine.get(['team_surveys', bad])).toMatchObject({
      owner_id: user,
      sync_version: 13,
      row: { id: bad, created_at: 'infinity' },
    });

    // A readable version of that row later replaces the kept one.
    await store.applyPullPage('team_surveys', [{ ...base, id: bad, sync_version: 15 }]);
    expect(await db.quarantine.count()).toBe(0);
    expect(await db.team_surveys.get(bad)).toMatchObject({ sync_version: 15 });
  });

  it('stops at a row whose position cannot be read (never past it)', async () => {
    const { db } = newDevice();
    const store = createReplicaStore(db, user);
    const first = uuid();
    const row = (id: unknown, v: unknown) => ({
      id,
      company_id: user,
      name: 'S',
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
      sync_version: v,
    });
    const res = await store.applyPullPage('team_surveys', [
      row(first, 3),
      row(uuid(), 'x'),
      row(uuid(), 5),
    ]);
    expect(res).toMatchObject({ applied: 1, invalid: { index: 1 } });
    expect(await store.getCursor('team_surveys')).toEqual({ version: 3, id: first });
  });

  it('rows of another owner are never kept, and a quarantined row readable again is applied at the next start', async () => {
    const { db } = newDevice();
    const store = createReplicaStore(db, user);
    const stranger = uuid();
    const foreign = {
      id: uuid(),
      company_id: stranger,
      name: 'Autre',
      status: 'active',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
      sync_version: 4,
    };
    await store.applyPullPage('team_surveys', [foreign]);
    expect(await db.team_surveys.count()).toBe(0);
    expect((await db.quarantine.get(['team_surveys', foreign.id]))!.row).toBeNull();

    // An entry an older version of the app could not read, that this one reads.
    const kept = { ...foreign, id: uuid(), company_id: user, name: 'Relu', sync_version: 6 };
    await db.quarantine.put({
      table: 'team_surveys',
      id: kept.id,
      owner_id: user,
      row: kept,
      message: 'status: invalid option',
      sync_version: 6,
      created_at: '2026-01-02T00:00:00Z',
    });
    await store.rereadQuarantine();
    expect(await db.team_surveys.get(kept.id)).toMatchObject({ name: 'Relu' });
    expect(await db.quarantine.get(['team_surveys', kept.id])).toBeUndefined();
    // The foreign row stays aside (never applied).
    expect(await db.quarantine.get(['team_surveys', foreign.id])).toBeDefined();
  });
});

/** A training request as the server sends it, at version `v`. */
const serverRequest = (id: string, v: number) => ({
  id,
  company_id: user,
  topic: 'Excel',
  pedagogical_objectives: '',
  business_impact: 'medium',
  format: 'remote',
  duration: 7,
  cost: 100,
  funding_type: 'OPCO',
  coverage_rate: 100,
  remaining_cost: 0,
  status: 'to_organize',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  sync_version: v,
});

describe('replica: push results', () => {
  it('applied, conflict, deleted, rejected: outbox emptied, notices and dead letters kept, rows settled', async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    const [a, b, c] = [uuid(), uuid(), uuid()];
    await store.applyPullPage('training_requests', [
      serverRequest(a, 5),
      serverRequest(b, 6),
      serverRequest(c, 7),
    ]);
    await repos.updateTrainingRequest(user, a, { topic: 'A mine', cost: 200 });
    await repos.updateTrainingRequest(user, b, { topic: 'B mine' });
    await repos.setTrainingRequestStatus(user, c, 'completed');
    const newId = await repos.createTrainingRequest(user, {
      topic: 'New',
      format: 'remote',
      duration: 1,
      cost: 1,
    });
    const ms = await store.peekOutbox(10);
    expect(ms).toHaveLength(4);
    await store.applyPushResults([
      {
        id: ms[0]!.id,
        status: 'conflict',
        reason: 'field',
        server: { topic: 'A theirs' },
        version: 20,
      },
      {
        id: ms[1]!.id,
        status: 'conflict',
        reason: 'deleted',
        server: { deleted_at: '2026-02-01T00:00:00Z' },
        version: 21,
      },
      { id: ms[2]!.id, status: 'applied', version: 22 },
      { id: ms[3]!.id, status: 'rejected', code: 'check', message: 'violates check' },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.server_rows.count()).toBe(0);
    expect(await db.training_requests.get(a)).toMatchObject({ topic: 'A theirs', cost: 200 });
    expect(await db.training_requests.get(b)).toMatchObject({
      topic: 'Excel',
      deleted_at: '2026-02-01T00:00:00Z',
    });
    expect(await db.training_requests.get(c)).toMatchObject({ status: 'completed' });
    expect(await db.training_requests.get(newId)).toBeUndefined();
    const conflicts = (await repos.listConflicts(user)).sort((x, y) =>
      x.reason === 'field' ? -1 : y.reason === 'field' ? 1 : 0,
    );
    expect(conflicts.map((x) => [x.reason, x.mine, x.theirs])).toEqual([
      ['field', { topic: 'A mine' }, { topic: 'A theirs' }],
      ['deleted', { topic: 'B mine' }, { deleted_at: '2026-02-01T00:00:00Z' }],
    ]);
    const [dead] = await repos.listDeadLetters(user);
    expect(dead).toMatchObject({
      op: 'insert',
      code: 'check',
      table: 'training_requests',
      row_id: newId,
    });

    // Restore mine: a new update based on the conflict's server version.
    await repos.restoreMine(user, conflicts[0]!.id);
    await repos.restoreMine(user, conflicts[1]!.id);
    const restored = await store.peekOutbox(10);
    expect(restored.map((m) => [m.row_id, m.fields, m.base_version])).toEqual([
      [a, { topic: 'A mine' }, 20],
      [b, { topic: 'B mine', deleted_at: null }, 21],
    ]);
    expect(await db.training_requests.get(b)).toMatchObject({ topic: 'B mine', deleted_at: null });
    // Retry the refused insert after an edit: a new mutation, the row is back.
    await repos.retryDeadLetter(user, dead!.id, { cost: 5 });
    expect(await db.training_requests.get(newId)).toMatchObject({ topic: 'New', cost: 5 });
    expect(await repos.listDeadLetters(user)).toEqual([]);
    expect(await repos.listConflicts(user)).toEqual([]);
  });
});

describe('replica: one conflict notice per field (issue 29)', () => {
  it('a field changed twice offline loses once: one notice, with the value chosen last', async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    const id = uuid();
    await store.applyPullPage('training_requests', [serverRequest(id, 5)]);
    // A select moved with the arrow keys: one change per option passed; then another field.
    await repos.setTrainingRequestStatus(user, id, 'pending_funding');
    await repos.setTrainingRequestStatus(user, id, 'in_progress');
    await repos.updateTrainingRequest(user, id, { topic: 'Excel avancé', cost: 200 });
    const [first, second, third] = await store.peekOutbox(10);
    const lost = (m: { id: string }, server: Record<string, unknown>, version: number) => ({
      id: m.id,
      status: 'conflict' as const,
      reason: 'field' as const,
      server,
      version,
    });
    // The first loses in one push, the others in the next one.
    await store.applyPushResults([lost(first!, { status: 'completed' }, 8)]);
    expect((await repos.listConflicts(user)).map((n) => n.mine)).toEqual([
      { status: 'pending_funding' },
    ]);
    await store.applyPushResults([
      lost(second!, { status: 'completed' }, 8),
      lost(third!, { topic: 'Excel 2026' }, 9),
    ]);
    const notices = await repos.listConflicts(user);
    expect(
      notices
        .map((n) => [n.id, n.mine, n.theirs, n.superseded ?? []])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [second!.id, { status: 'in_progress' }, { status: 'completed' }, [first!.id]],
        [third!.id, { topic: 'Excel avancé' }, { topic: 'Excel 2026' }, []],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    // Restoring it sends the value chosen last.
    await repos.restoreMine(user, second!.id);
    expect((await store.peekOutbox(10)).map((m) => m.fields)).toEqual([{ status: 'in_progress' }]);
  });
});

describe('replica: push results found by outbox number', () => {
  const other = uuid();
  const input = (topic: string) => ({ topic, format: 'remote' as const, duration: 7, cost: 100 });
  const dump = async (db: ReturnType<typeof newDevice>['db']) => ({
    outbox: (await db.outbox.toArray()).map(({ seq: _seq, ...e }) => e),
    shadows: await db.server_rows.toArray(),
    rows: await db.training_requests.orderBy('id').toArray(),
    conflicts: await db.conflicts.orderBy('id').toArray(),
    dead: (await db.dead_letters.orderBy('id').toArray()).map(({ created_at: _c, ...d }) => d),
  });

  it('an entry of the batch left unanswered stays, with its shadow; the answered ones leave', async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await repos.createTrainingRequest(user, input(`T${i}`)));
    const sent = await store.peekOutbox(10);
    expect(sent).toHaveLength(3);
    // The middle one is not answered (the server stopped there, say): a hole in the batch.
    await store.applyPushResults(
      [
        { id: sent[0]!.id, status: 'applied', version: 1 },
        { id: sent[2]!.id, status: 'applied', version: 2 },
      ],
      sent,
    );
    expect((await store.peekOutbox(10)).map((m) => m.id)).toEqual([sent[1]!.id]);
    expect(await db.server_rows.toArray()).toEqual([
      { table: 'training_requests', id: ids[1], row: null },
    ]);
    expect(await db.training_requests.get(ids[1]!)).toMatchObject({ topic: 'T1', sync_version: 0 });
    expect(await db.training_requests.get(ids[0]!)).toMatchObject({ topic: 'T0' });
  });

  it('an answer is matched by mutation id, never by the outbox number it was sent with', async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    for (let i = 0; i < 3; i++) await repos.createTrainingRequest(user, input(`T${i}`));
    const [a, b, c] = await store.peekOutbox(10);
    // Numbers that do not match the ids (a store must not trust them): a's answer carries b's
    // number, and c's number comes with an id nobody answered.
    await store.applyPushResults(
      [{ id: a!.id, status: 'applied', version: 1 }],
      [
        { ...a!, seq: b!.seq },
        { ...b!, seq: c!.seq },
      ],
    );
    expect((await store.peekOutbox(10)).map((m) => m.id)).toEqual([b!.id, c!.id]);
  });

  it("another owner's entry among the batch's numbers stays", async () => {
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    await repos.createTrainingRequest(user, input('mine 1'));
    const theirs = await repos.createTrainingRequest(other, input('theirs'));
    await repos.createTrainingRequest(user, input('mine 2'));
    const sent = await store.peekOutbox(10);
    expect(sent).toHaveLength(2);
    await store.applyPushResults(
      sent.map((m, i) => ({ id: m.id, status: 'applied', version: i + 1 })),
      sent,
    );
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.owner_id, e.row_id])).toEqual([[other, theirs]]);
    expect(await db.server_rows.get(['training_requests', theirs])).toEqual({
      table: 'training_requests',
      id: theirs,
      row: null,
    });
  });

  it.each([0, 2, 9])(
    "a row's edits still pending are re-applied on its pushed insert (%i other entries in the outbox)",
    async (others) => {
      // With few entries left in the table they are read whole, with many one read per row.
      const { db, repos } = newDevice();
      const store = createReplicaStore(db, user);
      const id = await repos.createTrainingRequest(user, input('T'));
      await repos.updateTrainingRequest(user, id, { cost: 250 });
      for (let i = 0; i < others; i++) await repos.createTrainingRequest(user, input(`O${i}`));
      const [insert] = await store.peekOutbox(1);
      await store.applyPushResults([{ id: insert!.id, status: 'applied', version: 1 }], [insert!]);
      expect(await db.outbox.count()).toBe(1 + others);
      const shadow = await db.server_rows.get(['training_requests', id]);
      expect(shadow!.row).toEqual(insert!.fields);
      expect(await db.training_requests.get(id)).toMatchObject({ topic: 'T', cost: 250 });
      expect(await db.server_rows.count()).toBe(1 + others);
    },
  );

  it('an applied change leaves the row as the device shows it, not written again', async () => {
    // The row keeps what it showed (its local updated_at, sync_version 0) until the pull brings
    // the server's version; only the outbox entry and the shadow go.
    const { db, repos } = newDevice();
    const store = createReplicaStore(db, user);
    const id = await repos.createTrainingRequest(user, input('T'));
    const other = await repos.createTrainingRequest(user, input('U'));
    await repos.updateTrainingRequest(user, other, { cost: 250 });
    const shown = await db.training_requests.bulkGet([id, other]);
    const writes: string[] = [];
    db.training_requests.hook('creating', (key) => void writes.push(`create ${String(key)}`));
    db.training_requests.hook('updating', (_m, key) => void writes.push(`update ${String(key)}`));
    const sent = await store.peekOutbox(10);
    await store.applyPushResults(
      sent.map((m, i) => ({ id: m.id, status: 'applied', version: i + 1 })),
      sent,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.server_rows.count()).toBe(0);
    expect(await db.training_requests.bulkGet([id, other])).toEqual(shown);
    expect(shown[0]).toMatchObject({ sync_version: 0, updated_at: expect.any(String) });
    expect(writes).toEqual([]);
  });

  it('the same end state with or without the batch; answers applied twice change nothing more', async () => {
    // Two identical devices (same ids, same clock), the same answers: one store is given the batch
    // (entries read by number), the other not (by mutation id).
    const rowIds = Array.from({ length: 4 }, () => uuid());
    const mutationIds = Array.from({ length: 12 }, () => uuid());
    const now = () => new Date('2026-03-01T10:00:00Z');
    const build = async () => {
      const device = newDevice();
      let next = 0;
      const opts = { now, newId: () => mutationIds[next++]! };
      const changes = rowIds.map((rowId, i) => ({
        table: 'training_requests' as const,
        op: 'insert' as const,
        rowId,
        fields: { ...input(`T${i}`), company_id: user },
      }));
      await applyLocalChanges(device.db, user, changes, opts);
      // Pending edits on rows 0 and 1 after their inserts (they stay in the outbox).
      await applyLocalChanges(
        device.db,
        user,
        [
          { table: 'training_requests', op: 'update', rowId: rowIds[0]!, fields: { cost: 5 } },
          { table: 'training_requests', op: 'update', rowId: rowIds[1]!, fields: { topic: 'B' } },
        ],
        opts,
      );
      return { ...device, store: createReplicaStore(device.db, user, { now }) };
    };
    const [withBatch, withoutBatch] = [await build(), await build()];
    const sent = await withBatch.store.peekOutbox(4);
    expect(sent.map((m) => m.op)).toEqual(['insert', 'insert', 'insert', 'insert']);
    const results = [
      { id: sent[0]!.id, status: 'applied' as const, version: 1 },
      {
        id: sent[1]!.id,
        status: 'conflict' as const,
        reason: 'field' as const,
        server: { topic: 'theirs' },
        version: 2,
      },
      { id: sent[2]!.id, status: 'rejected' as const, code: 'check', message: 'no' },
      // sent[3] unanswered.
    ];
    await withBatch.store.applyPushResults(results, sent);
    await withoutBatch.store.applyPushResults(results);
    const state = await dump(withBatch.db);
    expect(state).toEqual(await dump(withoutBatch.db));
    expect(state.outbox.map((e) => e.id)).toEqual([sent[3]!.id, mutationIds[4], mutationIds[5]]);
    // A retry after a crash between the answer and its write: nothing is found twice.
    await withBatch.store.applyPushResults(results, sent);
    expect(await dump(withBatch.db)).toEqual(state);
  });
});
