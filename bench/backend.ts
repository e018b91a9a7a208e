// npm run bench:backend — the embedded backend, measured as users run it (`npm run backend` =
// node server/start/start.mjs, a child process over HTTP):
//   - first start on an empty data folder (PGlite initdb, migrations, reference data load);
//   - cold start on an existing data folder, median of 3, against its floor measured in the same
//     run (goal: cold / floor <= 2): a bare Node process opening the same PGlite folder and answering `select 1`;
//   - p50 / p95 of a budget lookup, an RPC round trip (supabase-js rpc path), a registry search and
//     an idle pull (a signed-in user's sync_pull_many over every table with nothing new: what every
//     open app asks on each sync), with the ratio to a baseline measured in the same run (GET / of
//     the same server: HTTP floor);
//   - a new device's first sync: every row of a user with 10,000 training requests by
//     sync_pull_many pages of 1,000 (until `more: false`), answers compressed (brotli) and not,
//     alternated: median time, rows/s and bytes on the wire.
// Times: process spawn -> first successful HTTP answer. Report: bench/results/backend-<date>.json.
// Quick mode (--quick, CI): 30 requests each, 2,000 rows pulled 3 times, best of 2 cold starts;
// fails when the script breaks, a request fails, or the cold start takes more than 4x its floor.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/start/config';
import { TEST_ANON_KEY, TEST_SERVICE_ROLE_KEY } from '../server/testing/known-keys';
import { freePort } from '../server/start/listen';
import { startBackendProcess } from './lib/backend-process';
import { goal, measured, median, must, pick, round, run } from './lib/harness';
import { rpcInit } from './lib/rpc-init';
import { advanceCursors, SimUser, startCursors, type PullAnswer } from './load-user';

const N = Number(process.env.BENCH_N ?? pick(300, 30));

