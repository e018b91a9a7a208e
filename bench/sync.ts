// npm run bench:sync — prints JSON. Measures, in one run:
//  - pull-and-apply of 10,000 rows (validation, pending-change overlay, bulkPut, checkpoint per
//    page) from the in-memory server, next to a raw Dexie bulkPut of the same rows in pages of the
//    same size: the ratio is the client pipeline's cost (goal >= 0.5);
//  - the same pull end to end from the real embedded backend (HTTP + Postgres);
//  - pushing 1,000 mutations to the real backend: requests and time;
//  - peak memory (RSS, heap) of the process.
// IndexedDB is fake-indexeddb (Node): absolute rates are lower than in a browser; the ratio is
// what the goal is about (bench:browser measures the same in Chromium).
// Quick mode (--quick, CI): 2,000 rows, 200 mutations; fails when the script breaks, when the pull
// ratio falls under half its goal, or when pushing takes more than 15x a bulk insert of the same
// rows through the REST API measured in the same run.
import 'fake-indexeddb/auto';
import { getHeapStatistics } from 'node:v8';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  createLocalDb,
  createReplicaStore,
  applyLocalChanges,
  type LocalChange,
  type LocalDb,
} from '../src/db/index';
import { FakeServer, fakeRemote, testToken } from '../sync/testing/fake-server';
import {
  createSupabaseRemote,
  manualEnv,
  soleLeader,
  SyncEngine,
  type RemotePort,
  type Row,
  type SyncEngineOptions,
} from '../sync';
import { goal, measured, must, pick, run } from './lib/harness';

const ROWS = Number(process.env.BENCH_ROWS ?? pick(10_000, 2_000));
const PUSH = Number(process.env.BENCH_PUSH ?? pick(1_000, 200));
const PAGE = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const withBackend = process.env.BENCH_BACKEND !== '0';

let peakRss = 0;
let peakHeap = 0;
// Cheap probes (process.memoryUsage() walks the heap and would slow the measured code down).
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
};
const sampler = setInterval(sample, 25);

const uuid = () => crypto.randomUUID();
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const round = (n: number) => Math.round(n);

