// Issue 17 (push 1,000 mutations ≤ 1 s, PostgreSQL under load): sync_push applies a run of inserts
// into one table with the same columns as ONE statement, including the app's own inserts, whose
// fields carry the row's id (src/db/write.ts). Before 20261123000600 those always went one by one
// (a subtransaction each). A run's rows are written by one subtransaction, so they share one xmin;
// one-by-one rows each have their own: that is how these tests see which way a batch went. The
// answers stay those of the one-by-one way (a failing run is undone and replayed one by one). On
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { backend } from './helpers';
import { openSqlAccess, pushAs, type SqlAccess } from './sql-access';

let db: SqlAccess;
beforeAll(async () => {
  db = await openSqlAccess(backend);
});
afterAll(async () => {
  await db?.close();
});

type Answer = {
  id: string;
  status: string;
  code?: string;
  version?: number | string;
  first?: { status: string };
};

/** An insert as the app's engine sends it: the row's id in its fields too. */
function insert(user: string, topic: string, over: Record<string, unknown> = {}) {
  const m = trainingInsertMutation(user, { topic, created_at: new Date().toISOString(), ...over });
  return m as typeof m & { row_id: string; fields: Record<string, unknown> & { id: string } };
}

const push = (user: string, mutations: unknown[], device = 'device-runs') =>
  pushAs<Answer>(db, user, device, mutations);

/** Distinct xmin of the given rows: 1 = written by one statement's subtransaction. */
async function writers(rowIds: string[]): Promise<number> {
  const [row] = await db.admin<{ n: number | string }>(
    'select count(distinct xmin::text) as n from public.training_requests where id = any ($1::uuid[])',
    [rowIds],
  );
  return Number(row!.n);
}

async function stored(rowIds: string[]) {
  return db.admin<{ id: string; topic: string }>(
    'select id::text, topic from public.training_requests where id = any ($1::uuid[]) order by topic',
    [rowIds],
  );
}

