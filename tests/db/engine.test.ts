// The engine against the in-memory server (same semantics as the SQL functions): scheduling,
// retries, auth, batch splitting, leadership. The fault suite against the real backend is in
// tests/sync.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServer, fakeRemote, testToken } from '../../sync/testing/fake-server';
import { FaultInjector, faultyRemote } from '../../sync/testing/faults';
import { createMemoryLocks } from '../../sync/testing/locks';
import {
  classifyHttp,
  manualEnv,
  webLocksLeader,
  type RemotePort,
  type SyncEngine,
} from '../../sync';
import { newDevice, newEngine, openTab, until, uuid } from './helpers';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});
function track<T extends { engine: SyncEngine }>(x: T): T {
  engines.push(x.engine);
  return x;
}

function setup() {
  const server = new FakeServer();
  const user = uuid();
  server.adminUpsert('profiles', {
    id: user,
    contact_name: 'Test',
    contact_email: 't@example.test',
  });
  const token = testToken(user);
  return { server, user, token };
}

/** `n` active surveys of the user on the server, in the order written; their ids. */
function activeSurveys(server: FakeServer, user: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const id = uuid();
    server.adminUpsert('team_surveys', { id, company_id: user, name: `S${i}`, status: 'active' });
    return id;
  });
}

describe('engine with the in-memory server', () => {
  it('pushes local writes and pulls them on another device', async () => {
    const { server, user, token } = setup();
    const a = newDevice();
    const b = newDevice();
    const ea = track(newEngine(a, user, fakeRemote(server), { token: () => token }));
    const eb = track(newEngine(b, user, fakeRemote(server), { token: () => token }));
    ea.engine.start();
    eb.engine.start();
    const id = await a.repos.createTeamSurvey(user, 'Sondage');
    // The write triggers a push on its own (debounced).
    await until(async () => (await a.db.outbox.count()) === 0, 'push after write');
    await eb.engine.syncNow();
    expect(await b.db.team_surveys.get(id)).toMatchObject({ name: 'Sondage', status: 'active' });
    expect(await b.repos.getProfile(user)).toMatchObject({ contact_email: 't@example.test' });
    expect(eb.engine.status).toMatchObject({ phase: 'idle', error: null, pending: 0 });
  });

  it('a pulled row the device cannot read is kept aside and the pull goes on past it (no retry of the same page)', async () => {
    const { server, user, token } = setup();
    const ids = [uuid(), uuid(), uuid()];
    ids.forEach((id, i) =>
      server.adminUpsert('team_surveys', {
        id,
        company_id: user,
        name: `Sondage ${i}`,
        status: 'active',
        // The middle row holds a date no client can read (what the server now refuses).
        ...(i === 1 ? { created_at: '-infinity' } : {}),
      }),
    );
    const a = newDevice();
    const { engine } = track(newEngine(a, user, fakeRemote(server), { token: () => token }));
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(engine.status).toMatchObject({ phase: 'idle', error: null });
    expect(await a.db.team_surveys.get(ids[0]!)).toBeDefined();
    expect(await a.db.team_surveys.get(ids[2]!)).toBeDefined();
    expect(await a.db.team_surveys.get(ids[1]!)).toBeUndefined();
    expect(await a.db.quarantine.count()).toBe(1);
    // The next sync does not ask for that page again: one request, nothing new.
    const before = server.calls.pull;
    await engine.syncNow();
    expect(server.calls.pull - before).toBe(1);
    expect(engine.status.error).toBeNull();
  });

  it('stops pulling when the server says nothing more follows (keyset pages, no count)', async () => {
    const { server, user, token } = setup();
    activeSurveys(server, user, 5);
    const a = newDevice();
    const { engine } = track(
      newEngine(a, user, fakeRemote(server), { token: () => token, options: { pullPageSize: 2 } }),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(await a.db.team_surveys.count()).toBe(5);
    // Pages of 2 for 6 rows in all (profile + 5 surveys): 3 requests, no extra empty one.
    expect(engine.stats.pullRequests).toBe(3);
  });

  it('pipelines the pull: the next page is asked for while this one is written locally', async () => {
    const { server, user, token } = setup();
    activeSurveys(server, user, 7);
    const a = newDevice();
    const events: string[] = [];
    const remote = fakeRemote(server);
    const { engine } = track(
      newEngine(
        a,
        user,
        {
          ...remote,
          pull: (ctx, cursors, limit) => {
            events.push('request');
            return remote.pull(ctx, cursors, limit);
          },
        },
        {
          token: () => token,
          options: { pullPageSize: 3 },
          store: (store) => ({
            ...store,
            async applyPullPage(table, rows) {
              events.push('apply');
              await new Promise((r) => setTimeout(r, 20));
              const result = await store.applyPullPage(table, rows);
              events.push('applied');
              return result;
            },
          }),
        },
      ),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(await a.db.team_surveys.count()).toBe(7);
    // 8 rows (profile + 7 surveys) in pages of 3: 3 requests, each of the last two sent before
    // the page before it was written (no request after the last page: the server said so).
    expect(engine.stats.pullRequests).toBe(3);
    expect(events.slice(0, 3)).toEqual(['request', 'request', 'apply']);
    expect(events.filter((e) => e === 'request')).toHaveLength(3);
    expect(events.lastIndexOf('request')).toBeLessThan(events.lastIndexOf('applied'));
  });

  it('a pipelined page is dropped when the local store ends the page elsewhere: asked again from there', async () => {
    const { server, user, token } = setup();
    const ids = activeSurveys(server, user, 6);
    const a = newDevice();
    const asked: string[] = [];
    const remote = fakeRemote(server);
    let shortened = false;
    const { engine } = track(
      newEngine(
        a,
        user,
        {
          ...remote,
          pull: (ctx, cursors, limit) => {
            asked.push(cursors.team_surveys?.id ?? '');
            return remote.pull(ctx, cursors, limit);
          },
        },
        {
          token: () => token,
          options: { pullPageSize: 4, tables: ['team_surveys'] },
          store: (store) => ({
            ...store,
            // The first page is kept only up to its second-to-last row (as a store that stopped
            // short would): the pull must go on from there, not from the prefetched position.
            async applyPullPage(table, rows) {
              if (shortened) return store.applyPullPage(table, rows);
              shortened = true;
              return store.applyPullPage(table, rows.slice(0, -1));
            },
          }),
        },
      ),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(await a.db.team_surveys.count()).toBe(6);
    // Rows come in the order they were written (sync_version). Asked from the start, then
    // (pipelined) after row 4, dropped; asked again after row 3.
    expect(asked.slice(0, 3)).toEqual(['00000000-0000-0000-0000-000000000000', ids[3], ids[2]]);
  });

  it('pipelines the push: the next batch is sent while the answers of this one are written', async () => {
    const { server, user, token } = setup();
    const a = newDevice();
    for (let i = 0; i < 7; i++) await a.repos.createTeamSurvey(user, `Enquête ${i}`);
    const events: string[] = [];
    const sentIds: string[][] = [];
    const remote = fakeRemote(server);
    const { engine } = track(
      newEngine(
        a,
        user,
        {
          ...remote,
          push: (ctx, mutations) => {
            events.push('request');
            sentIds.push(mutations.map((m) => m.id));
            return remote.push(ctx, mutations);
          },
        },
        {
          token: () => token,
          options: { pushBatchSize: 3 },
          store: (store) => ({
            ...store,
            async applyPushResults(results, sent) {
              events.push('apply');
              await new Promise((r) => setTimeout(r, 20));
              await store.applyPushResults(results, sent);
              events.push('applied');
            },
          }),
        },
      ),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(await a.db.outbox.count()).toBe(0);
    expect(server.rows('team_surveys', user)).toHaveLength(7);
    // 7 mutations in batches of 3: 3 requests, in outbox order, each sent before the answers of
    // the batch before it were written; every mutation sent once.
    expect(engine.stats.pushRequests).toBe(3);
    expect(events).toEqual([
      'request',
      'request',
      'apply',
      'applied',
      'request',
      'apply',
      'applied',
      'apply',
      'applied',
    ]);
    const flat = sentIds.flat();
    expect(new Set(flat).size).toBe(7);
    expect(flat).toHaveLength(7);
  });

  it('a batch answered in part is not pipelined: the unanswered mutations go again first', async () => {
    const { server, user, token } = setup();
    const a = newDevice();
    for (let i = 0; i < 5; i++) await a.repos.createTeamSurvey(user, `Enquête ${i}`);
    const sent: string[][] = [];
    const remote = fakeRemote(server);
    let partial = true;
    const { engine } = track(
      newEngine(
        a,
        user,
        {
          ...remote,
          push: async (ctx, mutations) => {
            sent.push(mutations.map((m) => m.id));
            // The first answer covers only the first mutation (the others were not processed).
            if (partial) {
              partial = false;
              return (await remote.push(ctx, mutations.slice(0, 1))).slice(0, 1);
            }
            return remote.push(ctx, mutations);
          },
        },
        { token: () => token, options: { pushBatchSize: 3 } },
      ),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await engine.idle();
    expect(await a.db.outbox.count()).toBe(0);
    expect(server.rows('team_surveys', user)).toHaveLength(5);
    // Second request: from the start of the outbox again (mutations 2 and 3 first), not after 3.
    expect(sent[1]!.slice(0, 2)).toEqual(sent[0]!.slice(1, 3));
  });

  it('writing the answers fails while the next batch is in flight: nothing lost, nothing applied twice', async () => {
    const { server, user, token } = setup();
    const a = newDevice();
    for (let i = 0; i < 6; i++) await a.repos.createTeamSurvey(user, `Enquête ${i}`);
    const remote = fakeRemote(server);
    let failures = 1;
    let inFlight = 0;
    let overlapped = false;
    const { engine } = track(
      newEngine(
        a,
        user,
        {
          ...remote,
          push: async (ctx, mutations) => {
            inFlight++;
            try {
              await new Promise((r) => setTimeout(r, 10));
              return await remote.push(ctx, mutations);
            } finally {
              inFlight--;
            }
          },
        },
        {
          token: () => token,
          options: { pushBatchSize: 3 },
          store: (store) => ({
            ...store,
            async applyPushResults(results, sent) {
              if (failures > 0) {
                failures--;
                overlapped = inFlight > 0;
                throw new Error('disk full (test)');
              }
              await store.applyPushResults(results, sent);
            },
          }),
        },
      ),
    );
    engine.start();
    await until(() => engine.isLeader, 'leadership');
    await until(async () => (await a.db.outbox.count()) === 0, 'outbox emptied after the retry');
    expect(overlapped).toBe(true);
    // The first batch was applied on the server, then re-sent and answered `duplicate`: six rows.
    expect(server.rows('team_surveys', user)).toHaveLength(6);
  });

  it('retries a failed push on its own, with backoff, without a new write', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const faults = new FaultInjector().next(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503 },
    );
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), { token: () => token }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(async () => (await dev.db.outbox.count()) === 0, 'retried push');
    expect(faults.log.slice(0, 3).map((l) => l.fault)).toEqual(['status', 'status', 'ok']);
    expect(server.rows('team_surveys', user)).toHaveLength(1);
  });

  it('honours Retry-After on 429', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const faults = new FaultInjector().next({ kind: 'status', status: 429, retryAfter: '1' });
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), { token: () => token }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(() => engine.status.phase === 'error', 'rate limited');
    expect(engine.status.error).toBe('rate_limited');
    expect(engine.status.nextRetryAt! - Date.now()).toBeGreaterThan(800);
    await until(async () => (await dev.db.outbox.count()) === 0, 'push after Retry-After');
  });

  it('a busy server (503 + Retry-After): waits that long before the next try, even after new writes', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const faults = new FaultInjector().next({ kind: 'status', status: 503, retryAfter: '30' });
    // Timers of a second or more (the retry, the periodic pull) are kept here, not run.
    const env = manualEnv();
    const long: { fn: () => void; ms: number }[] = [];
    env.setTimeout = (fn: () => void, ms: number): unknown => {
      if (ms < 1000) return setTimeout(fn, ms);
      long.push({ fn, ms });
      return long.length;
    };
    env.clearTimeout = (h: unknown) => {
      if (typeof h === 'number' && h <= long.length) long[h - 1]!.fn = () => undefined;
      else clearTimeout(h as ReturnType<typeof setTimeout>);
    };
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), { token: () => token, env }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(() => engine.status.phase === 'error', 'busy answer');
    expect(engine.status.error).toBe('server');
    const retry = long.find((t) => t.ms >= 30_000 && t.ms <= 31_000);
    expect(retry, `delays: ${long.map((t) => t.ms).join(', ')}`).toBeDefined();
    expect(engine.status.nextRetryAt! - Date.now()).toBeGreaterThan(29_000);
    // A new write during the wait does not send anything early.
    await dev.repos.createTeamSurvey(user, 'y');
    await new Promise((r) => setTimeout(r, 50));
    expect(faults.log).toHaveLength(1);
    // Once Retry-After has passed, the engine tries again and everything goes through.
    retry!.fn();
    await until(async () => (await dev.db.outbox.count()) === 0, 'push after Retry-After');
    expect(server.rows('team_surveys', user)).toHaveLength(2);
  });

  it('on 401 refreshes the session and retries; when refresh fails, keeps the outbox and asks to sign in', async () => {
    const { server, user } = setup();
    const dev = newDevice();
    let token = testToken(user, { expSeconds: Math.floor(Date.now() / 1000) + 5 }); // expires within the margin
    let refreshes = 0;
    const { engine } = track(
      newEngine(dev, user, fakeRemote(server), {
        token: () => token,
        refresh: async () => {
          refreshes++;
          token = testToken(user);
          return token;
        },
      }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(async () => (await dev.db.outbox.count()) === 0, 'push after refresh');
    expect(refreshes).toBe(1);

    // The server refuses the token and the refresh token is gone.
    const dev2 = newDevice();
    let asked = 0;
    const refused: RemotePort = {
      push: async () => {
        throw Object.assign(new Error('JWT expired'), {
          name: 'RemoteError',
          kind: 'unauthorized',
          status: 401,
          retryAfterMs: null,
          code: null,
        });
      },
      pull: async () => ({ pages: {} }),
    };
    const e2 = track(
      newEngine(dev2, user, refused, {
        token: () => testToken(user),
        refresh: async () => null,
        onUnauthorized: () => asked++,
      }),
    );
    await dev2.repos.createTeamSurvey(user, 'kept');
    e2.engine.start();
    await until(() => e2.engine.status.phase === 'auth_required', 'auth required');
    expect(asked).toBe(1);
    expect(await dev2.db.outbox.count()).toBe(1);
  });

  it('never sends the anon key: no user session, no request', async () => {
    const { server, user } = setup();
    const dev = newDevice();
    let calls = 0;
    const counting: RemotePort = {
      push: async (ctx, m) => {
        calls++;
        return fakeRemote(server).push(ctx, m);
      },
      pull: async (ctx, c, l) => {
        calls++;
        return fakeRemote(server).pull(ctx, c, l);
      },
    };
    const anon = testToken('anon', { role: 'anon' });
    const { engine } = track(
      newEngine(dev, user, counting, { token: () => anon, refresh: async () => anon }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(() => engine.status.phase === 'auth_required', 'auth required');
    expect(calls).toBe(0);
    expect(await dev.db.outbox.count()).toBe(1);
  });

  it('413 splits the batch; a single mutation still too large goes to the dead letters', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const remote = fakeRemote(server);
    const sizes: number[] = [];
    const capped: RemotePort = {
      push: async (ctx, ms) => {
        sizes.push(ms.length);
        if (ms.length > 3 || ms.some((m) => String(m.fields.name ?? '').length > 100)) {
          throw classifyHttp(413, null, null, 'too large');
        }
        return remote.push(ctx, ms);
      },
      pull: remote.pull,
    };
    for (let i = 0; i < 10; i++)
      await dev.repos.createTeamSurvey(user, i === 4 ? 'x'.repeat(150) : `s${i}`);
    const { engine } = track(
      newEngine(dev, user, capped, { token: () => token, options: { pushBatchSize: 8 } }),
    );
    engine.start();
    await until(async () => (await dev.db.outbox.count()) === 0, 'outbox drained');
    expect(sizes[0]).toBe(8);
    expect(server.rows('team_surveys', user)).toHaveLength(9);
    const dead = await dev.repos.listDeadLetters(user);
    expect(dead.map((d) => d.code)).toEqual(['too_large']);
  });

  it('offline: no request; the online event syncs', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const env = manualEnv({ online: false });
    const faults = new FaultInjector();
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), { token: () => token, env }),
    );
    await dev.repos.createTeamSurvey(user, 'x');
    engine.start();
    await until(() => engine.status.phase === 'offline', 'offline status');
    expect(faults.log).toHaveLength(0);
    env.goOnline();
    await until(async () => (await dev.db.outbox.count()) === 0, 'synced when online');
    await engine.idle();
    expect(engine.status.phase).toBe('idle');
  });

  it('back online: pushes at once, not when the backoff armed during the outage ends', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const env = manualEnv();
    // The network is gone while the browser still says online: every cycle fails and the backoff
    // grows (steps of 1, 2, 4… minutes: no timer of this test can fire by itself).
    const faults = new FaultInjector();
    faults.offline = true;
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), {
        token: () => token,
        env,
        options: { backoff: { baseMs: 60_000, maxMs: 3_600_000, factor: 2 } },
      }),
    );
    engine.start();
    await dev.repos.createTeamSurvey(user, 'x');
    for (let i = 0; i < 3; i++) await engine.syncNow();
    expect(engine.status.error).toBe('offline');
    const armed = engine.status.nextRetryAt! - Date.now();
    expect(armed).toBeGreaterThan(4 * 60_000); // the 4th step: 4 to 8 minutes
    const pushesBefore = engine.stats.pushRequests;

    // The browser notices the outage, then the connection comes back.
    env.goOffline();
    faults.offline = false;
    env.goOnline();
    await until(async () => (await dev.db.outbox.count()) === 0, 'pushed on `online`');
    expect(engine.stats.pushRequests).toBe(pushesBefore + 1);
    expect(server.rows('team_surveys', user)).toHaveLength(1);
    await engine.idle();
    expect(engine.status).toMatchObject({ phase: 'idle', nextRetryAt: null });
  });

  it('back online: a failure right after reconnecting retries after the first backoff step', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const env = manualEnv();
    const faults = new FaultInjector();
    faults.offline = true;
    const backoff = { baseMs: 60_000, maxMs: 3_600_000, factor: 2 };
    const { engine } = track(
      newEngine(dev, user, faultyRemote(fakeRemote(server), faults), {
        token: () => token,
        env,
        options: { backoff },
      }),
    );
    engine.start();
    await dev.repos.createTeamSurvey(user, 'x');
    for (let i = 0; i < 3; i++) await engine.syncNow();
    // Back online, but the first request still fails (the network is not quite up).
    env.goOffline();
    env.goOnline();
    await until(() => engine.stats.cycles >= 5, 'the cycle of `online`');
    await engine.idle();
    expect(engine.status.error).toBe('offline');
    // The first step of the backoff (equal jitter: half to all of baseMs), not the outage's 4th.
    expect(engine.status.nextRetryAt! - Date.now()).toBeLessThanOrEqual(backoff.baseMs);
  });

  it('two tabs of one device: one leader pushes, the other takes over when it closes', async () => {
    const { server, user, token } = setup();
    const shared = newDevice();
    // Two tabs = two Dexie instances of the same database.
    const tab2 = openTab(shared);
    const locks = createMemoryLocks();
    const pushesBy = { t1: 0, t2: 0 };
    const counted = (tab: 't1' | 't2'): RemotePort => ({
      push: async (ctx, ms) => {
        pushesBy[tab]++;
        return fakeRemote(server).push(ctx, ms);
      },
      pull: (ctx, c, l) => fakeRemote(server).pull(ctx, c, l),
    });
    const t1 = track(
      newEngine(shared, user, counted('t1'), {
        token: () => token,
        leader: webLocksLeader(locks, 'sync'),
      }),
    );
    const t2 = track(
      newEngine(tab2, user, counted('t2'), {
        token: () => token,
        leader: webLocksLeader(locks, 'sync'),
      }),
    );
    t1.engine.start();
    t2.engine.start();
    await until(() => t1.engine.isLeader, 'leader');
    expect(t2.engine.isLeader).toBe(false);
    await shared.repos.createTeamSurvey(user, 'from tab 1');
    await until(async () => (await shared.db.outbox.count()) === 0, 'tab 1 push');
    await t1.engine.stop();
    await until(() => t2.engine.isLeader, 'tab 2 takes over');
    await tab2.repos.createTeamSurvey(user, 'from tab 2');
    await until(async () => (await tab2.db.outbox.count()) === 0, 'tab 2 push');
    expect(pushesBy.t1).toBeGreaterThan(0);
    expect(pushesBy.t2).toBeGreaterThan(0);
    expect(
      server
        .rows('team_surveys', user)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['from tab 1', 'from tab 2']);
  });
});

describe('when the engine runs', () => {
  it('at start, on visibility, after a write (debounced) and periodically', async () => {
    const { server, user, token } = setup();
    const dev = newDevice();
    const { engine, env } = track(
      newEngine(dev, user, fakeRemote(server), {
        token: () => token,
        options: { periodicMs: 40, debounceMs: 20 },
      }),
    );
    engine.start();
    await until(() => engine.stats.cycles >= 1, 'cycle at start');
    // Periodic cycles while online.
    const before = engine.stats.cycles;
    await until(() => engine.stats.cycles >= before + 2, 'periodic cycles');
    // Visibility.
    env.becomeVisible();
    await until(() => engine.stats.cycles >= before + 3, 'cycle on visibility');
    // A write: pushed without anything else.
    await dev.repos.createTeamSurvey(user, 'x');
    await until(() => server.rows('team_surveys', user).length === 1, 'pushed after write');
  });
});
