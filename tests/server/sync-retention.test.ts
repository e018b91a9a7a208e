// Issue 17 item 4: the applied-mutation records are pruned after 60 days, and exactly-once still
// holds: a device offline for 30 days (or 59) that re-sends an unanswered batch gets the first
// answers; a device that re-sends after the records were pruned gets `expired` (the change is kept
// on the device as a refused change), never a second application. On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './helpers';
import { openSqlAccess, pushAs, type SqlAccess } from './sql-access';

let db: SqlAccess;
beforeAll(async () => {
  db = await openSqlAccess(backend);
});
afterAll(async () => {
  await db?.close();
});

type Answer = { id: string; status: string; code?: string; first?: { status: string } };

function insert(user: string, seq: number | null, topic: string) {
  return {
    id: crypto.randomUUID(),
    ...(seq === null ? {} : { seq }),
    table: 'training_requests',
    op: 'insert',
    row_id: crypto.randomUUID(),
    base_version: 0,
    fields: {
      company_id: user,
      topic,
      format: 'remote',
      duration: 7,
      cost: 100,
      created_at: new Date().toISOString(),
    },
  };
}

const push = (user: string, device: string, mutations: unknown[]) =>
  pushAs<Answer>(db, user, device, mutations);

async function age(user: string, ids: string[], days: number) {
  await db.admin(
    `update sync.applied_mutations set created_at = now() - make_interval(days => $3::int)
      where user_id = $1::uuid and mutation_id = any ($2::uuid[])`,
    [user, ids, days],
  );
}

const prune = async () =>
  Number((await db.admin<{ n: number | string }>('select sync.prune_applied() as n'))[0]!.n);

async function rows(user: string, topicPrefix: string) {
  const r = await db.admin<{ n: number | string }>(
    'select count(*) as n from public.training_requests where company_id = $1::uuid and topic like $2',
    [user, `${topicPrefix}%`],
  );
  return Number(r[0]!.n);
}

describe('retention of the applied-mutation records', () => {
  it('within 60 days a re-sent batch gets its first answers (a device offline 30 or 59 days)', async () => {
    const user = await db.newUser();
    const batch = [1, 2, 3].map((seq) => insert(user, seq, `offline-30-${seq}`));
    expect((await push(user, 'phone', batch)).map((a) => a.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    for (const days of [30, 59]) {
      await age(
        user,
        batch.map((m) => m.id),
        days,
      );
      await prune();
      const again = await push(user, 'phone', batch);
      expect(again.map((a) => a.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      expect(again[0]!.first).toMatchObject({ status: 'applied' });
    }
    expect(await rows(user, 'offline-30-')).toBe(3);
  });

  it('after 60 days the records are pruned, and re-sending is answered expired, never applied twice', async () => {
    const user = await db.newUser();
    const batch = [1, 2].map((seq) => insert(user, seq, `offline-61-${seq}`));
    expect((await push(user, 'tablet', batch)).every((a) => a.status === 'applied')).toBe(true);
    await age(
      user,
      batch.map((m) => m.id),
      61,
    );
    expect(await prune()).toBeGreaterThanOrEqual(2);
    const records = await db.admin(
      'select 1 from sync.applied_mutations where user_id = $1::uuid',
      [user],
    );
    expect(records).toHaveLength(0);

    // The same mutations again, e.g. a device that lost the answer and stayed offline 61 days.
    const again = await push(user, 'tablet', batch);
    expect(again).toEqual([
      { id: batch[0]!.id, status: 'rejected', code: 'expired' },
      { id: batch[1]!.id, status: 'rejected', code: 'expired' },
    ]);
    expect(await rows(user, 'offline-61-')).toBe(2);

    // The device's new changes (higher numbers) apply as usual, even after such a long absence.
    const fresh = insert(user, 3, 'offline-61-new');
    expect((await push(user, 'tablet', [fresh]))[0]).toMatchObject({ status: 'applied' });
    // Another device of the same user has its own numbering.
    const other = insert(user, 1, 'offline-61-other-device');
    expect((await push(user, 'laptop', [other]))[0]).toMatchObject({ status: 'applied' });
  });

  it('a batch mixing expired and new mutations: only the new ones apply', async () => {
    const user = await db.newUser();
    const old = insert(user, 5, 'mixed-old');
    await push(user, 'phone', [old]);
    await age(user, [old.id], 90);
    await prune();
    const fresh = insert(user, 6, 'mixed-new');
    const answers = await push(user, 'phone', [old, fresh]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'applied']);
    expect(await rows(user, 'mixed-')).toBe(2);
  });

  it('prune_applied deletes only records past the retention, and only the service side may run it', async () => {
    const user = await db.newUser();
    const keep = insert(user, 1, 'keep');
    const gone = insert(user, 2, 'gone');
    await push(user, 'phone', [keep, gone]);
    await age(user, [keep.id], 59);
    await age(user, [gone.id], 61);
    await prune();
    const left = await db.admin<{ mutation_id: string }>(
      'select mutation_id::text from sync.applied_mutations where user_id = $1::uuid',
      [user],
    );
    expect(left.map((r) => r.mutation_id)).toEqual([keep.id]);
    await expect(db.asUser(user, 'select sync.prune_applied()')).rejects.toThrow(/permission/);
    // The records are out of reach even in SQL: privileges revoked, and row-level security with no
    // policy (the embedded backend's lite grants every table of a schema with RLS to the API
    // roles on PostgreSQL; RLS still shows nothing and refuses every write).
    for (const table of ['sync.applied_mutations', 'sync.devices']) {
      const seen = await db
        .asUser<{ n: number | string }>(user, `select count(*) as n from ${table}`)
        .then((r) => Number(r[0]!.n))
        .catch((e: Error) => (/permission/.test(e.message) ? 0 : Number.NaN));
      expect(seen, table).toBe(0);
    }
    await expect(
      db.asUser(
        user,
        `insert into sync.applied_mutations (user_id, mutation_id, result)
         values ($1::uuid, gen_random_uuid(), '{"status":"applied"}')`,
        [user],
      ),
    ).rejects.toThrow(/permission|row-level security/);
  });

  it('the hourly pg_cron job exists where the extension does, and nothing breaks where it does not', async () => {
    const ext = await db.admin('select 1 from pg_extension where extname = $1', ['pg_cron']);
    if (ext.length === 0) {
      // PGlite and a PostgreSQL server without pg_cron: the migration skipped the job cleanly.
      expect(await prune()).toBeGreaterThanOrEqual(0);
    } else {
      const jobs = await db.admin<{ schedule: string; command: string }>(
        "select schedule, command from cron.job where jobname = 'sync-prune-applied-mutations'",
      );
      expect(jobs).toEqual([{ schedule: '23 * * * *', command: 'select sync.prune_applied()' }]);
    }
  });
});