describe('sync_push: runs of inserts', () => {
  it("applies the app's inserts (id in the fields) as one statement, each answered and recorded", async () => {
    const user = await db.newUser();
    const batch = Array.from({ length: 30 }, (_, i) =>
      insert(user, `Run ${String(i).padStart(2, '0')}`),
    );
    const answers = await push(user, batch);
    expect(answers.map((a) => a.status)).toEqual(batch.map(() => 'applied'));
    expect(answers.map((a) => a.id)).toEqual(batch.map((m) => m.id));
    const rowIds = batch.map((m) => m.row_id);
    expect((await stored(rowIds)).map((r) => r.topic)).toEqual(batch.map((m) => m.fields.topic));
    expect(await writers(rowIds)).toBe(1);
    // Recorded: the same batch again answers the first results, applies nothing twice.
    const again = await push(user, batch);
    expect(again.map((a) => [a.status, a.first?.status])).toEqual(
      batch.map(() => ['duplicate', 'applied']),
    );
    expect(await stored(rowIds)).toHaveLength(30);
  });

  it('a run of inserts whose fields carry no id is still one statement', async () => {
    const user = await db.newUser();
    const batch = Array.from({ length: 5 }, (_, i) => {
      const m = insert(user, `Sans id ${i}`);
      const { id: _id, ...fields } = m.fields;
      return { ...m, fields };
    });
    expect((await push(user, batch)).map((a) => a.status)).toEqual(batch.map(() => 'applied'));
    expect(await writers(batch.map((m) => m.row_id))).toBe(1);
  });

  it('an id in the fields that is not the row_id is refused (invalid), the rest applied', async () => {
    const user = await db.newUser();
    const batch = Array.from({ length: 6 }, (_, i) => insert(user, `Forgé ${i}`));
    const forged = batch[3]!;
    forged.fields.id = crypto.randomUUID();
    const answers = await push(user, batch);
    expect(answers.map((a) => a.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'rejected',
      'applied',
      'applied',
    ]);
    expect(answers[3]!.code).toBe('invalid');
    const [row] = await db.admin<{ n: number | string }>(
      'select count(*) as n from public.training_requests where id = any ($1::uuid[])',
      [[forged.row_id, forged.fields.id]],
    );
    expect(Number(row!.n)).toBe(0);
  });

  it('the row_id in another spelling still makes one run, with the canonical id', async () => {
    const user = await db.newUser();
    const batch = Array.from({ length: 4 }, (_, i) => insert(user, `Casse ${i}`));
    for (const m of batch) m.row_id = m.row_id.toUpperCase();
    expect((await push(user, batch)).map((a) => a.status)).toEqual(batch.map(() => 'applied'));
    const rowIds = batch.map((m) => m.fields.id);
    expect(await stored(rowIds)).toHaveLength(4);
    expect(await writers(rowIds)).toBe(1);
  });

  it('a row of another company in a run: the run is undone and replayed, only that one refused', async () => {
    const user = await db.newUser();
    const other = await db.newUser();
    const batch = Array.from({ length: 5 }, (_, i) => insert(user, `Mêlé ${i}`));
    batch[2]!.fields.company_id = other;
    const answers = await push(user, batch);
    expect(answers.map((a) => a.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'applied',
      'applied',
    ]);
    expect(answers[2]!.code).toBe('rls');
    const mine = batch.filter((_, i) => i !== 2).map((m) => m.row_id);
    expect(await stored(mine)).toHaveLength(4);
    expect(await stored([batch[2]!.row_id])).toHaveLength(0);
    // Replayed one by one: each row has its own writer.
    expect(await writers(mine)).toBe(4);
  });

  it('one bad row at the end of a long run: the run is tried once, not again from each member', async () => {
    // Row insert attempts, undone ones included, counted by a sequence (never rolled back) that a
    // test trigger advances for this test's rows only.
    const tag = `Long-${crypto.randomUUID().slice(0, 8)}`;
    const fn = `test_attempts_${tag.slice(5)}`;
    await db.script(`
      create sequence public.${fn};
      create function public.${fn}() returns trigger language plpgsql security definer as $$
      begin
        if new.topic like '${tag}%' then perform nextval('public.${fn}'); end if;
        return new;
      end $$;
      create trigger ${fn} before insert on public.training_requests
        for each row execute function public.${fn}();`);
    try {
      const user = await db.newUser();
      const other = await db.newUser();
      const batch = Array.from({ length: 40 }, (_, i) => insert(user, `${tag} ${i}`));
      batch[39]!.fields.company_id = other;
      const answers = await push(user, batch);
      expect(answers.filter((a) => a.status === 'applied')).toHaveLength(39);
      expect(answers[39]!.code).toBe('rls');
      const [row] = await db.admin<{ n: string | number }>(
        `select last_value as n from public.${fn}`,
      );
      // One run of 40 (undone), then 40 one by one. Tried again from each member: 40 * 41 / 2 + 40.
      expect(Number(row!.n)).toBe(80);
    } finally {
      await db.script(`
        drop trigger ${fn} on public.training_requests;
        drop function public.${fn}();
        drop sequence public.${fn};`);
    }
  });

  it('a server-owned field in a run is refused for that mutation only', async () => {
    const user = await db.newUser();
    const batch = Array.from({ length: 4 }, (_, i) => insert(user, `Serveur ${i}`));
    (batch[1]!.fields as Record<string, unknown>).sync_version = 1;
    const answers = await push(user, batch);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'rejected', 'applied', 'applied']);
    expect(answers[1]!.code).toBe('invalid');
  });

  it('the same id or the same row twice in a batch: never in a run, answered in order', async () => {
    const user = await db.newUser();
    const a = insert(user, 'Répété A');
    const b = insert(user, 'Répété B');
    const c = insert(user, 'Répété C');
    const sameRow = { ...insert(user, 'Même ligne'), row_id: b.row_id };
    sameRow.fields.id = b.row_id;
    const answers = await push(user, [a, b, { ...a }, sameRow, c]);
    expect(answers.map((x) => x.status)).toEqual([
      'applied',
      'applied',
      'duplicate',
      'rejected',
      'applied',
    ]);
    expect(answers[2]!.first?.status).toBe('applied');
    expect(answers[3]!.code).toBe('unique');
    expect((await stored([a.row_id, b.row_id, c.row_id])).map((r) => r.topic)).toEqual([
      'Répété A',
      'Répété B',
      'Répété C',
    ]);
  });
});