async function startBackend(dataDir: string, port: number) {
  // The RPC round trip is timed on profile_exists_for_email, limited like a sign-in per client
  // address (issue 28 item 8): the bench's one client lifts that limit.
  return startBackendProcess({
    dataDir,
    port,
    env: { AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000' },
  });
}

/**
 * The floor of a cold start: a Node process that opens the same PGlite folder and answers
 * `select 1` (spawn -> answer), with no backend around it.
 */
async function rawPgliteOpen(dataDir: string): Promise<number> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create(${JSON.stringify(join(dataDir, 'pgdata'))});
    await db.query('select 1');
    process.stdout.write('ready');
    await db.close();`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const ms = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', () => resolve(performance.now() - t0));
    child.once('exit', (code) => reject(new Error(`raw PGlite open exited (${code}): ${stderr}`)));
  });
  await new Promise((r) => child.once('exit', r));
  return ms;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, call: (i: number) => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await call(i)).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const res = await call(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

/** A confirmed user of the running backend, signed in (password grant): its access token. */
async function signedInUser(base: string): Promise<string> {
  const target = { url: base, anonKey: TEST_ANON_KEY, budgetApiKey: '' };
  const email = `bench-backend-${Date.now()}@example.test`;
  const user = await SimUser.create(target, email, 'Mot-de-passe-bench-1');
  if (!(await user.signIn())) throw new Error('sign in failed');
  return user.token;
}

const PULL_ROWS = pick(10_000, 2_000);
const PULL_RUNS = pick(5, 3);

/** A signed-in user with `rows` training requests (inserted 1,000 at a time, service key). */
async function userWithRows(base: string, rows: number): Promise<SimUser> {
  const target = { url: base, anonKey: TEST_ANON_KEY, budgetApiKey: '' };
  const user = await SimUser.create(
    target,
    `bench-pull-${Date.now()}@example.test`,
    'Mot-de-passe-bench-1',
  );
  if (!(await user.signIn())) throw new Error('sign in failed');
  for (let i = 0; i < rows; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, rows - i) }, (_, k) => ({
      id: randomUUID(),
      company_id: user.id,
      topic: `Formation ${i + k}`,
      pedagogical_objectives: 'Objectifs pédagogiques de la formation, sur quelques lignes.',
      format: k % 2 ? 'remote' : 'in_person',
      duration: 7 + (k % 30),
      cost: 1000 + k,
      status: 'to_organize',
    }));
    const res = await fetch(`${base}/rest/v1/training_requests`, {
      method: 'POST',
      headers: {
        apikey: TEST_SERVICE_ROLE_KEY,
        authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(batch),
    });
    if (!res.ok) throw new Error(`seed: HTTP ${res.status} ${await res.text()}`);
  }
  return user;
}

/**
 * Every row of `user` by sync_pull_many pages of 1,000, as the engine asks (every table, until
 * `more: false`), with the given Accept-Encoding (Node's fetch decompresses): ms, rows, bytes.
 */
async function fullPull(base: string, token: string, acceptEncoding: string) {
  const cursors = startCursors();
  const t0 = performance.now();
  let rows = 0;
  let bytes = 0;
  for (let more = true; more;) {
    const init = rpcInit(TEST_ANON_KEY, token, { p_cursors: cursors, p_limit: 1000 });
    const res = await fetch(`${base}/rest/v1/rpc/sync_pull_many`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'accept-encoding': acceptEncoding },
    });
    if (!res.ok) throw new Error(`full pull: HTTP ${res.status}`);
    bytes += Number(res.headers.get('content-length') ?? 0);
    const data = (await res.json()) as PullAnswer;
    if (!data.pages) throw new Error('full pull: an answer without pages');
    rows += advanceCursors(cursors, data.pages);
    more = data.more === true;
  }
  return { ms: performance.now() - t0, rows, bytes };
}

async function main(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-bench-'));
  const port = await freePort();
  // The backend left running after the cold starts, stopped on every way out (a failed request
  // must not leave it holding its port and memory).
  let running: ChildProcess | null = null;
  try {
    const first = await startBackend(dataDir, port);
    await stop(first.child);

    // Cold starts and their floor, alternated (the machine's load weighs on both alike).
    const colds: number[] = [];
    const coldCpus: number[] = [];
    const floors: number[] = [];
    const starts = pick(3, 2);
    for (let i = 0; i < starts; i++) {
      floors.push(await rawPgliteOpen(dataDir));
      const s = await startBackend(dataDir, port);
      colds.push(s.ms);
      if (s.cpu !== null) coldCpus.push(s.cpu);
      if (i < starts - 1) await stop(s.child);
      else running = s.child;
    }
    const floor = pick(median(floors), Math.min(...floors));
    // Full mode: medians of 3; quick mode: the best of 2 (a load spike hits one start, not both).
    const cold = pick(median(colds), Math.min(...colds));
    const coldCpu = coldCpus.length ? pick(median(coldCpus), Math.min(...coldCpus)) : null;
    const load = (() => {
      try {
        return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      } catch {
        return '?';
      }
    })();

    const base = `http://127.0.0.1:${port}`;
    const key = { 'x-api-key': 'local-static-key' };
    const bands: [string, number, number][] = [
      ['1486', 1, 10],
      ['1486', 11, 49],
      ['1979', 50, 299],
      ['2216', 11, 49],
      ['0843', 1, 10],
    ];
    const baseline = await measure('baseline (GET /)', () => fetch(`${base}/`));
    const results = [
      await measure('budget lookup', (i) => {
        const [idcc, min, max] = bands[i % bands.length]!;
        return fetch(`${base}/public/pdc/infoPdc/${idcc}/min/${min}/max/${max}`, { headers: key });
      }),
      await measure('RPC round trip (profile_exists_for_email)', (i) =>
        fetch(
          `${base}/rest/v1/rpc/profile_exists_for_email`,
          rpcInit(TEST_ANON_KEY, TEST_ANON_KEY, { p_email: `bench-${i}@example.test` }),
        ),
      ),
      await measure('registry search', (i) =>
        fetch(`${base}/registry/v2?q=${['boulangerie', 'conseil', 'garage', 'martin'][i % 4]}`),
      ),
    ];
    const token = await signedInUser(base);
    const cursors = startCursors();
    results.push(
      await measure('idle pull (sync_pull_many, every table)', () =>
        fetch(
          `${base}/rest/v1/rpc/sync_pull_many`,
          rpcInit(TEST_ANON_KEY, token, { p_cursors: cursors, p_limit: 1000 }),
        ),
      ),
    );
    // A new device's first sync: every row of a user with PULL_ROWS requests, alternated with and
    // without compression (brotli as browsers accept it; identity).
    const puller = await userWithRows(base, PULL_ROWS);
    await fullPull(base, puller.token, 'br'); // warm-up
    const pulls = {
      br: [] as Awaited<ReturnType<typeof fullPull>>[],
      identity: [] as Awaited<ReturnType<typeof fullPull>>[],
    };
    for (let i = 0; i < PULL_RUNS; i++)
      for (const enc of ['br', 'identity'] as const)
        pulls[enc].push(await fullPull(base, puller.token, enc));
    await stop(running!);
    const pullOf = (runs: Awaited<ReturnType<typeof fullPull>>[]) => ({
      medianMs: round(median(runs.map((r) => r.ms))),
      rowsPerSecond: round(PULL_ROWS / (median(runs.map((r) => r.ms)) / 1000)),
      bytes: runs[0]!.bytes,
      rows: Math.min(...runs.map((r) => r.rows)),
    });
    const fullPulls = { brotli: pullOf(pulls.br), uncompressed: pullOf(pulls.identity) };
    must(
      `full pull: every row, compressed and not`,
      fullPulls.brotli.rows >= PULL_ROWS && fullPulls.uncompressed.rows >= PULL_ROWS,
      `${fullPulls.brotli.rows} / ${fullPulls.uncompressed.rows} of ${PULL_ROWS}`,
    );

    const log = console.error;
    log(`\nEmbedded backend (PGlite, ${N} requests each, sequential)`);
    log(
      `  (machine load average at the end: ${load}; CPU = the backend process's user+system time)`,
    );
    log(
      `  first start with data load (empty folder) : ${fmt(first.ms)}${first.cpu !== null ? ` (CPU ${fmt(first.cpu)})` : ''}`,
    );
    log(
      `  cold start, existing data folder (median) : ${fmt(cold)}${coldCpu !== null ? ` (CPU ${fmt(coldCpu)})` : ''}`,
    );
    log(
      `  floor: bare PGlite open of the folder      : ${fmt(floor)}   cold/floor = ${(cold / floor).toFixed(2)}`,
    );
    log(`  ${baseline.name.padEnd(42)}: p50 ${fmt(baseline.p50)}  p95 ${fmt(baseline.p95)}`);
    for (const r of results) {
      log(
        `  ${r.name.padEnd(42)}: p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  (x${(r.p50 / baseline.p50).toFixed(1)} / x${(r.p95 / baseline.p95).toFixed(1)} baseline)`,
      );
    }
    for (const [label, r] of Object.entries(fullPulls))
      log(
        `  full pull of ${PULL_ROWS} rows (${label.padEnd(12)}): ${fmt(r.medianMs)} median of ${PULL_RUNS}, ${r.rowsPerSecond} rows/s, ${Math.round(r.bytes / 1024)} KB`,
      );
    measured('cold start on an existing data folder', cold, ' ms');
    goal('cold start / bare PGlite open of the same folder', cold / floor, {
      atMost: 2,
      failAbove: 4,
    });
    return {
      load,
      n: N,
      firstStartMs: round(first.ms),
      firstStartCpuMs: first.cpu,
      fullPull: { rows: PULL_ROWS, runs: PULL_RUNS, ...fullPulls },
      coldStartMs: round(cold),
      coldStartsMs: colds.map((x) => round(x)),
      coldStartsCpuMs: coldCpus,
      coldStartFloorMs: round(floor),
      coldStartFloorsMs: floors.map((x) => round(x)),
      baseline,
      results,
    };
  } finally {
    if (running) await stop(running);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

run('bench:backend', main);
