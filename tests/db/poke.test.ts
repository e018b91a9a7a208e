// The engine's poke port (sync/poke.ts, sync/poke-listener.ts) with the in-memory server and an
// in-memory poke channel: a poke from another device pulls its change at once (one pull per burst),
// the device's own pokes and unknown tables are ignored, « live » is reported and persisted, a
// (re)join pulls what was missed, only the leader listens, and nothing is pulled while nothing
// changes. The same engine against the real backend and Realtime: tests/sync/live.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServer, fakeRemote, testToken } from '../../sync/testing/fake-server';
import { FakePokeHub } from '../../sync/testing/fake-poke';
import { createMemoryLocks } from '../../sync/testing/locks';
import { parsePoke, webLocksLeader, type SyncEngine } from '../../sync';
import { createLocalStore } from '@/lib/sync/local-store';
import { newDevice, newEngine, openTab, until, uuid } from './helpers';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});

function setup(options: NonNullable<Parameters<typeof newEngine>[3]>['options'] = {}) {
  const server = new FakeServer();
  const user = uuid();
  server.adminUpsert('profiles', { id: user, contact_name: 'T', contact_email: 't@example.test' });
  const token = testToken(user);
  const hub = new FakePokeHub();
  const a = newDevice();
  const b = newDevice();
  const make = (dev: typeof a) => {
    const e = newEngine(dev, user, fakeRemote(server), {
      token: () => token,
      poke: hub.port(),
      // The periodic pull out of the way: any pull seen here was asked for by a poke.
      options: { periodicMs: 3_600_000, pokeDelayMs: 20, ...options },
    });
    engines.push(e.engine);
    return e;
  };
  return { server, user, hub, a, b, ea: make(a), eb: make(b) };
}

