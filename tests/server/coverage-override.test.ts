// training_requests.coverage_override (issue 30): the user's own coverage rate, marked as such.
// A column the owner writes like any other of the row: the happy path through sync_push (insert,
// update, pulled back), its default for older clients that do not send it, and the abuse cases
// (another user's row, a value that is not a boolean, null, nested input). On PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { backend } from './helpers';
import { openSqlAccess, pushAs, type SqlAccess } from './sql-access';

type Answer = { id: string; status: string; code?: string };

let db: SqlAccess;
beforeAll(async () => {
  db = await openSqlAccess(backend);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const push = (user: string, mutations: unknown[]) =>
  pushAs<Answer>(db, user, 'device-override', mutations);

const update = (rowId: string, fields: Record<string, unknown>) => ({
  id: randomUUID(),
  table: 'training_requests',
  op: 'update',
  row_id: rowId,
  base_version: 0,
  fields,
});

async function storedOverride(rowId: string): Promise<boolean | undefined> {
  const [row] = await db.admin<{ coverage_override: boolean }>(
    'select coverage_override from public.training_requests where id = $1',
    [rowId],
  );
  return row?.coverage_override;
}

describe('training_requests.coverage_override', () => {
  it('defaults to false when a client does not send it (older versions), and the owner sets it', async () => {
    const user = await db.newUser();
    const old = trainingInsertMutation(user);
    const mine = trainingInsertMutation(user, { coverage_override: true, coverage_rate: 60 });
    const answers = await push(user, [old, mine]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    expect(await storedOverride(old.row_id)).toBe(false);
    expect(await storedOverride(mine.row_id)).toBe(true);

    const [back] = await push(user, [update(mine.row_id, { coverage_override: false })]);
    expect(back!.status).toBe('applied');
    expect(await storedOverride(mine.row_id)).toBe(false);
  });

  it('is pulled with the row', async () => {
    const user = await db.newUser();
    const m = trainingInsertMutation(user, { coverage_override: true });
    await push(user, [m]);
    const [row] = await db.asUser<{ r: unknown }>(
      user,
      `select sync_pull('training_requests', 0, '00000000-0000-0000-0000-000000000000', 10) as r`,
    );
    const page = (typeof row!.r === 'string' ? JSON.parse(row!.r) : row!.r) as {
      rows: Record<string, unknown>[];
    };
    expect(page.rows.find((r) => r.id === m.row_id)).toMatchObject({ coverage_override: true });
  });

  it('another user cannot set it on a row that is not theirs', async () => {
    const owner = await db.newUser();
    const other = await db.newUser();
    const m = trainingInsertMutation(owner);
    await push(owner, [m]);
    const [answer] = await push(other, [update(m.row_id, { coverage_override: true })]);
    expect(answer!.status).toBe('rejected');
    expect(await storedOverride(m.row_id)).toBe(false);
    // Nor insert a row carrying it for the owner.
    const forged = trainingInsertMutation(owner, { coverage_override: true });
    const [refused] = await push(other, [forged]);
    expect(refused!.status).toBe('rejected');
    expect(await storedOverride(forged.row_id)).toBeUndefined();
  });

  it.each([
    // (PostgreSQL's own spellings of a boolean, 'yes' or 'off', are read as one, as for every
    // boolean column through the API.)
    ['a text', 'peut-être'],
    ['null', null],
    ['a number', 2],
    ['nested input', { value: true, nested: [[[true]]] }],
  ])('refuses %s instead of a boolean, and keeps the row as it was', async (_label, value) => {
    const user = await db.newUser();
    const m = trainingInsertMutation(user, { coverage_override: true });
    await push(user, [m]);
    const [answer] = await push(user, [update(m.row_id, { coverage_override: value })]);
    expect(answer!.status).toBe('rejected');
    expect(await storedOverride(m.row_id)).toBe(true);
  });
});
