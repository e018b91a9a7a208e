// Live across devices against the real embedded backend: engines (Dexie on fake-indexeddb, the
// supabase-js remote) listening on supabase-js's Realtime channel (sync/supabase-poke.ts, as the
// app). The periodic pull is set to an hour, so a change that arrives came through a poke; with
// websockets blocked, the periodic and on-event pulls still converge; idle, one websocket and its
// heartbeats, and no pull.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabasePoke, type SyncEngine } from '../../sync';
import { anonClient } from '../../server/testing/backend';
import { until } from '../db/helpers';
import { backend, newUser, syncedDevice, type TestUser } from './helpers';

const engines: SyncEngine[] = [];
const clients: SupabaseClient[] = [];

/** supabase-js signed in as `user` (its own session), with a countable or blocked websocket. */
async function realtimeClientOf(
  user: TestUser,
  transport: new (address: string, protocols?: string | string[]) => WebSocket,
  heartbeatIntervalMs?: number,
): Promise<SupabaseClient> {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: transport as unknown as never,
      ...(heartbeatIntervalMs ? { heartbeatIntervalMs } : {}),
    },
  });
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(error.message);
  clients.push(client);
  return client;
}

/** ws, counting the sockets opened and the frames sent. */
const counted = { sockets: 0, frames: 0 };
class CountingWebSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols);
    counted.sockets++;
    const send = this.send.bind(this) as (data: unknown) => void;
    this.send = ((data: unknown) => {
      counted.frames++;
      send(data);
    }) as WebSocket['send'];
  }
}

/** A network that refuses websockets (a proxy that blocks them): every connection fails. */
let blockedAttempts = 0;
class BlockedWebSocket extends WebSocket {
  constructor(_address: string | URL, protocols?: string | string[]) {
    super('ws://127.0.0.1:9/blocked', protocols);
    blockedAttempts++;
  }
}

function liveDevice(user: TestUser, client: SupabaseClient, periodicMs = 3_600_000) {
  const dev = syncedDevice(user, {
    poke: createSupabasePoke({ getClient: async () => client, userId: user.id }),
    options: { periodicMs, debounceMs: 20, liveDebounceMs: 20, pokeDelayMs: 20 },
  });
  engines.push(dev.engine);
  return dev;
}

let user: TestUser;
beforeAll(async () => {
  user = await newUser();
});
afterAll(async () => {
  for (const e of engines) await e.stop();
  for (const c of clients) {
    await c.removeAllChannels();
    await c.realtime.disconnect();
  }
});

describe('live', () => {
  it('an edit on one device appears on the other through the poke, not the periodic pull', async () => {
    const a = liveDevice(user, await realtimeClientOf(user, CountingWebSocket));
    const b = liveDevice(user, await realtimeClientOf(user, CountingWebSocket));
    a.engine.start();
    b.engine.start();
    await until(() => a.engine.status.live === true && b.engine.status.live === true, 'live');
    await a.engine.idle();
    await b.engine.idle();
    const id = await a.repos.createTeamSurvey(user.id, 'Vu en direct');
    // Dexie's live queries (the engine's write trigger) do not run in this Node project: the push
    // a write triggers in a browser is asked for here (tests/db/poke.test.ts covers the trigger).
    await a.engine.syncNow();
    await until(async () => (await b.db.team_surveys.get(id)) !== undefined, 'on B', 10_000);
    expect(b.engine.pokes).toBeGreaterThanOrEqual(1);
    // A's own push poked A too: ignored (its cycle pulled after pushing).
    expect(a.engine.pokes).toBe(0);

    // An edit of an existing row, on B, appears on A.
    await b.repos.closeTeamSurvey(user.id, id);
    await b.engine.syncNow();
    await until(async () => (await a.db.team_surveys.get(id))?.status === 'closed', 'on A', 10_000);
  });

  it("a public survey answer reaches the owner's device", async () => {
    const owner = await newUser();
    const dev = liveDevice(owner, await realtimeClientOf(owner, CountingWebSocket));
    dev.engine.start();
    await until(() => dev.engine.status.live === true, 'live');
    const surveyId = await dev.repos.createTeamSurvey(owner.id, 'Sondage public');
    await dev.engine.syncNow();
    expect(await dev.db.outbox.count()).toBe(0);
    const answerId = crypto.randomUUID();
    const { error } = await anonClient(backend).rpc('submit_survey_response', {
      p_response: {
        id: answerId,
        survey_id: surveyId,
        department: 'commercial',
        first_name: 'Camille',
        last_name: 'Durand',
        responses: { priorities: 'Vendre' },
        tools_satisfaction: 'yes',
      },
    });
    expect(error).toBeNull();
    await until(
      async () => (await dev.db.team_survey_responses.get(answerId)) !== undefined,
      'answer on the owner device',
      10_000,
    );
  });

  it('idle: one websocket, its heartbeats, and no pull', async () => {
    const idleUser = await newUser();
    const before = { ...counted };
    const dev = liveDevice(idleUser, await realtimeClientOf(idleUser, CountingWebSocket, 200));
    dev.engine.start();
    await until(() => dev.engine.status.live === true, 'live');
    await dev.engine.idle();
    const pulls = dev.engine.stats.pullRequests;
    const frames = counted.frames;
    await new Promise((r) => setTimeout(r, 1_100));
    expect(counted.sockets - before.sockets).toBe(1);
    expect(dev.engine.stats.pullRequests).toBe(pulls);
    // Heartbeats every 200 ms here (25 s by default), plus at most one access_token refresh each.
    const sent = counted.frames - frames;
    expect(sent).toBeGreaterThanOrEqual(4);
    expect(sent).toBeLessThanOrEqual(12);
  });
});

describe('websockets blocked', () => {
  it('never live; the periodic pull and the on-event pulls still bring every change', async () => {
    const blockedUser = await newUser();
    const writer = liveDevice(blockedUser, await realtimeClientOf(blockedUser, BlockedWebSocket));
    const reader = liveDevice(
      blockedUser,
      await realtimeClientOf(blockedUser, BlockedWebSocket),
      400,
    );
    writer.engine.start();
    reader.engine.start();
    await until(() => blockedAttempts >= 2, 'connection attempts');
    const first = await writer.repos.createTeamSurvey(blockedUser.id, 'Par le tirage périodique');
    await writer.engine.syncNow();
    await until(async () => (await reader.db.team_surveys.get(first)) !== undefined, 'periodic');
    expect(reader.engine.status.live).toBe(false);
    expect(reader.engine.pokes).toBe(0);

    // An on-event pull (the tab becomes visible) with the periodic pull out of the way.
    const onEvent = liveDevice(blockedUser, await realtimeClientOf(blockedUser, BlockedWebSocket));
    onEvent.engine.start();
    await onEvent.engine.idle();
    const second = await writer.repos.createTeamSurvey(blockedUser.id, 'Au retour sur l’onglet');
    await writer.engine.syncNow();
    expect(await writer.db.outbox.count()).toBe(0);
    onEvent.env.becomeVisible();
    await until(async () => (await onEvent.db.team_surveys.get(second)) !== undefined, 'visible');
    expect(onEvent.engine.status.live).toBe(false);
  });
});
