// Issue 14 item 7: values no client can read. sync_push and REST accepted created_at = infinity,
// -infinity, year 10000 or BC dates; the next pull then stalled that user's sync for good at that
// row. Now such values are refused at the door (sync_push: `rejected` / `invalid` with reason
// `timestamp` and the field, shown in French in the refused list; REST: 400), server-owned fields
// (created_at included) are the server's, and what is pulled is always readable.
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../../server/testing/backend';
import { backend, service, surveyResponseRow, trainingRequestRow, uuid } from '../helpers';

let A: ConfirmedUser;
beforeAll(async () => {
  A = await createConfirmedUser(backend);
});

type Answer = {
  id: string;
  status: string;
  code?: string;
  reason?: string;
  field?: string;
};

async function push(mutations: unknown[]): Promise<Answer[]> {
  const { data, error } = await A.client.rpc('sync_push', {
    p_device_id: 'device-dates',
    p_mutations: mutations,
  });
  expect(error).toBeNull();
  return data as Answer[];
}

/** A stored training request and an update of it carrying `fields`. */
async function updateOfStored(fields: Record<string, unknown>) {
  const row = trainingRequestRow(A.id);
  expect((await push([insert('training_requests', row)]))[0]!.status).toBe('applied');
  const update = { id: uuid(), table: 'training_requests', op: 'update', row_id: row.id, fields };
  return { row, update: { ...update, base_version: 0 } };
}

function insert(table: string, row: Record<string, unknown>) {
  const { id, ...fields } = row;
  return { id: uuid(), table, op: 'insert', row_id: id, fields, base_version: 0 };
}

const UNREADABLE = [
  'infinity',
  '-infinity',
  '10000-01-01T00:00:00Z',
  '9999-12-31T23:30:00-05:00', // year 10000 in UTC
  '2020-06-01 BC',
  '0001-01-01 00:00:00+00 BC',
];

async function serverRow(table: string, id: string) {
  const { data, error } = await service().from(table).select('*').eq('id', id).maybeSingle();
  expect(error).toBeNull();
  return data as Record<string, unknown> | null;
}

describe('sync_push refuses dates no client can read', () => {
  it.each(UNREADABLE)(
    'created_at = %s: rejected invalid (timestamp, created_at), nothing written',
    async (value) => {
      const row = trainingRequestRow(A.id, { created_at: value });
      const ok = trainingRequestRow(A.id, { topic: 'Voisine' });
      const answers = await push([
        insert('training_requests', row),
        insert('training_requests', ok),
      ]);
      expect(answers[0]).toMatchObject({
        status: 'rejected',
        code: 'invalid',
        reason: 'timestamp',
        field: 'created_at',
      });
      expect(answers[1]).toMatchObject({ status: 'applied' });
      expect(await serverRow('training_requests', row.id)).toBeNull();
    },
  );

  it('an update setting deleted_at to infinity is refused; the row is untouched', async () => {
    const { row, update } = await updateOfStored({ deleted_at: 'infinity' });
    const [answer] = await push([update]);
    expect(answer).toMatchObject({ code: 'invalid', reason: 'timestamp', field: 'deleted_at' });
    expect((await serverRow('training_requests', row.id))!.deleted_at).toBeNull();
  });

  it('an unlock request start date of year 10000 is refused (start_date)', async () => {
    const row = surveyResponseRow(A.id, { start_date: '10000-01-01' });
    const [answer] = await push([insert('survey_responses', row)]);
    expect(answer).toMatchObject({ code: 'invalid', reason: 'timestamp', field: 'start_date' });
    expect(await serverRow('survey_responses', row.id)).toBeNull();
  });

  it('a date that is not a date at all is refused as invalid (timestamp)', async () => {
    const row = trainingRequestRow(A.id, { created_at: 'lundi prochain' });
    const [answer] = await push([insert('training_requests', row)]);
    expect(answer).toMatchObject({ status: 'rejected', code: 'invalid', reason: 'timestamp' });
  });
});

