// Fault suite: devices (Dexie on fake-indexeddb) against the REAL embedded backend (real Postgres,
// real RLS, supabase-js); only the network is faulted. Every scenario asserts zero lost and zero
// duplicated rows. (The late commit is in late-commit.test.ts: it needs two open transactions.)
import { describe, expect, it } from 'vitest';
import { applyLocalChanges, type LocalChange } from '@/db';
import { describeConflict, describeDeadLetter } from '@/lib/sync/notices';
import { checkUserToken, createSupabaseRemote, type Mutation } from '../../sync';
import { newDevice, openTab, siret, until, uuid, type Device } from '../db/helpers';
import { serviceClient } from '../../server/testing/backend';
import {
  backend,
  devicesOfEachTest,
  newUser,
  project,
  serverRows,
  settle,
  signJwt,
  supabaseFor,
  TR_COLS,
  type SyncedDevice,
  type TestUser,
} from './helpers';

const dev = devicesOfEachTest();

/** Starts the engine and waits for its first cycle (leadership is taken asynchronously). */
async function startCycle(d: SyncedDevice): Promise<void> {
  d.engine.start();
  await until(() => d.engine.isLeader, 'leadership');
  await d.engine.idle();
}

function trainingInput(topic: string) {
  return { topic, format: 'remote' as const, duration: 7, cost: 100 };
}

/** Many local inserts in one transaction (fast set-up of large batches). */
async function bulkCreate(d: Device, userId: string, n: number, prefix = 'T'): Promise<string[]> {
  const ids = Array.from({ length: n }, () => uuid());
  const changes: LocalChange[] = ids.map((id, i) => ({
    table: 'training_requests',
    op: 'insert',
    rowId: id,
    fields: {
      topic: `${prefix}${i}`,
      format: 'remote',
      duration: 7,
      cost: i,
      status: 'to_organize',
      pedagogical_objectives: '',
      business_impact: 'medium',
      funding_type: 'OPCO',
      coverage_rate: 100,
      remaining_cost: 0,
    },
  }));
  for (let i = 0; i < changes.length; i += 500)
    await applyLocalChanges(d.db, userId, changes.slice(i, i + 500));
  return ids;
}

/**
 * Zero lost: every id created locally is on the server (unless expected refused); zero duplicated:
 * the server holds each id once and exactly the expected number of rows; every device shows the
 * server's state; nothing pending.
 */
async function assertNoLossNoDup(
  user: TestUser,
  devices: SyncedDevice[],
  created: string[],
  opts: { refused?: string[] } = {},
) {
  const rows = await serverRows('training_requests', 'company_id', user.id);
  const ids = rows.map((r) => String(r.id));
  expect(new Set(ids).size).toBe(ids.length);
  const expected = created.filter((id) => !(opts.refused ?? []).includes(id));
  expect(ids.sort()).toEqual([...new Set(expected)].sort());
  for (const d of devices) {
    expect(await d.db.outbox.count()).toBe(0);
    expect(project(await d.db.training_requests.toArray(), TR_COLS)).toEqual(
      project(rows, TR_COLS),
    );
  }
  return rows;
}

