// Issue 14 item 6: sync bookkeeping out of reach. The applied-mutation records were readable and
// writable through /rest/v1 by their owner: inserting a "future" mutation id made the real mutation
// come back `duplicate` and the edit vanish with no notice. One mutation id spelled four ways in one
// batch was applied four times. Now no table of the sync schema is reachable through the REST API
// (hosted Supabase exposes `public` and `graphql_public` only, as the embedded backend does), and
// ids are compared as UUIDs.
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../../server/testing/backend';
import { anon, backend, service, trainingRequestRow, uuid } from '../helpers';

let A: ConfirmedUser;
let B: ConfirmedUser;
beforeAll(async () => {
  A = await createConfirmedUser(backend);
  B = await createConfirmedUser(backend);
});

type Answer = { id: string; status: string; first?: { status: string }; code?: string };

async function push(user: ConfirmedUser, mutations: unknown[], device = 'device-1') {
  const { data, error } = await user.client.rpc('sync_push', {
    p_device_id: device,
    p_mutations: mutations,
  });
  expect(error).toBeNull();
  return data as Answer[];
}

function insertMutation(user: ConfirmedUser, id: string, topic = 'Excel avancé') {
  const { id: rowId, ...fields } = trainingRequestRow(user.id, { topic });
  return { id, table: 'training_requests', op: 'insert', row_id: rowId, fields, base_version: 0 };
}

async function rest(path: string, init: RequestInit & { token?: string; profile?: string } = {}) {
  const headers: Record<string, string> = {
    apikey: backend.anonKey,
    authorization: `Bearer ${init.token ?? backend.anonKey}`,
    'content-type': 'application/json',
  };
  if (init.profile) {
    headers['accept-profile'] = init.profile;
    headers['content-profile'] = init.profile;
  }
  const res = await fetch(`${backend.url}/rest/v1/${path}`, { ...init, headers });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

describe('the sync schema is not reachable through /rest/v1', () => {
  const tables = [
    { path: 'sync_applied_mutations', profile: undefined },
    { path: 'applied_mutations', profile: 'sync' },
    { path: 'devices', profile: 'sync' },
  ];

  it.each(tables)(
    'owner, another user and anon can neither read nor write $path ($profile)',
    async ({ path, profile }) => {
      for (const token of [A.accessToken, B.accessToken, undefined]) {
        const read = await rest(`${path}?select=*`, { token, profile });
        expect(read.status).toBeGreaterThanOrEqual(400);
        expect(read.status).toBeLessThan(500);
        const write = await rest(path, {
          method: 'POST',
          token,
          profile,
          body: JSON.stringify({
            user_id: A.id,
            mutation_id: uuid(),
            result: { status: 'applied' },
          }),
        });
        expect(write.status).toBeGreaterThanOrEqual(400);
        expect(write.status).toBeLessThan(500);
      }
    },
  );

  it('the bookkeeping functions are not callable through /rest/v1/rpc', async () => {
    for (const fn of ['begin_push', 'record_results', 'prune_applied', 'apply_one']) {
      const res = await rest(`rpc/${fn}`, {
        method: 'POST',
        token: A.accessToken,
        profile: 'sync',
        body: JSON.stringify({}),
      });
      expect(res.status, fn).toBeGreaterThanOrEqual(400);
      expect(res.status, fn).toBeLessThan(500);
    }
    // The records of a user: the service role only (operators, tests).
    for (const client of [A.client, anon()]) {
      const { error } = await client.rpc('sync_applied_records', { p_user_id: A.id });
      expect(error).not.toBeNull();
    }
    const { error } = await service().rpc('sync_applied_records', { p_user_id: A.id });
    expect(error).toBeNull();
  });

  it('a forged "future" mutation id cannot make the real mutation come back duplicate', async () => {
    const future = uuid();
    // The attack of the issue: insert a record for an id the device will use, with a fake answer.
    const forged = await rest('sync_applied_mutations', {
      method: 'POST',
      token: A.accessToken,
      body: JSON.stringify({
        user_id: A.id,
        mutation_id: future,
        result: { id: future, status: 'applied', version: 1 },
      }),
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const forgedInSync = await rest('applied_mutations', {
      method: 'POST',
      token: A.accessToken,
      profile: 'sync',
      body: JSON.stringify({ user_id: A.id, mutation_id: future, result: { status: 'applied' } }),
    });
    expect(forgedInSync.status).toBeGreaterThanOrEqual(400);

    // The honest path: the real mutation is applied and its row exists.
    const m = insertMutation(A, future, 'Gestes de premiers secours');
    const [answer] = await push(A, [m]);
    expect(answer).toMatchObject({ id: future, status: 'applied' });
    const { data } = await service().from('training_requests').select('topic').eq('id', m.row_id);
    expect(data).toEqual([{ topic: 'Gestes de premiers secours' }]);
  });
});

describe('mutation ids compared as UUIDs', () => {
  it('one id spelled four ways in one batch is applied once; each answer echoes the id as sent', async () => {
    const id = uuid();
    const spellings = [id, id.toUpperCase(), `{${id}}`, id.replaceAll('-', '')];
    const mutations = spellings.map((s, i) => insertMutation(A, s, `Formation ${i}`));
    const answers = await push(A, mutations);
    expect(answers.map((a) => a.id)).toEqual(spellings);
    expect(answers[0]).toMatchObject({ status: 'applied' });
    for (const a of answers.slice(1))
      expect(a).toMatchObject({ status: 'duplicate', first: { status: 'applied' } });
    const { data } = await service()
      .from('training_requests')
      .select('id')
      .in(
        'id',
        mutations.map((m) => m.row_id),
      );
    expect(data).toHaveLength(1);
    expect(data![0]!.id).toBe(mutations[0]!.row_id);
    const records = await service().rpc('sync_applied_records', { p_user_id: A.id });
    expect(
      (records.data as Array<{ mutation_id: string }>).filter((r) => r.mutation_id === id),
    ).toHaveLength(1);
  });

  it('a later batch re-sending the id in another spelling gets the first answer', async () => {
    const id = uuid();
    const first = insertMutation(A, id);
    expect((await push(A, [first]))[0]).toMatchObject({ status: 'applied' });
    const again = insertMutation(A, id.toUpperCase().replaceAll('-', ''), 'Autre');
    const [answer] = await push(A, [again]);
    expect(answer).toMatchObject({
      id: again.id,
      status: 'duplicate',
      first: { status: 'applied' },
    });
    const { data } = await service().from('training_requests').select('id').eq('id', again.row_id);
    expect(data).toEqual([]);
  });

  it('ids of one user never collide with the same id of another user', async () => {
    const id = uuid();
    expect((await push(A, [insertMutation(A, id)]))[0]).toMatchObject({ status: 'applied' });
    expect((await push(B, [insertMutation(B, id)]))[0]).toMatchObject({ status: 'applied' });
  });

  it('a malformed id is refused alone (invalid), the rest of the batch applies', async () => {
    const ok = insertMutation(A, uuid());
    const answers = await push(A, [
      insertMutation(A, 'not-a-uuid'),
      insertMutation(A, `{${uuid()}`),
      ok,
    ]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(answers[0]).toMatchObject({ id: 'not-a-uuid', code: 'invalid' });
  });
});