describe('server-owned fields are the server’s', () => {
  it('created_at of a pushed insert is the server’s time, not the client’s', async () => {
    const before = Date.now();
    const row = trainingRequestRow(A.id, { created_at: '2001-01-01T00:00:00Z' });
    expect((await push([insert('training_requests', row)]))[0]!.status).toBe('applied');
    const stored = await serverRow('training_requests', row.id);
    expect(Date.parse(String(stored!.created_at))).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(String(stored!.updated_at))).toBeGreaterThanOrEqual(before - 60_000);
  });

  it('a soft delete is stamped with the server’s time; an update never changes created_at', async () => {
    const row = trainingRequestRow(A.id);
    expect((await push([insert('training_requests', row)]))[0]!.status).toBe('applied');
    const created = (await serverRow('training_requests', row.id))!.created_at;
    const before = Date.now();
    const { error } = await A.client
      .from('training_requests')
      .update({ deleted_at: '2002-02-02T00:00:00Z', created_at: '2003-03-03T00:00:00Z' })
      .eq('id', row.id);
    expect(error).toBeNull();
    const after = await serverRow('training_requests', row.id);
    expect(after!.created_at).toBe(created);
    expect(Date.parse(String(after!.deleted_at))).toBeGreaterThanOrEqual(before - 60_000);
  });

  it('sync_push refuses created_at in an update (invalid)', async () => {
    const { update } = await updateOfStored({ created_at: '2001-01-01T00:00:00Z' });
    const [answer] = await push([update]);
    expect(answer).toMatchObject({ status: 'rejected', code: 'invalid' });
  });
});

describe('REST refuses them too', () => {
  it.each(UNREADABLE)('POST with created_at = %s: 400, nothing written', async (value) => {
    const row = trainingRequestRow(A.id, { created_at: value });
    const { error, status } = await A.client.from('training_requests').insert(row);
    expect(status).toBe(400);
    expect(error).not.toBeNull();
    expect(await serverRow('training_requests', row.id)).toBeNull();
  });

  it('PATCH deleted_at = -infinity and POST updated_at in year 10000: 400', async () => {
    const row = trainingRequestRow(A.id);
    expect((await A.client.from('training_requests').insert(row)).error).toBeNull();
    const patch = await A.client
      .from('training_requests')
      .update({ deleted_at: '-infinity' })
      .eq('id', row.id);
    expect(patch.status).toBe(400);
    const other = trainingRequestRow(A.id, { updated_at: '10000-05-05T00:00:00Z' });
    expect((await A.client.from('training_requests').insert(other)).status).toBe(400);
  });

  it('even the service role cannot store them (check constraints)', async () => {
    const row = trainingRequestRow(A.id, { created_at: 'infinity' });
    const { error } = await service().from('training_requests').insert(row);
    expect(error).not.toBeNull();
    expect(error!.code).toBe('23514');
  });
});

describe('what is pulled is readable', () => {
  it('after every attack above, the pull returns only real dates', async () => {
    const cursors = {
      training_requests: { version: 0, id: '00000000-0000-0000-0000-000000000000' },
    };
    const { data, error } = await A.client.rpc('sync_pull_many', {
      p_cursors: cursors,
      p_limit: 1000,
    });
    expect(error).toBeNull();
    const rows = (data as { pages: { training_requests: { rows: Record<string, unknown>[] } } })
      .pages.training_requests.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      for (const k of ['created_at', 'updated_at', 'deleted_at'])
        if (r[k] !== null) {
          const ms = Date.parse(String(r[k]));
          expect(Number.isNaN(ms), `${k} ${String(r[k])}`).toBe(false);
          const year = new Date(ms).getUTCFullYear();
          expect(year).toBeGreaterThanOrEqual(1);
          expect(year).toBeLessThanOrEqual(9999);
        }
  });
});