describe('pokes', () => {
  it("another device's change is pulled when its poke arrives, one pull per burst", async () => {
    const { user, hub, a, b, ea, eb } = setup();
    ea.engine.start();
    eb.engine.start();
    await until(
      () => ea.engine.status.live === true && eb.engine.status.live === true,
      'both live',
    );
    await ea.engine.idle();
    await eb.engine.idle();
    const id = await a.repos.createTeamSurvey(user, 'Sondage');
    await until(async () => (await a.db.outbox.count()) === 0, 'pushed');
    const pulls = eb.engine.stats.pullRequests;
    for (let i = 0; i < 5; i++) hub.poke({ tables: ['team_surveys'], device: 'device-a' });
    await until(async () => (await b.db.team_surveys.get(id)) !== undefined, 'pulled on poke');
    await eb.engine.idle();
    // 5 pokes within the delay: one cycle, i.e. one pull request (+ the empty page that ends it).
    expect(eb.engine.stats.pullRequests - pulls).toBeLessThanOrEqual(2);
    expect(eb.engine.pokes).toBe(5);
  });

  it("the device's own poke and pokes of tables it does not replicate are ignored", async () => {
    const { user, hub, a, ea } = setup({ tables: ['simulations', 'team_surveys'] });
    ea.engine.start();
    await until(() => ea.engine.status.live === true, 'live');
    await ea.engine.idle();
    const own = await createLocalStore(a.db, user).getDeviceId();
    const cycles = ea.engine.stats.cycles;
    hub.poke({ tables: ['team_surveys'], device: own });
    hub.poke({ tables: ['referrals'], device: 'other-device' });
    await new Promise((r) => setTimeout(r, 100));
    expect(ea.engine.stats.cycles).toBe(cycles);
    expect(ea.engine.pokes).toBe(0);
    hub.poke({ tables: ['team_surveys'], device: 'other-device' });
    await until(() => ea.engine.stats.cycles > cycles, 'a foreign poke pulls');
    expect(ea.engine.pokes).toBe(1);
  });

  it('is live while the channel is joined, persisted for the other tabs; a rejoin pulls', async () => {
    const { hub, a, ea } = setup();
    ea.engine.start();
    await until(() => ea.engine.status.live === true, 'live');
    await ea.engine.idle();
    const persisted = async () =>
      ((await a.db.sync_state.toArray()).find((s) => s.key.endsWith(':status'))?.value ?? {}) as {
        live?: boolean;
      };
    await until(async () => (await persisted()).live === true, 'persisted live');
    hub.setState('connecting');
    expect(ea.engine.status.live === true).toBe(false);
    await until(async () => (await persisted()).live === false, 'persisted not live');
    const cycles = ea.engine.stats.cycles;
    hub.setState('live');
    await until(() => ea.engine.stats.cycles > cycles, 'pull on rejoin');
    expect(ea.engine.status.live === true).toBe(true);
  });

  it('while live a local write is pushed after liveDebounceMs, else after debounceMs', async () => {
    const { user, server, hub, a, ea } = setup({ debounceMs: 60_000, liveDebounceMs: 10 });
    ea.engine.start();
    await until(() => ea.engine.status.live === true, 'live');
    await a.repos.createTeamSurvey(user, 'vite');
    await until(() => server.rows('team_surveys', user).length === 1, 'pushed quickly while live');
    // The start's cycle can push the write before the write's own notification arrives: its timer
    // (liveDebounceMs) is then still pending, and the cycle it starts would take the next write
    // with it if it fired before that write's notification. Let it pass first.
    await new Promise((r) => setTimeout(r, 50));
    await ea.engine.idle();
    hub.setState('connecting');
    await ea.engine.idle();
    await a.repos.createTeamSurvey(user, 'plus tard');
    await new Promise((r) => setTimeout(r, 200));
    expect(server.rows('team_surveys', user)).toHaveLength(1);
  });

  it('idle: no pull while nothing changes', async () => {
    const { ea } = setup();
    ea.engine.start();
    await until(() => ea.engine.status.live === true, 'live');
    await ea.engine.idle();
    const pulls = ea.engine.stats.pullRequests;
    await new Promise((r) => setTimeout(r, 300));
    expect(ea.engine.stats.pullRequests).toBe(pulls);
  });

  it('only the leader tab listens; stop leaves the channel', async () => {
    const server = new FakeServer();
    const user = uuid();
    const token = testToken(user);
    const hub = new FakePokeHub();
    const locks = createMemoryLocks();
    const dev = newDevice();
    const tab2 = openTab(dev);
    const [t1, t2] = [dev, tab2].map((d) => {
      const e = newEngine(d, user, fakeRemote(server), {
        token: () => token,
        poke: hub.port(),
        leader: webLocksLeader(locks, `sync:${user}`),
      });
      engines.push(e.engine);
      return e;
    });
    t1!.engine.start();
    t2!.engine.start();
    await until(() => t1!.engine.status.live === true, 'leader live');
    expect(hub.subscriptions).toBe(1);
    expect(t2!.engine.status.live === true).toBe(false);
    await t1!.engine.stop();
    expect(hub.subscribers.size).toBe(0);
    expect(t1!.engine.status.live === true).toBe(false);
    await until(() => t2!.engine.status.live === true, 'the next leader listens');
    expect(hub.subscriptions).toBe(2);
  });
});

describe('parsePoke', () => {
  it('keeps known tables and a string or null device; refuses anything else', () => {
    expect(parsePoke({ tables: ['simulations', 'x'], device: 'd', id: 'm' })).toEqual({
      tables: ['simulations'],
      device: 'd',
    });
    expect(parsePoke({ tables: ['team_survey_responses'] })).toEqual({
      tables: ['team_survey_responses'],
      device: null,
    });
    for (const bad of [
      null,
      [],
      'poke',
      { tables: 'simulations' },
      { tables: [] },
      { tables: ['simulations'], device: 3 },
    ])
      expect(parsePoke(bad)).toBeNull();
  });
});
