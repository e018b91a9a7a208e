// The property scenario shared by the in-memory run (tests/db/property.test.ts) and the real
// backend run (tests/sync/property-backend.test.ts): random sequences of edits on 2-3 devices of
// one user, with random network failures, converge to the server state, and every mutation is
// applied exactly once, resolved as a shown conflict, or in the dead-letter list: none vanishes.
import fc from 'fast-check';
import { expect } from 'vitest';
import { FaultInjector, faultyRemote, type Fault } from '../../sync/testing/faults';
import type { MutationResult, RemotePort, Row, SyncEngine, SyncTable } from '../../sync';
import { TRAINING_STATUSES } from '@/db';
import { newDevice, newEngine, siret, type Device } from './helpers';

/** What the runs exercised (the property must meet conflicts, refusals and faults). */
export const coverage = { conflicts: 0, deadLetters: 0, faults: 0, mutations: 0 };

/** Where the scenario runs: the in-memory server or the real backend. */
export type ScenarioBackend = {
  newUser(): Promise<{ userId: string; token: () => string }>;
  remote(): RemotePort;
  rows(table: SyncTable, userId: string): Promise<Row[]>;
  /** First recorded result of each mutation id (absent: the server never applied it). */
  results(userId: string, ids: string[]): Promise<Map<string, MutationResult>>;
  /** How many times each id took effect, when the backend can tell (in-memory server). */
  effects?: (id: string) => number;
};

export type Cmd =
  | { t: 'create'; c: number; topic: string }
  | { t: 'edit'; c: number; pick: number; field: 'topic' | 'cost' | 'status'; v: number }
  | { t: 'delete'; c: number; pick: number }
  | { t: 'company'; c: number; n: number }
  | { t: 'sync'; c: number }
  | { t: 'fault'; c: number; kind: 'offline' | 'timeout' | 'timeout_after_commit' | '500' }
  | { t: 'restore'; c: number; pick: number };

const TOPICS = ['Excel', 'Anglais', 'Management', 'Sécurité'];

export function commandArb(clients: number): fc.Arbitrary<Cmd> {
  const c = fc.integer({ min: 0, max: clients - 1 });
  return fc.oneof(
    fc.record({ t: fc.constant('create' as const), c, topic: fc.constantFrom(...TOPICS) }),
    {
      arbitrary: fc.record({
        t: fc.constant('edit' as const),
        c,
        pick: fc.nat(20),
        field: fc.constantFrom('topic' as const, 'cost' as const, 'status' as const),
        v: fc.nat(4),
      }),
      weight: 3,
    },
    fc.record({ t: fc.constant('delete' as const), c, pick: fc.nat(20) }),
    fc.record({ t: fc.constant('company' as const), c, n: fc.integer({ min: 1, max: 5 }) }),
    { arbitrary: fc.record({ t: fc.constant('sync' as const), c }), weight: 3 },
    fc.record({
      t: fc.constant('fault' as const),
      c,
      kind: fc.constantFrom(
        'offline' as const,
        'timeout' as const,
        'timeout_after_commit' as const,
        '500' as const,
      ),
    }),
    fc.record({ t: fc.constant('restore' as const), c, pick: fc.nat(5) }),
  );
}

function toFault(kind: Extract<Cmd, { t: 'fault' }>['kind']): Fault {
  return kind === '500' ? { kind: 'status', status: 500 } : { kind };
}

const BUSINESS = {
  training_requests: ['id', 'topic', 'cost', 'status', 'deleted_at'],
  simulations: ['id', 'company_siret', 'deleted_at'],
} as const;

