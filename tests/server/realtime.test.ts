// Realtime on the embedded backend, through supabase-js's own realtime client (channel(), private
// channels, as the app): who may join a user's sync topic (RLS on realtime.messages), tokens
// (expired, refreshed, replaced), the pokes the database sends after a push and after a public
// survey answer (one per transaction and user, none for a rolled-back write), and the protocol's
// limits and errors. Every "nothing arrived" is proven by a later marker poke: notifications and
// frames are delivered in commit order, so anything sent before the marker arrives before it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import {
  anon,
  backend,
  employeeRow,
  publicAnswer,
  simulationRow,
  teamSurveyRow,
  uuid,
} from './helpers';
import {
  closed,
  joinSync,
  leaveAll,
  nextFrame,
  rawSocket,
  until,
  userToken,
  wsUrl,
  type Joined,
  type JoinResult,
} from './realtime-helpers';

let A: ConfirmedUser;
let B: ConfirmedUser;
const clients: SupabaseClient[] = [];
const track = <T extends SupabaseClient>(c: T) => (clients.push(c), c);

const insert = (table: string, row: { id: string }) => ({
  id: uuid(),
  table,
  op: 'insert',
  row_id: row.id,
  fields: row,
  base_version: 0,
});

async function push(user: ConfirmedUser, device: string, mutations: unknown[]) {
  const { data, error } = await user.client.rpc('sync_push', {
    p_device_id: device,
    p_mutations: mutations,
  });
  if (error) throw new Error(error.message);
  return data as Array<{ status: string }>;
}

/** A push whose poke marks "everything before has arrived". */
async function marker(user: ConfirmedUser, joined: Joined): Promise<void> {
  const device = `marker-${uuid()}`;
  await push(user, device, [insert('training_employees', employeeRow(user.id))]);
  await until(() => joined.pokes.some((p) => p.device === device), 10_000, 'the marker poke');
}

beforeAll(async () => {
  A = await createConfirmedUser(backend);
  B = await createConfirmedUser(backend);
  track(A.client);
  track(B.client);
});

afterAll(async () => {
  await leaveAll(...clients);
});

