// The late-commit trap: transaction A takes its number (writes) before transaction B, but commits
// after B was pulled. A cursor on timestamps or sequence numbers that already moved past B skips A
// for ever. sync_pull orders by the writing transaction id and returns only rows of transactions
// finished before the reader's snapshot xmin, so A is never skipped.
//
// This needs two open transactions at once: a standalone PGlite (real Postgres) with the project's
// migrations and prepared transactions (A is prepared, i.e. left open, while B commits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { testToken } from '../../sync/testing/fake-server';
import { START_CURSOR, type Mutation } from '../../sync';
import { newDevice, newEngine, until, uuid } from '../db/helpers';
import { asUserSql, createSqlUser, sqlRemote, startSqlDatabase } from './sql-database';

let pg: PGlite;
beforeAll(async () => {
  pg = await startSqlDatabase();
});
afterAll(async () => {
  await pg.close();
});

function insertSurvey(userId: string, name: string): Mutation {
  return {
    id: uuid(),
    table: 'team_surveys',
    op: 'insert',
    row_id: uuid(),
    base_version: 0,
    fields: { company_id: userId, name, status: 'active', deleted_at: null },
  };
}

describe('the late commit', () => {
  it('transaction A numbered before B, committed after B was pulled, is not skipped', async () => {
    const user = uuid();
    await createSqlUser(pg, user, `late-${user.slice(0, 8)}@example.test`);
    const token = testToken(user);
    const remote = sqlRemote(pg);

    // A (device X): writes first, then stays open (prepared), as a slow transaction would.
    const a = insertSurvey(user, 'A: écrit en premier, validé en dernier');
    await pg.exec(`begin;
      ${asUserSql(user)}
      select sync_push('device-x', '${JSON.stringify([a]).replace(/'/g, "''")}'::jsonb);
      prepare transaction 'late_a';`);
    // B (device Y): numbered after A, committed at once.
    const b = insertSurvey(user, 'B: écrit après, validé avant');
    expect((await remote.push({ accessToken: token, deviceId: 'device-y' }, [b]))[0]).toMatchObject(
      { status: 'applied' },
    );

    // The trap is real here: a cursor on the highest version seen skips A.
    const seen = await pg.query<{ id: string; sync_version: number }>(
      'select id, sync_version from team_surveys where company_id = $1 order by sync_version',
      [user],
    );
    expect(seen.rows.map((r) => r.id)).toEqual([b.row_id]);
    const naiveCursor = seen.rows[0]!.sync_version;

    // Device Z pulls while A is open: neither A nor B (B is above the snapshot's xmin).
    const z = newDevice();
    const { engine } = newEngine(z, user, remote, { token: () => token });
    engine.start();
    await until(() => engine.isLeader, 'leader');
    await engine.syncNow();
    expect(engine.status).toMatchObject({ phase: 'idle', error: null });
    expect(await z.db.team_surveys.count()).toBe(0);
    expect(
      (await z.db.sync_state.get(`${user}:cursor:team_surveys`))?.value ?? START_CURSOR,
    ).toEqual(START_CURSOR);
    expect(await z.repos.getProfile(user)).toBeTruthy();

    await pg.exec(`commit prepared 'late_a'`);
    const after = await pg.query(
      'select id from team_surveys where company_id = $1 and sync_version > $2',
      [user, naiveCursor],
    );
    expect(after.rows).toEqual([]); // the naive cursor would never see A

    await engine.syncNow();
    const rows = await z.db.team_surveys.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([a.row_id, b.row_id].sort());
    // A carries the smaller version (it was numbered first).
    const byId = new Map(rows.map((r) => [r.id, r.sync_version]));
    expect(byId.get(a.row_id)!).toBeLessThan(byId.get(b.row_id)!);
    await engine.stop();
    z.db.close();
  });

  it('sync_pull (one table) follows the same rule', async () => {
    const user = uuid();
    await createSqlUser(pg, user, `late2-${user.slice(0, 8)}@example.test`);
    const pull = async (after: { version: number; id: string }) =>
      (
        await pg.transaction(async (tx) => {
          await tx.exec(asUserSql(user));
          return tx.query<{ r: { rows: Array<{ id: string; sync_version: number }> } }>(
            'select sync_pull($1, $2, $3, $4) as r',
            ['team_surveys', after.version, after.id, 1000],
          );
        })
      ).rows[0]!.r.rows;
    const a = insertSurvey(user, 'A');
    const b = insertSurvey(user, 'B');
    await pg.exec(
      `begin; ${asUserSql(user)} select sync_push('x', '${JSON.stringify([a])}'::jsonb); prepare transaction 'late_a2';`,
    );
    await pg.transaction(async (tx) => {
      await tx.exec(asUserSql(user));
      await tx.query(`select sync_push('y', $1::jsonb)`, [JSON.stringify([b])]);
    });
    expect(await pull(START_CURSOR)).toEqual([]);
    await pg.exec(`commit prepared 'late_a2'`);
    const rows = await pull(START_CURSOR);
    expect(rows.map((r) => r.id)).toEqual([a.row_id, b.row_id]);
  });
});