function project(rows: Array<Record<string, unknown>>, cols: readonly string[]) {
  return rows
    .map((r) => Object.fromEntries(cols.map((k) => [k, k === 'deleted_at' ? Boolean(r[k]) : r[k]])))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

export async function runScenario(backend: ScenarioBackend, clients: number, cmds: Cmd[]) {
  const { userId: user, token: tokenOf } = await backend.newUser();
  const devices: Device[] = [];
  const faults: FaultInjector[] = [];
  const engines: SyncEngine[] = [];
  const created = new Set<string>();
  for (let i = 0; i < clients; i++) {
    const d = newDevice();
    const f = new FaultInjector();
    const { engine } = newEngine(d, user, faultyRemote(backend.remote(), f), {
      token: tokenOf,
      // Timers never fire during a run: the commands drive every cycle.
      options: {
        debounceMs: 1e9,
        periodicMs: 1e9,
        backoff: { baseMs: 1e9, maxMs: 1e9, factor: 1 },
        tables: ['simulations', 'training_requests'],
      },
    });
    engine.start();
    devices.push(d);
    faults.push(f);
    engines.push(engine);
  }
  await Promise.all(engines.map((e) => e.idle()));
  // Collects the mutation ids every local write appends.
  const record = async (d: Device, write: () => Promise<unknown>) => {
    const before = Number((await d.db.outbox.orderBy(':id').lastKey()) ?? 0);
    try {
      await write();
    } catch (e) {
      if (!(e instanceof Error && e.name === 'LocalStoreError')) throw e;
    }
    for (const m of await d.db.outbox.where(':id').above(before).toArray()) created.add(m.id);
  };
  try {
    for (const cmd of cmds) {
      const d = devices[cmd.c]!;
      const live = await d.repos.listTrainingRequests(user);
      switch (cmd.t) {
        case 'create':
          await record(d, () =>
            d.repos.createTrainingRequest(user, {
              topic: cmd.topic,
              format: 'remote',
              duration: 7,
              cost: 100,
            }),
          );
          break;
        case 'edit': {
          const row = live[cmd.pick % Math.max(1, live.length)];
          if (!row) break;
          const patch =
            cmd.field === 'topic'
              ? { topic: TOPICS[cmd.v % TOPICS.length]! }
              : cmd.field === 'cost'
                ? { cost: cmd.v * 100 }
                : { status: TRAINING_STATUSES[cmd.v]! };
          await record(d, () => d.repos.updateTrainingRequest(user, row.id, patch));
          break;
        }
        case 'delete': {
          const row = live[cmd.pick % Math.max(1, live.length)];
          if (row) await record(d, () => d.repos.deleteTrainingRequest(user, row.id));
          break;
        }
        case 'company':
          await record(d, () =>
            d.repos.saveSimulation(user, {
              company_name: `C${cmd.n}`,
              company_siret: siret(cmd.n),
              employee_range_min: 1,
              employee_range_max: 9,
            }),
          );
          break;
        case 'sync':
          await engines[cmd.c]!.syncNow();
          break;
        case 'fault':
          faults[cmd.c]!.next(toFault(cmd.kind));
          break;
        case 'restore': {
          const notices = await d.repos.listConflicts(user);
          const n = notices[cmd.pick % Math.max(1, notices.length)];
          if (n) await record(d, () => d.repos.restoreMine(user, n.id));
          break;
        }
      }
    }
    // The network comes back: sync everyone until nothing is pending, then once more to pull.
    for (const f of faults) f.clear();
    for (let round = 0; round < 4; round++) {
      for (const e of engines) await e.syncNow();
    }
    for (const e of engines) await e.syncNow();

    // Converged: every device shows the server state.
    const serverTr = project(
      await backend.rows('training_requests', user),
      BUSINESS.training_requests,
    );
    const serverSim = project(await backend.rows('simulations', user), BUSINESS.simulations);
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(project(await d.db.training_requests.toArray(), BUSINESS.training_requests)).toEqual(
        serverTr,
      );
      expect(project(await d.db.simulations.toArray(), BUSINESS.simulations)).toEqual(serverSim);
    }
    // Accounted for: applied exactly once, a shown conflict, or a dead letter.
    const notices = new Set<string>();
    const dead = new Set<string>();
    for (const d of devices) {
      for (const n of await d.repos.listConflicts(user)) {
        // A notice replaced by a later one of the same field still accounts for its mutation.
        for (const id of [n.id, ...(n.superseded ?? [])]) notices.add(id);
      }
      for (const x of await d.repos.listDeadLetters(user)) dead.add(x.id);
    }
    const restored = new Set<string>(); // notices resolved by 'restore' left through a new mutation
    const results = await backend.results(user, [...created]);
    for (const id of created) {
      if (backend.effects) expect(backend.effects(id)).toBe(1);
      const result = results.get(id);
      expect(result, `mutation ${id} vanished`).toBeDefined();
      if (result!.status === 'conflict' && !notices.has(id)) restored.add(id);
      if (result!.status === 'rejected') expect(dead.has(id)).toBe(true);
    }
    // A conflict notice disappears only through 'restore mine', which made a new mutation.
    expect(restored.size).toBeLessThanOrEqual(cmds.filter((c) => c.t === 'restore').length);
    for (const id of [...notices, ...dead]) expect(created.has(id)).toBe(true);
    coverage.conflicts += notices.size;
    coverage.deadLetters += dead.size;
    coverage.faults += faults.reduce((n, f) => n + f.log.filter((l) => l.fault !== 'ok').length, 0);
    coverage.mutations += created.size;
  } finally {
    for (const e of engines) await e.stop();
    for (const d of devices) d.db.close();
  }
}