describe('joining a sync topic (RLS on realtime.messages)', () => {
  it('a user joins their own topic', async () => {
    const c = track((await createConfirmedUser(backend)).client);
    const me = (await c.auth.getUser()).data.user!.id;
    const joined = await joinSync(c, me);
    expect(joined.first).toEqual({ status: 'SUBSCRIBED' });
  });

  it("another user's topic is refused", async () => {
    const c = track((await createConfirmedUser(backend)).client);
    const joined = await joinSync(c, A.id);
    expect(joined.first.status).toBe('CHANNEL_ERROR');
    expect(joined.first.error).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: sync:${A.id}`,
    );
    await c.removeChannel(joined.channel);
  });

  it('an anonymous client (anon key, no session) is refused', async () => {
    const c = track(anonClient(backend));
    const joined = await joinSync(c, A.id);
    expect(joined.first.status).toBe('CHANNEL_ERROR');
    expect(joined.first.error).toMatch(/^Unauthorized: /);
    await c.removeChannel(joined.channel);
  });

  it('a public (non-private) channel is refused: private channels only', async () => {
    const c = track((await createConfirmedUser(backend)).client);
    const me = (await c.auth.getUser()).data.user!.id;
    const joined = await joinSync(c, me, { private: false });
    expect(joined.first.status).toBe('CHANNEL_ERROR');
    expect(joined.first.error).toBe('PrivateOnly: This project only allows private channels');
    await c.removeChannel(joined.channel);
  });

  it('a forged token (wrong secret) or a token of an unknown role is refused', async () => {
    const c = track((await createConfirmedUser(backend)).client);
    const me = (await c.auth.getUser()).data.user!.id;
    const good = await userToken(me, 600);
    const [h, p] = good.split('.');
    await c.realtime.setAuth(`${h}.${p}.${'A'.repeat(43)}`);
    let joined = await joinSync(c, me);
    expect(joined.first.error).toBe('JwtSignatureError: Failed to validate JWT signature');
    await c.removeChannel(joined.channel);
    await c.realtime.setAuth(await userToken(me, 600, { role: 'postgres' }));
    joined = await joinSync(c, me);
    expect(joined.first.error).toMatch(/^Unauthorized: /);
    await c.removeChannel(joined.channel);
  });

  it('an expired token is refused, then the same channel is accepted after a refresh', async () => {
    const user = await createConfirmedUser(backend);
    const c = track(user.client);
    await c.realtime.setAuth(await userToken(user.id, -30));
    const joined = await joinSync(c, user.id);
    expect(joined.first.status).toBe('CHANNEL_ERROR');
    expect(joined.first.error).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
    // The client refreshes its session: supabase-js gives realtime the new token, and the channel's
    // own rejoin (Phoenix's timer) carries it.
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    await c.realtime.setAuth(refreshed.data.session!.access_token);
    await until(() => joined.statuses.some((s) => s.status === 'SUBSCRIBED'), 10_000, 'rejoin');
  });
});

describe('pokes', () => {
  let joined: JoinResult;
  beforeAll(async () => {
    joined = await joinSync(A.client, A.id);
    expect(joined.first.status).toBe('SUBSCRIBED');
  });

  it('a push pokes its user with the tables it changed and the pushing device', async () => {
    await push(A, 'device-a', [insert('simulations', simulationRow(A.id))]);
    await until(() => joined.pokes.some((p) => p.device === 'device-a'), 10_000, 'poke');
    const poke = joined.pokes.find((p) => p.device === 'device-a')!;
    expect(poke.tables).toEqual(['simulations']);
    // No row data: only the tables, the device and the message id.
    expect(Object.keys(poke).sort()).toEqual(['device', 'id', 'tables']);
  });

  it('one poke per transaction, listing every table it changed', async () => {
    await push(A, 'device-batch', [
      insert('training_employees', employeeRow(A.id)),
      insert('training_employees', employeeRow(A.id)),
      insert('team_surveys', teamSurveyRow(A.id)),
    ]);
    await marker(A, joined);
    const batch = joined.pokes.filter((p) => p.device === 'device-batch');
    expect(batch).toHaveLength(1);
    expect(batch[0]!.tables).toEqual(['team_surveys', 'training_employees']);
  });

  it('a public survey answer pokes the survey owner (no device)', async () => {
    const survey = teamSurveyRow(A.id);
    await push(A, 'device-survey', [insert('team_surveys', survey)]);
    const before = joined.pokes.length;
    const { error } = await anon().rpc('submit_survey_response', {
      p_response: publicAnswer(survey.id),
    });
    expect(error).toBeNull();
    await until(
      () => joined.pokes.slice(before).some((p) => p.tables.includes('team_survey_responses')),
      10_000,
      'survey poke',
    );
    const poke = joined.pokes
      .slice(before)
      .find((p) => p.tables.includes('team_survey_responses'))!;
    expect(poke).toMatchObject({ tables: ['team_survey_responses'], device: null });
  });

  it('a refused (rolled-back) mutation sends nothing', async () => {
    const bad = insert('simulations', simulationRow(A.id, { budget_type: 'NOPE' }));
    const answers = await push(A, 'device-refused', [bad]);
    expect(answers[0]!.status).toBe('rejected');
    await marker(A, joined);
    expect(joined.pokes.filter((p) => p.device === 'device-refused')).toEqual([]);
  });

  it("another user's writes never reach this topic", async () => {
    await push(B, 'device-b', [insert('simulations', simulationRow(B.id))]);
    await marker(A, joined);
    expect(joined.pokes.filter((p) => p.device === 'device-b')).toEqual([]);
  });

  it('a direct REST write (not sync_push) pokes too', async () => {
    const row = employeeRow(A.id);
    const before = joined.pokes.length;
    const { error } = await A.client.from('training_employees').insert(row);
    expect(error).toBeNull();
    await until(() => joined.pokes.length > before, 10_000, 'poke');
    expect(joined.pokes.at(-1)).toMatchObject({ tables: ['training_employees'], device: null });
  });

  it('a second tab of the same user gets the same pokes', async () => {
    const tab = track((await createConfirmedUser(backend)).client);
    // Sign the second client in as A (fresh session of the same user).
    const { error } = await tab.auth.signInWithPassword({ email: A.email, password: A.password });
    expect(error).toBeNull();
    const second = await joinSync(tab, A.id);
    expect(second.first.status).toBe('SUBSCRIBED');
    await marker(A, second);
    await tab.removeChannel(second.channel);
  });
});

describe('tokens while joined', () => {
  it('a refreshed token keeps the channel; a token of another user closes it', async () => {
    const user = await createConfirmedUser(backend);
    const c = track(user.client);
    const joined = await joinSync(c, user.id);
    expect(joined.first.status).toBe('SUBSCRIBED');
    await c.realtime.setAuth(await userToken(user.id, 600));
    await marker(user, joined);
    await c.realtime.setAuth(B.accessToken);
    await until(() => joined.statuses.some((s) => s.status === 'CLOSED'), 10_000, 'close');
    expect(joined.system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: `You no longer have permission to read from this Channel topic: sync:${user.id}`,
    });
  });

  it('the channel is closed at the token expiry, with a system error', async () => {
    const user = await createConfirmedUser(backend);
    const c = track(user.client);
    await c.realtime.setAuth(await userToken(user.id, 2));
    const joined = await joinSync(c, user.id);
    expect(joined.first.status).toBe('SUBSCRIBED');
    await until(() => joined.statuses.some((s) => s.status === 'CLOSED'), 10_000, 'expiry close');
    expect(joined.system.at(-1)).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
  });
});

describe('client broadcasts and the protocol', () => {
  it('no client may broadcast on a sync topic (no INSERT policy): nothing is delivered', async () => {
    const sender = track((await createConfirmedUser(backend)).client);
    const me = (await sender.auth.getUser()).data.user!.id;
    const listener = track(anonClient(backend));
    const session = (await sender.auth.getSession()).data.session!;
    await listener.auth.setSession(session);
    const ears = await joinSync(listener, me);
    const mouth = await joinSync(sender, me, { broadcast: { ack: true, self: true } });
    expect([ears.first.status, mouth.first.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    const sent = await mouth.channel.send({
      type: 'broadcast',
      event: 'poke',
      payload: { tables: ['simulations'], device: 'forged' },
    });
    expect(sent).toBe('error');
    await push({ ...A, client: sender, id: me } as ConfirmedUser, 'after-forgery', [
      insert('training_employees', employeeRow(me)),
    ]);
    await until(() => ears.pokes.some((p) => p.device === 'after-forgery'), 10_000, 'marker');
    expect([...ears.pokes, ...mouth.pokes].some((p) => p.device === 'forged')).toBe(false);
  });

  it('heartbeats are answered', async () => {
    const c = track((await createConfirmedUser(backend)).client);
    const me = (await c.auth.getUser()).data.user!.id;
    await joinSync(c, me);
    const statuses: string[] = [];
    c.realtime.onHeartbeat((status) => statuses.push(status));
    await c.realtime.sendHeartbeat();
    await until(() => statuses.includes('ok'), 5_000, 'heartbeat ok');
  });

  it('leave is acknowledged and stops the deliveries', async () => {
    const user = await createConfirmedUser(backend);
    const c = track(user.client);
    const joined = await joinSync(c, user.id);
    expect(await c.removeChannel(joined.channel)).toBe('ok');
    await push(user, 'after-leave', [insert('training_employees', employeeRow(user.id))]);
    const again = await joinSync(c, user.id);
    await marker(user, again);
    expect(joined.pokes).toEqual([]);
  });

  it('connecting needs a valid api key', async () => {
    expect((await rawSocket(wsUrl('vsn=2.0.0'))).status).toBe(401);
    // A character inside the signature: the last base64url one holds 2 padding bits, so changing
    // it can leave the signature's bytes (and the key) valid.
    const forged = backend.anonKey.replace(
      /.(.{4})$/,
      (ch, rest: string) => (ch[0] === 'A' ? 'B' : 'A') + rest,
    );
    expect((await rawSocket(wsUrl(`apikey=${forged}&vsn=2.0.0`))).status).toBe(401);
    expect((await rawSocket(wsUrl(`apikey=${backend.anonKey}&vsn=9`))).status).toBe(400);
  });

  it('unmatched topics, malformed and oversized frames, too many channels', async () => {
    const url = wsUrl(`apikey=${backend.anonKey}&vsn=2.0.0`);
    const { ws } = await rawSocket(url);
    ws!.send(JSON.stringify([null, '1', 'realtime:sync:x', 'access_token', { access_token: 'x' }]));
    expect(await nextFrame(ws!)).toEqual([
      null,
      '1',
      'realtime:sync:x',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    ws!.send('{not json');
    expect(await closed(ws!)).toBe(1007);

    const big = await rawSocket(url);
    big.ws!.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(70_000) }]));
    expect(await closed(big.ws!)).toBe(1009);

    // The service role reads every topic (bypasses RLS, as on hosted): 100 joins succeed.
    const many = await rawSocket(url);
    const replies: unknown[][] = [];
    many.ws!.on('message', (d) => replies.push(JSON.parse(String(d)) as unknown[]));
    for (let i = 0; i < 101; i++) {
      many.ws!.send(
        JSON.stringify([
          String(i),
          String(i),
          `realtime:room-${i}`,
          'phx_join',
          { config: { private: true }, access_token: backend.serviceKey },
        ]),
      );
    }
    await until(() => replies.length === 101, 20_000, '101 replies');
    const statuses = replies.map((r) => (r[4] as { status: string }).status);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(100);
    expect(replies.at(-1)![4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    many.ws!.close();
  });

  it('a heartbeat over a raw socket is answered in the phoenix topic', async () => {
    const { ws } = await rawSocket(wsUrl(`apikey=${backend.anonKey}&vsn=1.0.0`));
    ws!.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    const frame = (await nextFrame(ws!)) as unknown as Record<string, unknown>;
    expect(frame).toMatchObject({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: '7',
      payload: { status: 'ok', response: {} },
    });
    ws!.close();
  });
});
