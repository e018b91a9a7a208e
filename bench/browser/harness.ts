// Page side of bench:browser, built by Vite in production mode from the app's own modules and run
// in Chromium on the app's origin: the real sync engine as the app starts it (startSync: Dexie
// replica, supabase-js remote, engine), the real repositories, and raw Dexie baselines with the
// same schema in the same page. Exposed as window.__bench; every call uses fresh databases and
// deletes them afterwards.
import { createLocalDb, type LocalDb } from '@/db/database';
import { createRepositories } from '@/db/repositories';
import { config } from '@/lib/config';
import { startSync } from '@/lib/sync/start-sync';
import { soleLeader } from '../../sync/leader';
import { manualEnv } from '../../sync/env';
import { rpcInit } from '../lib/rpc-init';

type Recorded = { status: number; body: string };

let dbCounter = 0;
const freshDb = (what: string): LocalDb =>
  createLocalDb(`bench-${what}-${Date.now()}-${dbCounter++}`);

async function dropDb(db: LocalDb) {
  db.close();
  await db.delete();
}

/** The sync_pull_many answers of the last recording run, replayed in order. */
let recorded: Recorded[] = [];

function pullFetch(mode: 'network' | 'record' | 'replay'): typeof fetch {
  if (mode === 'network') return (input, init) => fetch(input, init);
  if (mode === 'record') {
    recorded = [];
    return async (input, init) => {
      const res = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('sync_pull_many'))
        recorded.push({ status: res.status, body: await res.clone().text() });
      return res;
    };
  }
  let next = 0;
  return async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('sync_pull_many')) throw new Error(`replay: unexpected call ${url}`);
    const answer = recorded[next++];
    if (!answer) throw new Error('replay: no more recorded answers');
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The real engine as the app starts it, on `db`, with a fixed token; no timer of its own. */
function startEngine(db: LocalDb, userId: string, token: string, fetchImpl: typeof fetch) {
  return startSync({
    db,
    userId,
    getSession: async () => ({ access_token: token }) as never,
    refreshSession: async () => ({ access_token: token }) as never,
    onUnauthorized: () => undefined,
    fetch: fetchImpl,
    env: manualEnv(),
    leader: soleLeader,
    persistStorage: false,
    options: { debounceMs: 1e9, periodicMs: 1e9 },
  } as Parameters<typeof startSync>[0]);
}

/**
 * Pull-and-apply of every row of `userId` by the real engine into a fresh IndexedDB: from the
 * network (the real backend), recording its answers, or replaying the recorded answers (the client
 * pipeline alone: supabase-js parse, validation, overlay, bulkPut, checkpoints).
 */
async function pull(opts: {
  userId: string;
  token: string;
  mode: 'network' | 'record' | 'replay';
}) {
  const db = freshDb('pull');
  await db.open();
  const t0 = performance.now();
  const handle = startEngine(db, opts.userId, opts.token, pullFetch(opts.mode));
  while (!handle.engine.isLeader) await new Promise((r) => setTimeout(r, 0));
  await handle.engine.idle();
  const ms = performance.now() - t0;
  const status = handle.engine.status;
  const requests = handle.engine.stats.pullRequests;
  await handle.stop();
  const applied = await db.training_requests.count();
  await dropDb(db);
  return { ms, applied, requests, error: status.error };
}

/** Raw Dexie bulkPut of the rows of the recorded answers, in pages of the same size. */
async function rawBulkPut() {
  const pages = recorded.map(
    (r) =>
      ((JSON.parse(r.body) as { pages?: Record<string, { rows: unknown[] }> }).pages
        ?.training_requests?.rows ?? []) as Record<string, unknown>[],
  );
  const db = freshDb('raw');
  await db.open();
  const t0 = performance.now();
  let n = 0;
  for (const rows of pages) {
    if (!rows.length) continue;
    await db.training_requests.bulkPut(rows as never[]);
    n += rows.length;
  }
  const ms = performance.now() - t0;
  await dropDb(db);
  return { ms, rows: n };
}

const sample = (i: number) => ({
  topic: `Formation ${i}`,
  format: (i % 2 ? 'remote' : 'in_person') as 'remote' | 'in_person',
  duration: 7,
  cost: 1000 + i,
});

/**
 * `n` local writes through the repositories (row + outbox entry in one transaction: new requests
 * and status changes, alternately), next to a raw Dexie baseline doing the same two puts in one
 * transaction, interleaved. Times in ms per write.
 */