function newDb(): LocalDb {
  return createLocalDb(`bench-${uuid()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

function trainingRow(owner: string, i: number, version: number): Row {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString();
  return {
    id: uuid(),
    company_id: owner,
    employee_id: null,
    topic: `Formation ${i}`,
    pedagogical_objectives:
      'Objectifs pédagogiques détaillés de la formation, sur quelques lignes.',
    business_impact: 'medium',
    format: i % 2 ? 'remote' : 'in_person',
    training_organization: 'Organisme',
    duration: 7 + (i % 30),
    cost: 1000 + i,
    funding_type: 'OPCO',
    coverage_rate: 100,
    remaining_cost: 0,
    status: 'to_organize',
    user_name: 'Camille Martin',
    user_email: 'camille@example.test',
    user_phone: null,
    company_name: 'ACME',
    company_siret: '12345678900011',
    idcc: '1486',
    created_at: at,
    updated_at: at,
    deleted_at: null,
    sync_version: version,
  };
}

function engineFor(
  db: LocalDb,
  owner: string,
  remote: RemotePort,
  token: () => string,
  options: Partial<SyncEngineOptions> = {},
) {
  const store = createReplicaStore(db, owner);
  const engine = new SyncEngine({
    store,
    remote,
    env: manualEnv(),
    leader: soleLeader,
    auth: {
      getAccessToken: async () => token(),
      refreshSession: async () => token(),
      onUnauthorized: () => undefined,
    },
    options: {
      tables: ['training_requests'],
      debounceMs: 1e9,
      periodicMs: 1e9,
      pullPageSize: PAGE,
      ...options,
    },
  });
  return engine;
}

/** Time of the engine's first cycle (start -> leadership -> push and pull -> idle). */
async function firstCycle(engine: SyncEngine): Promise<number> {
  const t = performance.now();
  engine.start();
  while (!engine.isLeader) await new Promise((r) => setTimeout(r, 0));
  await engine.idle();
  return performance.now() - t;
}

async function main(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    rows: ROWS,
    page: PAGE,
    indexeddb: 'fake-indexeddb (Node)',
  };

  // 1-2. Raw bulkPut of the rows in pages of PAGE, and pull-and-apply of the same rows from the
  // in-memory server (no network), alternated RUNS times after a warm-up; medians are reported
  // (the machine is shared: single runs are noisy).
  const owner = uuid();
  const rows = Array.from({ length: ROWS }, (_, i) => trainingRow(owner, i, 1000 + i));
  const server = new FakeServer();
  server.seed('training_requests', rows);
  const token = testToken(owner);
  const rawRun = async (n: number) => {
    const raw = newDb();
    await raw.open();
    const t = performance.now();
    for (let i = 0; i < n; i += PAGE)
      await raw.training_requests.bulkPut(rows.slice(i, Math.min(i + PAGE, n)) as never[]);
    const ms = performance.now() - t;
    raw.close();
    return ms;
  };
  const pipeRun = async () => {
    const db = newDb();
    await db.open();
    const engine = engineFor(db, owner, fakeRemote(server), () => token);
    const ms = await firstCycle(engine);
    const applied = await db.training_requests.count();
    await engine.stop();
    db.close();
    return { ms, applied, requests: engine.stats.pullRequests };
  };
  await rawRun(Math.min(ROWS, 2 * PAGE));
  await pipeRun();
  const rawTimes: number[] = [];
  const pipeTimes: number[] = [];
  let last = { ms: 0, applied: 0, requests: 0 };
  for (let k = 0; k < RUNS; k++) {
    rawTimes.push(await rawRun(ROWS));
    last = await pipeRun();
    pipeTimes.push(last.ms);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rawMs = median(rawTimes);
  const pipeMs = median(pipeTimes);
  const rawRate = ROWS / (rawMs / 1000);
  const pipeRate = last.applied / (pipeMs / 1000);
  out.pullApply = {
    runs: RUNS,
    rawBulkPut: {
      medianMs: round(rawMs),
      rowsPerSecond: round(rawRate),
      runsMs: rawTimes.map(round),
    },
    pullAndApply: {
      medianMs: round(pipeMs),
      rowsPerSecond: round(pipeRate),
      rowsApplied: last.applied,
      requests: last.requests,
      runsMs: pipeTimes.map(round),
    },
    ratio: Math.round((pipeRate / rawRate) * 100) / 100,
  };
  must('pull: every row applied', last.applied === ROWS, `${last.applied}/${ROWS}`);
  goal('pull-and-apply / raw bulkPut (fake-indexeddb)', pipeRate / rawRate, {
    atLeast: 0.5,
    failBelow: 0.25,
  });

  // 3. Against the real embedded backend.
  if (withBackend) {
    const { startTestBackend, createConfirmedUser, serviceClient } =
      await import('../server/testing/backend');
    const backend = await startTestBackend();
    try {
      const { createClient } = await import('@supabase/supabase-js');
      const { default: WebSocket } = await import('ws');
      const client = (f: typeof fetch) =>
        createClient(backend.url, backend.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          global: { fetch: f },
          realtime: { transport: WebSocket as unknown as never },
        });
      let requests = 0;
      const counting: typeof fetch = (input, init) => {
        requests++;
        return fetch(input, init);
      };
      const remote = createSupabaseRemote({
        createClient: client,
        fetch: counting,
        timeoutMs: 120_000,
      });

      // Warm-up (the first calls of a fresh embedded database compile its functions).
      const warm = await createConfirmedUser(backend);
      const dbWarm = newDb();
      await applyLocalChanges(
        dbWarm,
        warm.id,
        Array.from({ length: 50 }, (_, i) => {
          const { id, sync_version: _v, updated_at: _u, ...fields } = trainingRow(warm.id, i, 0);
          return {
            table: 'training_requests' as const,
            op: 'insert' as const,
            rowId: String(id),
            fields,
          };
        }),
      );
      const warmEngine = engineFor(dbWarm, warm.id, remote, () => warm.accessToken);
      const coldMs = await firstCycle(warmEngine);
      await warmEngine.stop();
      dbWarm.close();

      // Push PUSH mutations (inserts) from one device.
      const pusher = await createConfirmedUser(backend);
      const dbPush = newDb();
      const changes: LocalChange[] = Array.from({ length: PUSH }, (_, i) => {
        const r = trainingRow(pusher.id, i, 0);
        const { id, sync_version: _v, updated_at: _u, ...fields } = r;
        return { table: 'training_requests', op: 'insert', rowId: String(id), fields };
      });
      await applyLocalChanges(dbPush, pusher.id, changes);
      let remoteMs = 0;
      const timedRemote: RemotePort = {
        push: async (ctx, m) => {
          const t0 = performance.now();
          try {
            return await remote.push(ctx, m);
          } finally {
            remoteMs += performance.now() - t0;
          }
        },
        pull: remote.pull,
      };
      const pushEngine = engineFor(dbPush, pusher.id, timedRemote, () => pusher.accessToken);
      requests = 0;
      const pushMs = await firstCycle(pushEngine);
      // Baseline, same run: the same number of rows inserted by one bulk REST insert (service key).
      const admin = serviceClient(backend);
      const bulk = Array.from({ length: PUSH }, (_, i) => {
        const { sync_version: _v, updated_at: _u, ...r } = trainingRow(pusher.id, i, 0);
        return r;
      });
      const tb = performance.now();
      for (let i = 0; i < bulk.length; i += 1000) {
        const { error } = await admin.from('training_requests').insert(bulk.slice(i, i + 1000));
        if (error) throw new Error(error.message);
      }
      const bulkMs = performance.now() - tb;
      const left = await dbPush.outbox.count();
      must('push: outbox emptied', left === 0, `${left} left`);
      goal('push: requests for the mutations', pushEngine.stats.pushRequests, {
        atMost: Math.ceil(PUSH / 100),
        digits: 0,
      });
      measured(`push ${PUSH} mutations`, pushMs, ' ms');
      // The engine's push against writing the same rows in one bulk REST insert, same run.
      goal('push / bulk REST insert of the same rows', pushMs / bulkMs, {
        atMost: 5,
        failAbove: 15,
      });
      out.push = {
        bulkInsertBaselineMs: round(bulkMs),
        mutations: PUSH,
        pushRequests: pushEngine.stats.pushRequests,
        httpRequests: requests,
        note: 'httpRequests includes the pull that ends the cycle',
        ms: round(pushMs),
        serverMs: round(remoteMs),
        warmUpCycleMs: round(coldMs),
        mutationsPerSecond: round(PUSH / (pushMs / 1000)),
        left,
      };
      await pushEngine.stop();
      dbPush.close();

      // Pull ROWS rows end to end (seeded server-side in bulk).
      const puller = await createConfirmedUser(backend);
      const seed = Array.from({ length: ROWS }, (_, i) => {
        const { sync_version: _v, updated_at: _u, ...r } = trainingRow(puller.id, i, 0);
        return r;
      });
      for (let i = 0; i < seed.length; i += 1000) {
        const { error } = await admin.from('training_requests').insert(seed.slice(i, i + 1000));
        if (error) throw new Error(error.message);
      }
      const dbPull = newDb();
      const pullEngine = engineFor(dbPull, puller.id, remote, () => puller.accessToken);
      const e2eMs = await firstCycle(pullEngine);
      const e2eRows = await dbPull.training_requests.count();
      must('pull end to end: every row applied', e2eRows === ROWS, `${e2eRows}/${ROWS}`);
      out.pullEndToEnd = {
        rows: e2eRows,
        ms: round(e2eMs),
        rowsPerSecond: round(e2eRows / (e2eMs / 1000)),
        requests: pullEngine.stats.pullRequests,
        ratioToRawBulkPut: Math.round((e2eRows / (e2eMs / 1000) / rawRate) * 100) / 100,
        backend: 'embedded (lite + PGlite, same process)',
      };
      await pullEngine.stop();
      dbPull.close();
    } finally {
      await backend.stop();
    }
  }

  sample();
  clearInterval(sampler);
  out.memory = { peakRssMB: mb(peakRss), peakHeapMB: mb(peakHeap) };
  return out;
}

run('bench:sync', main);