async function appliedCount(user: TestUser): Promise<number> {
  const { data, error } = await serviceClient(backend).rpc('sync_applied_records', {
    p_user_id: user.id,
  });
  if (error) throw new Error(error.message);
  return (data as unknown[]).length;
}

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('fault suite (real backend, faulted network)', () => {
  it('a week offline with 500 edits', async () => {
    const user = await newUser();
    const a = dev(user, { online: false });
    a.engine.start();
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push(await a.repos.createTrainingRequest(user.id, trainingInput(`F${i}`)));
    for (let i = 0; i < 400; i++) {
      const id = ids[(i * 7) % ids.length]!;
      if (i % 3 === 0) await a.repos.updateTrainingRequest(user.id, id, { cost: 1000 + i });
      else if (i % 3 === 1) await a.repos.updateTrainingRequest(user.id, id, { topic: `F-${i}` });
      else
        await a.repos.updateTrainingRequest(user.id, id, {
          pedagogical_objectives: `Objectif ${i}`,
        });
    }
    await a.engine.idle();
    expect(a.requests()).toBe(0);
    expect(a.engine.status.phase).toBe('offline');
    expect(await a.db.outbox.count()).toBe(500);

    a.env.goOnline();
    await settle(a);
    expect(a.engine.stats.pushRequests).toBeLessThanOrEqual(3);
    const b = dev(user);
    await settle(b);
    await assertNoLossNoDup(user, [a, b], ids);
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);
    expect(await a.repos.listConflicts(user.id)).toEqual([]);
  });

  it('flapping network', async () => {
    const user = await newUser();
    const a = dev(user);
    const rnd = lcg(42);
    a.faults.random = {
      rate: 0.5,
      faults: [
        { kind: 'offline' },
        { kind: 'timeout' },
        { kind: 'timeout_after_commit' },
        { kind: 'status', status: 502 },
      ],
      rnd,
    };
    a.engine.start();
    const ids: string[] = [];
    for (let round = 0; round < 12; round++) {
      if (round % 3 === 1) a.env.goOffline();
      if (round % 3 === 2) a.env.goOnline();
      for (let i = 0; i < 5; i++)
        ids.push(await a.repos.createTrainingRequest(user.id, trainingInput(`R${round}-${i}`)));
      await a.repos.updateTrainingRequest(user.id, ids[Math.floor(rnd() * ids.length)]!, {
        cost: round,
      });
      await a.engine.syncNow();
    }
    a.env.goOnline();
    expect(a.faults.log.some((l) => l.fault !== 'ok')).toBe(true);
    a.faults.clear();
    await settle(a);
    const b = dev(user);
    await settle(b);
    await assertNoLossNoDup(user, [a, b], ids);
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);
  });

  it('500 on every third request', async () => {
    const user = await newUser();
    const a = dev(user, { options: { pushBatchSize: 20 } });
    a.faults.everyNth = { n: 3, fault: { kind: 'status', status: 500 } };
    a.engine.start();
    const ids = await bulkCreate(a, user.id, 150);
    for (let i = 0; i < 50; i++)
      await a.repos.updateTrainingRequest(user.id, ids[i]!, { topic: `U${i}` });
    await settle(a);
    expect(a.faults.log.filter((l) => l.status === 500).length).toBeGreaterThanOrEqual(3);
    const b = dev(user);
    await settle(b);
    await assertNoLossNoDup(user, [a, b], ids);
    expect(await appliedCount(user)).toBe(200);
  });

  it('timeout after the server committed, then retry', async () => {
    const user = await newUser();
    const a = dev(user);
    const ids = await bulkCreate(a, user.id, 50);
    a.faults.next({ kind: 'timeout_after_commit' });
    await settle(a);
    expect(a.faults.log[0]).toMatchObject({ target: 'push', fault: 'timeout_after_commit' });
    // The retry met the recorded answers (duplicate): no row twice, no refusal, each id once.
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);
    expect(await appliedCount(user)).toBe(50);
    await assertNoLossNoDup(user, [a], ids);
  });

  it('the same batch delivered twice', async () => {
    const user = await newUser();
    // By the network (a retrying proxy) through the engine...
    const a = dev(user);
    const ids = await bulkCreate(a, user.id, 10);
    a.faults.next({ kind: 'duplicate' });
    await settle(a);
    expect(a.faults.log[0]).toMatchObject({ target: 'push', fault: 'duplicate' });
    await assertNoLossNoDup(user, [a], ids);
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);
    // ...and by hand: the second delivery answers 'duplicate' with the first results.
    const remote = createSupabaseRemote({ createClient: (f) => supabaseFor(f) });
    const id = uuid();
    const batch: Mutation[] = [
      {
        id: uuid(),
        table: 'team_surveys',
        op: 'insert',
        row_id: id,
        base_version: 0,
        fields: { company_id: user.id, name: 'S', status: 'active' },
      },
      {
        id: uuid(),
        table: 'team_surveys',
        op: 'update',
        row_id: id,
        base_version: 0,
        fields: { name: 'S2' },
      },
    ];
    const ctx = { accessToken: user.token, deviceId: 'dev-x' };
    const first = await remote.push(ctx, batch);
    const second = await remote.push(ctx, batch);
    expect(first.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(second).toEqual(first.map((r) => ({ id: r.id, status: 'duplicate', first: r })));
    expect(await serverRows('team_surveys', 'company_id', user.id)).toHaveLength(1);
  });

  it('tab closed mid-push: restart from the persisted outbox', async () => {
    const user = await newUser();
    const device = newDevice();
    const first = dev(user, { device });
    const ids = await bulkCreate(first, user.id, 30);
    // The push reaches the server and commits; the tab closes before the answer.
    first.faults.next({ kind: 'timeout_after_commit' });
    first.engine.start();
    await until(() => first.faults.log.length > 0, 'push sent');
    await first.engine.stop();
    first.db.close();
    const reopened = openTab(device);
    expect(await reopened.db.outbox.count()).toBe(30);
    const second = dev(user, { device: reopened });
    await settle(second);
    await assertNoLossNoDup(user, [second], ids);
    expect(await second.repos.listDeadLetters(user.id)).toEqual([]);
    expect(await appliedCount(user)).toBe(30);
  });

  it('two devices editing different fields of one row', async () => {
    const user = await newUser();
    const a = dev(user);
    const b = dev(user);
    const id = await a.repos.createTrainingRequest(user.id, trainingInput('Base'));
    await settle(a);
    await settle(b);
    await a.repos.updateTrainingRequest(user.id, id, { topic: 'Sujet A' });
    await b.repos.updateTrainingRequest(user.id, id, { cost: 4200 });
    await settle(a);
    await settle(b);
    await settle(a);
    const rows = await assertNoLossNoDup(user, [a, b], [id]);
    expect(rows[0]).toMatchObject({ topic: 'Sujet A', cost: 4200 });
    expect(await a.repos.listConflicts(user.id)).toEqual([]);
    expect(await b.repos.listConflicts(user.id)).toEqual([]);
  });

  it('the same field on two devices: server order wins, the losing value is kept and shown', async () => {
    const user = await newUser();
    const a = dev(user);
    const b = dev(user);
    const id = await a.repos.createTrainingRequest(user.id, trainingInput('Base'));
    await settle(a);
    await settle(b);
    await a.repos.updateTrainingRequest(user.id, id, { topic: 'Version A', cost: 1 });
    await b.repos.updateTrainingRequest(user.id, id, { topic: 'Version B', duration: 21 });
    await settle(a); // first in server order
    await settle(b);
    await settle(a);
    let rows = await assertNoLossNoDup(user, [a, b], [id]);
    expect(rows[0]).toMatchObject({ topic: 'Version A', cost: 1, duration: 21 });
    const [notice] = await b.repos.listConflicts(user.id);
    expect(notice).toMatchObject({
      reason: 'field',
      mine: { topic: 'Version B' },
      theirs: { topic: 'Version A' },
    });
    const view = describeConflict(notice!);
    expect(view.text).toContain('modifié sur un autre appareil');
    expect(view.actions.map((x) => x.label)).toEqual([
      'Garder cette version',
      'Rétablir ma version',
    ]);
    // Restore mine: B's value wins now, everywhere.
    await b.repos.restoreMine(user.id, notice!.id);
    await settle(b);
    await settle(a);
    rows = await assertNoLossNoDup(user, [a, b], [id]);
    expect(rows[0]).toMatchObject({ topic: 'Version B' });
    expect(await b.repos.listConflicts(user.id)).toEqual([]);
  });

  it('delete versus edit: the delete wins, the edit is kept and can be restored', async () => {
    const user = await newUser();
    const a = dev(user);
    const b = dev(user);
    const [x, y] = [
      await a.repos.createTrainingRequest(user.id, trainingInput('X')),
      await a.repos.createTrainingRequest(user.id, trainingInput('Y')),
    ];
    await settle(a);
    await settle(b);
    // x: deleted on A first, edited on B after (edit of a deleted row).
    await a.repos.deleteTrainingRequest(user.id, x);
    await b.repos.updateTrainingRequest(user.id, x, { topic: 'X edited' });
    // y: edited on B first, deleted on A after (delete over an edit).
    await b.repos.updateTrainingRequest(user.id, y, { cost: 999 });
    await settle(a); // deletes x (y's delete goes next round)
    await settle(b); // x edit -> conflict 'deleted'; y edit applied
    await a.repos.deleteTrainingRequest(user.id, y);
    await settle(a); // y delete -> applied, conflict 'delete_over_edit'
    await settle(b);
    let rows = await assertNoLossNoDup(user, [a, b], [x, y]);
    expect(rows.every((r) => r.deleted_at)).toBe(true);
    const [onB] = await b.repos.listConflicts(user.id);
    expect(onB).toMatchObject({ row_id: x, reason: 'deleted', mine: { topic: 'X edited' } });
    expect(describeConflict(onB!).text).toContain('qui avait été supprimée sur un autre appareil');
    const [onA] = await a.repos.listConflicts(user.id);
    expect(onA).toMatchObject({ row_id: y, reason: 'delete_over_edit', theirs: { cost: 999 } });
    expect(rows.find((r) => r.id === y)).toMatchObject({ cost: 999 });
    // Restore on both: x comes back with B's edit, y comes back with its edited cost.
    await b.repos.restoreMine(user.id, onB!.id);
    await a.repos.restoreMine(user.id, onA!.id);
    await settle(b);
    await settle(a);
    await settle(b);
    rows = await assertNoLossNoDup(user, [a, b], [x, y]);
    expect(rows.find((r) => r.id === x)).toMatchObject({ topic: 'X edited', deleted_at: null });
    expect(rows.find((r) => r.id === y)).toMatchObject({ cost: 999, deleted_at: null });
  });

  it('an expired access token while offline', async () => {
    const user = await newUser();
    const expired = signJwt({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    let current = expired;
    let refreshes = 0;
    const a = dev(user, {
      online: false,
      token: () => current,
      refresh: async () => {
        refreshes++;
        if (!a.env.isOnline()) throw new Error('offline');
        const { data } = await user.client.auth.refreshSession();
        current = data.session!.access_token;
        return current;
      },
    });
    await startCycle(a);
    const ids = [await a.repos.createTrainingRequest(user.id, trainingInput('Hors ligne'))];
    await a.engine.syncNow();
    expect(a.engine.status.phase).toBe('offline');
    expect(a.requests()).toBe(0);
    expect(await a.db.outbox.count()).toBe(1);
    a.env.goOnline();
    await settle(a);
    expect(refreshes).toBe(1);
    // Never sent: the expired token, the anon key, anything but a live user session.
    expect(a.bearers.length).toBeGreaterThan(0);
    for (const t of a.bearers) expect(t).not.toBe(expired);
    for (const t of a.bearers) expect(checkUserToken(t, Date.now() - 60_000).ok).toBe(true);
    await assertNoLossNoDup(user, [a], ids);

    // A token the server refuses (401): refresh and retry; when the refresh fails, the outbox stays.
    const foreign = signJwt(
      {
        sub: user.id,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      'not-the-secret-but-long-enough-for-hs256!!',
    );
    current = foreign;
    ids.push(await a.repos.createTrainingRequest(user.id, trainingInput('Refusé puis accepté')));
    await settle(a);
    expect(refreshes).toBe(2);
    await assertNoLossNoDup(user, [a], ids);
    let asked = 0;
    const c = dev(user, {
      token: () => foreign,
      refresh: async () => null,
      onUnauthorized: () => asked++,
    });
    await c.repos.createTrainingRequest(user.id, trainingInput('Gardé'));
    await startCycle(c);
    expect(c.engine.status.phase).toBe('auth_required');
    expect(asked).toBeGreaterThan(0);
    expect(await c.db.outbox.count()).toBe(1);
  });

  it('a mutation refused by RLS in the middle of a batch, and a business rule (company limit)', async () => {
    const user = await newUser();
    const other = await newUser();
    const a = dev(user);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await a.repos.createTrainingRequest(user.id, trainingInput(`ok${i}`)));
    // A corrupted change claiming another company (owner) sits in the middle of the queue.
    const bogus = uuid();
    await a.db.transaction('rw', a.db.outbox, a.db.server_rows, async () => {
      await a.db.server_rows.put({ table: 'training_requests', id: bogus, row: null });
      await a.db.outbox.add({
        id: uuid(),
        owner_id: user.id,
        table: 'training_requests',
        op: 'insert',
        row_id: bogus,
        fields: {
          id: bogus,
          company_id: other.id,
          topic: 'intrus',
          format: 'remote',
          duration: 1,
          cost: 1,
        },
        base_version: 0,
        created_at: new Date().toISOString(),
      });
    });
    for (let i = 5; i < 10; i++)
      ids.push(await a.repos.createTrainingRequest(user.id, trainingInput(`ok${i}`)));
    await settle(a);
    await assertNoLossNoDup(user, [a], ids);
    const dead = await a.repos.listDeadLetters(user.id);
    expect(dead.map((d) => [d.row_id, d.code])).toEqual([[bogus, 'rls']]);
    expect(await serverRows('training_requests', 'company_id', other.id)).toEqual([]);
    await a.repos.discardDeadLetter(user.id, dead[0]!.id);

    // Two offline devices add 2 companies each: the server refuses the 4th (company_limit).
    const b = dev(user);
    for (let i = 1; i <= 2; i++) {
      await a.repos.saveSimulation(user.id, {
        company_name: `A${i}`,
        company_siret: siret(i),
        employee_range_min: 1,
        employee_range_max: 9,
      });
      await b.repos.saveSimulation(user.id, {
        company_name: `B${i}`,
        company_siret: siret(10 + i),
        employee_range_min: 1,
        employee_range_max: 9,
      });
    }
    await settle(a);
    await settle(b);
    const [limit] = await b.repos.listDeadLetters(user.id);
    expect(limit).toMatchObject({ table: 'simulations', code: 'company_limit' });
    expect(describeDeadLetter(limit!).text).toContain(
      'Vous ne pouvez pas ajouter plus de 3 entreprises',
    );
    const sims = await serverRows('simulations', 'profile_id', user.id);
    expect(sims.filter((s) => !s.deleted_at)).toHaveLength(3);
    // Retry after an edit: delete a company, then retry the refused one.
    await b.repos.deleteCompany(user.id, siret(1));
    await b.repos.retryDeadLetter(user.id, limit!.id);
    await settle(b);
    await settle(a);
    const live = (await serverRows('simulations', 'profile_id', user.id)).filter(
      (s) => !s.deleted_at,
    );
    expect(live.map((s) => s.company_siret).sort()).toEqual(
      [siret(2), siret(11), siret(12)].sort(),
    );
    expect((await b.repos.listCompanies(user.id)).map((c) => c.siret).sort()).toEqual(
      live.map((s) => s.company_siret).sort(),
    );
    expect(await b.repos.listDeadLetters(user.id)).toEqual([]);
  });

  it('quota exceeded during a write', async () => {
    const user = await newUser();
    const device = newDevice();
    let full = false;
    device.db.use({
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
              // A full disk still takes deletes (of keys or of a key range).
              if (full && req.type !== 'delete' && req.type !== 'deleteRange')
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
              return t.mutate(req);
            },
          };
        },
      }),
    });
    const a = dev(user, { device });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await a.repos.createTrainingRequest(user.id, trainingInput(`Q${i}`)));
    full = true;
    await expect(
      a.repos.createTrainingRequest(user.id, trainingInput('perdu ?')),
    ).rejects.toMatchObject({ code: 'quota' });
    await expect(
      a.repos.updateTrainingRequest(user.id, ids[0]!, { topic: 'pas écrit' }),
    ).rejects.toMatchObject({ code: 'quota' });
    // Nothing half-written: the rows and the outbox are as before the failed writes.
    expect(await a.db.training_requests.count()).toBe(5);
    expect((await a.db.training_requests.get(ids[0]!))!.topic).toBe('Q0');
    expect(await a.db.outbox.count()).toBe(5);
    // Sync still works (answers only delete from the outbox), then space comes back.
    await settle(a);
    full = false;
    await a.repos.updateTrainingRequest(user.id, ids[0]!, { topic: 'écrit' });
    await settle(a);
    const rows = await assertNoLossNoDup(user, [a], ids);
    expect(rows.find((r) => r.id === ids[0])).toMatchObject({ topic: 'écrit' });
  });

  it('a pull interrupted between pages', async () => {
    const user = await newUser();
    // 2,100 rows written on the server (another device, long ago), in bulk.
    const ids = Array.from({ length: 2100 }, () => uuid());
    const admin = serviceClient(backend);
    for (let i = 0; i < ids.length; i += 700) {
      const chunk = ids.slice(i, i + 700).map((id, k) => ({
        id,
        company_id: user.id,
        topic: `P${i + k}`,
        format: 'remote',
        duration: 7,
        cost: i + k,
      }));
      const { error } = await admin.from('training_requests').insert(chunk);
      if (error) throw new Error(error.message);
    }
    // B asks for 1,500 rows a page: the server caps pages at 1,000, and a short page is not the end.
    const b = dev(user, { options: { pullPageSize: 1500, tables: ['training_requests'] } });
    b.faults.targets = ['pull'];
    // The connection drops on the second page.
    b.faults.everyNth = { n: 2, fault: { kind: 'offline' } };
    await startCycle(b);
    expect(b.engine.status.phase).toBe('offline');
    // The first page is applied and its checkpoint kept; nothing past it.
    expect(await b.db.training_requests.count()).toBe(1000);
    const cursor = (await b.db.sync_state.get(`${user.id}:cursor:training_requests`))!.value as {
      version: number;
      id: string;
    };
    const rowsSoFar = await b.db.training_requests.toArray();
    const last = rowsSoFar
      .sort((p, q) => p.sync_version - q.sync_version || p.id.localeCompare(q.id))
      .at(-1)!;
    expect(cursor).toEqual({ version: last.sync_version, id: last.id });
    b.faults.clear();
    await settle(b);
    expect(await b.db.training_requests.count()).toBe(2100);
    await assertNoLossNoDup(user, [b], ids);
  });

  it('413 from the server splits the batch; 408 and 429 wait (Retry-After) and retry', async () => {
    const user = await newUser();
    const a = dev(user);
    // 200 changes of ~10 KB (5,000 two-byte characters): the request is over the server's 1 MB body limit.
    const ids = await bulkCreate(a, user.id, 200);
    for (const id of ids)
      await a.repos.updateTrainingRequest(user.id, id, {
        pedagogical_objectives: 'é'.repeat(5000),
      });
    await settle(a);
    expect(a.statuses).toContain(413);
    expect(await a.repos.listDeadLetters(user.id)).toEqual([]);
    const rows = await assertNoLossNoDup(user, [a], ids);
    expect(rows.every((r) => String(r.pedagogical_objectives).length === 5000)).toBe(true);

    const b = dev(user);
    ids.push(await b.repos.createTrainingRequest(user.id, trainingInput('après 408 et 429')));
    b.faults.next(
      { kind: 'status', status: 408 },
      { kind: 'status', status: 429, retryAfter: '1' },
    );
    await startCycle(b);
    expect(b.engine.status).toMatchObject({ phase: 'error', error: 'rate_limited' });
    // 408: retried on the backoff timer; it meets the 429, which asks to wait a second.
    await until(() => b.faults.log.length === 2 && b.engine.status.phase === 'error', 'the 429');
    expect(b.faults.log.map((l) => l.status)).toEqual([408, 429]);
    expect(b.engine.status.error).toBe('rate_limited');
    expect(b.engine.status.nextRetryAt! - Date.now()).toBeGreaterThan(500);
    // The engine retries on its own once Retry-After has passed.
    await until(async () => (await b.db.outbox.count()) === 0, 'retried after Retry-After');
    await settle(b);
    await assertNoLossNoDup(user, [b], ids);
  });

  it.each([1, 999, 1000, 1001])('batches of %i rows', async (n) => {
    const user = await newUser();
    const a = dev(user);
    const ids = await bulkCreate(a, user.id, n);
    await settle(a);
    expect(a.engine.stats.pushRequests).toBe(Math.ceil(n / 200));
    const b = dev(user, { options: { tables: ['training_requests'] } });
    await startCycle(b);
    // Pages of 1,000; the last one says no more rows follow (keyset, no count): no empty page.
    expect(b.engine.stats.pullRequests).toBe(Math.max(1, Math.ceil(n / 1000)));
    expect(await b.db.training_requests.count()).toBe(n);
    await assertNoLossNoDup(user, [a, b], ids);
  });
});