async function writes(opts: { n: number; userId: string }) {
  const db = freshDb('writes');
  const raw = freshDb('raw-writes');
  await Promise.all([db.open(), raw.open()]);
  const repos = createRepositories(db);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) ids.push(await repos.createTrainingRequest(opts.userId, sample(i)));
  const app: number[] = [];
  const base: number[] = [];
  // Every status change is a real change (an unchanged value writes nothing): the k-th change goes
  // to row k mod 20, which starts 'to_organize' and alternates at each of its rounds.
  const statuses = ['in_progress', 'to_organize'] as const;
  for (let i = 0; i < opts.n; i++) {
    let t = performance.now();
    if (i % 2 === 0) await repos.createTrainingRequest(opts.userId, sample(i));
    else {
      const k = (i - 1) / 2;
      const round = Math.floor(k / ids.length);
      await repos.setTrainingRequestStatus(opts.userId, ids[k % ids.length]!, statuses[round % 2]!);
    }
    app.push(performance.now() - t);
    t = performance.now();
    const id = crypto.randomUUID();
    await raw.transaction('rw', [raw.training_requests, raw.outbox], async () => {
      await raw.training_requests.put({ id, company_id: opts.userId, ...sample(i) } as never);
      await raw.outbox.add({
        id: crypto.randomUUID(),
        owner_id: opts.userId,
        table: 'training_requests',
        op: 'insert',
        row_id: id,
        fields: sample(i),
        base_version: 0,
        created_at: new Date().toISOString(),
      });
    });
    base.push(performance.now() - t);
  }
  const outbox = await db.outbox.count();
  await Promise.all([dropDb(db), dropDb(raw)]);
  return { app, base, outbox };
}

/**
 * `n` new training requests written through the repositories (row + outbox entry each), then the
 * real engine started on them: time from its start to the outbox emptied (the last push answer
 * applied; not the pull that ends the cycle: this fresh database pulls every row). Baseline,
 * same page and run: the same number of mutations (fresh ids) sent by raw fetch calls to sync_push
 * in batches of the engine's size, answers read, nothing written locally.
 */
async function push(opts: { userId: string; token: string; n: number }) {
  const db = freshDb('push');
  await db.open();
  const repos = createRepositories(db);
  for (let i = 0; i < opts.n; i++) await repos.createTrainingRequest(opts.userId, sample(i));
  const queued = await db.outbox.count();
  const mutations = (await db.outbox.toArray()).map((e) => {
    const rowId = crypto.randomUUID();
    return {
      id: crypto.randomUUID(),
      table: e.table,
      op: e.op,
      row_id: rowId,
      base_version: e.base_version,
      fields: { ...e.fields, id: rowId },
    };
  });
  let pushedAt = 0;
  const t0 = performance.now();
  // When each sync_push request of the engine left and was answered (the breakdown printed).
  const sent: { at: number; answeredAt: number }[] = [];
  const handle = startEngine(db, opts.userId, opts.token, async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/rpc/sync_push')) return fetch(input, init);
    const at = performance.now() - t0;
    const res = await fetch(input, init);
    sent.push({ at, answeredAt: performance.now() - t0 });
    return res;
  });
  const off = handle.engine.subscribe((s) => {
    if (!pushedAt && s.progress?.direction === 'push' && s.progress.remaining === 0)
      pushedAt = performance.now();
  });
  while (!handle.engine.isLeader) await new Promise((r) => setTimeout(r, 0));
  await handle.engine.idle();
  off();
  const status = handle.engine.status;
  const requests = handle.engine.stats.pushRequests;
  await handle.stop();
  const left = await db.outbox.count();
  await dropDb(db);

  const size = Math.max(1, Math.ceil(opts.n / Math.max(1, requests)));
  const r0 = performance.now();
  let rawApplied = 0;
  for (let i = 0; i < mutations.length; i += size) {
    const res = await fetch(
      `${config.supabaseUrl}/rest/v1/rpc/sync_push`,
      rpcInit(config.supabaseAnonKey, opts.token, {
        p_device_id: `bench-raw-${opts.userId}`,
        p_mutations: mutations.slice(i, i + size),
      }),
    );
    const answers = (await res.json()) as { status?: string }[];
    rawApplied += Array.isArray(answers) ? answers.filter((a) => a.status === 'applied').length : 0;
  }
  const rawMs = performance.now() - r0;
  return {
    queued,
    pushMs: pushedAt ? pushedAt - t0 : Number.NaN,
    requests,
    left,
    rawMs,
    rawApplied,
    error: status.error,
    // start -> first request sent; then each request: [sent, answered] (ms from the start)
    requestTimes: sent.map((x) => [Math.round(x.at), Math.round(x.answeredAt)]),
  };
}

(window as unknown as { __bench: unknown }).__bench = { pull, rawBulkPut, writes, push };
