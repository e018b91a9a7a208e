// npm run bench:soak — a backend that runs for weeks (issue 32): a mixed load against the backend
// as `npm start` runs it (node server/start/start.mjs in a child process: fresh data folder, known local
// keys, free port), bounded in time, with the server's memory (RSS) and event-loop delay sampled
// every 10 s from its service-only /_ops/metrics, a small plot in the terminal, and the figures in
// bench/results/soak-<date>.json (date, commit, machine).
// The load: USERS simulated users in parallel, each in rounds of push 20 mutations, pull as the
// engine does, a budget lookup, and every few rounds a sign-in, a Realtime join of its private
// channel, a public survey answer (anonymous RPC), a malformed body and an oversized one (those
// must be refused with a 4xx). After the load, the backend stays idle for a while, still sampled.
// Goals (issue 32): after warm-up (the first quarter of the load) RSS grows <= 10 % (median of the
// last quarter against the median of the second), returns within 10 % of that warm level once the
// load stops; 0 errors; p95 of each request kind in the last quarter <= 1.3 x the first quarter's.
//   npm run bench:soak                 20 min of load + 90 s idle
//   npm run bench:soak -- --quick      90 s of load + 20 s idle (CI, ~2 min with the start)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { LOCAL_BUDGET_API_KEY } from '../server/start/config';
import {
  TEST_ANON_KEY as LOCAL_ANON_KEY,
  TEST_SERVICE_ROLE_KEY as LOCAL_SERVICE_ROLE_KEY,
} from '../server/testing/known-keys';
import { freePort } from '../server/start/listen';
import { startBackendProcess } from './lib/backend-process';
import { goal, must, percentile, pick, round, run } from './lib/harness';
import { SimUser, type LoadTarget } from './load-user';
import {
  KINDS,
  malformed,
  oversized,
  realtimeJoin,
  surveyAnswer,
  type Kind,
  type SoakSample,
} from './soak-load';
import { plot } from './lib/plot';

const LOAD_MS = Number(process.env.SOAK_SECONDS ?? pick(1200, 90)) * 1000;
const IDLE_MS = pick(90_000, 20_000);
const SAMPLE_MS = 10_000;
const USERS = pick(6, 4);
const BATCH = 20;
const THINK_MS = 150;

type MemorySample = {
  t: number;
  phase: 'load' | 'idle';
  rssMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  queued: number;
};

async function metrics(url: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(`${url}/_ops/metrics`, {
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      },
    });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** RSS from /proc (the process as the OS sees it), the rest from the server's own probe. */
function procRssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function createSurvey(target: LoadTarget, user: SimUser): Promise<string> {
  const id = randomUUID();
  const res = await fetch(`${target.url}/rest/v1/team_surveys`, {
    method: 'POST',
    headers: {
      apikey: target.anonKey,
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id, company_id: user.id, name: 'Sondage soak', status: 'active' }),
  });
  if (!res.ok) throw new Error(`survey: HTTP ${res.status} ${await res.text()}`);
  return id;
}

/** One user's rounds until `until`. */
async function userLoop(
  target: LoadTarget,
  user: SimUser,
  surveyId: string,
  index: number,
  until: number,
  record: (s: SoakSample) => void,
) {
  for (let r = 0; performance.now() < until; r++) {
    if (r % 10 === 9) await user.signIn();
    await user.push(BATCH);
    await user.pull();
    await user.lookup(index + r);
    if (r % 3 === 0) record(await surveyAnswer(target, surveyId));
    if (r % 4 === 1) record(await realtimeJoin(target, user));
    if (r % 5 === 2) record(await malformed(target, r + index, user.token));
    if (r % 12 === 5) record(await oversized(target, r + index));
    await new Promise((res) => setTimeout(res, THINK_MS));
  }
}

function p95(samples: SoakSample[]): number {
  return percentile(
    samples.filter((s) => !s.error).map((s) => s.ms),
    95,
  );
}

const median = (xs: number[]) => (xs.length ? percentile(xs, 50) : NaN);

run('bench:soak', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-soak-'));
  const backend = await startBackendProcess({
    port: await freePort(),
    dataDir,
    env: {
      // One client address for every simulated user: the per-address limits would refuse it.
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000/300s',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000/300s',
      AUTH_RATE_LIMIT_VERIFY: '1000000/300s',
      PGLITE_MAX_QUEUE_WAIT_MS: '10000',
    },
  });
  const pid = backend.child.pid!;
  const target: LoadTarget = {
    url: backend.url,
    anonKey: LOCAL_ANON_KEY,
    budgetApiKey: LOCAL_BUDGET_API_KEY,
  };
  const samples: SoakSample[] = [];
  let retried = 0;
  const memory: MemorySample[] = [];
  try {
    const users: SimUser[] = [];
    for (let i = 0; i < USERS; i++) {
      const u = await SimUser.create(
        target,
        `soak-${i}-${Date.now()}@example.test`,
        `Soak-${randomUUID()}`,
      );
      if (!(await u.signIn())) throw new Error('sign-in failed during set-up');
      users.push(u);
    }
    const surveys = await Promise.all(users.map((u) => createSurvey(target, u)));

    const t0 = performance.now();
    const until = t0 + LOAD_MS;
    for (const u of users)
      u.record = (s) => {
        if (s.ms === 0 && !s.error) return;
        if ((s.status === 503 || s.status === 429) && !s.error) return void retried++;
        samples.push({
          kind: s.op as Kind,
          at: performance.now() - s.ms,
          ms: s.ms,
          error: s.error,
        });
      };
    let phase: MemorySample['phase'] = 'load';
    const sample = async () => {
      const m = (await metrics(target.url)) as {
        memoryMiB: { rss: number; heapUsed: number; external: number };
        eventLoopDelayMs: { p99: number; max: number };
        queue: { queued: number } | null;
      } | null;
      const rss = procRssMiB(pid) ?? m?.memoryMiB.rss ?? NaN;
      memory.push({
        t: round((performance.now() - t0) / 1000),
        phase,
        rssMiB: round(rss, 1),
        heapUsedMiB: m?.memoryMiB.heapUsed ?? NaN,
        externalMiB: m?.memoryMiB.external ?? NaN,
        eventLoopP99Ms: m?.eventLoopDelayMs.p99 ?? NaN,
        eventLoopMaxMs: m?.eventLoopDelayMs.max ?? NaN,
        queued: m?.queue?.queued ?? 0,
      });
      const last = memory.at(-1)!;
      process.stderr.write(
        `  ${String(last.t).padStart(5)} s  ${phase.padEnd(4)}  RSS ${last.rssMiB.toFixed(0).padStart(5)} MiB  heap ${String(Math.round(last.heapUsedMiB)).padStart(4)} MiB  event loop p99 ${last.eventLoopP99Ms} ms  requests ${samples.length}\n`,
      );
    };
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    await Promise.all(
      users.map((u, i) => userLoop(target, u, surveys[i]!, i, until, (s) => samples.push(s))),
    );
    const loadEnd = performance.now();
    phase = 'idle';
    await new Promise((r) => setTimeout(r, IDLE_MS));
    clearInterval(sampler);
    await sample();

    // Analysis.
    const loadMs = loadEnd - t0;
    const q = (s: { at: number }) => Math.min(3, Math.floor(((s.at - t0) / loadMs) * 4));
    const loadMem = memory.filter((m) => m.phase === 'load');
    const inQuarter = (k: number) =>
      loadMem.filter((m) => Math.min(3, Math.floor((m.t * 1000 * 4) / loadMs)) === k);
    const warm = median(inQuarter(1).map((m) => m.rssMiB));
    const lastQ = median(inQuarter(3).map((m) => m.rssMiB));
    const peak = Math.max(...loadMem.filter((m) => m.t * 1000 >= loadMs / 4).map((m) => m.rssMiB));
    const after = memory.at(-1)!.rssMiB;
    const start = memory[0]!.rssMiB;
    type KindFigures = {
      n: number;
      errors: number;
      p50: number;
      p95: number;
      p95FirstQuarter: number;
      p95LastQuarter: number;
      ratio: number;
    };
    const perKind = {} as Record<Kind, KindFigures>;
    for (const k of KINDS) {
      const of = samples.filter((s) => s.kind === k);
      const first = p95(of.filter((s) => q(s) === 0));
      const last = p95(of.filter((s) => q(s) === 3));
      perKind[k] = {
        n: of.length,
        errors: of.filter((s) => s.error).length,
        p50: round(
          percentile(
            of.filter((s) => !s.error).map((s) => s.ms),
            50,
          ),
        ),
        p95: round(p95(of)),
        p95FirstQuarter: round(first),
        p95LastQuarter: round(last),
        ratio: round(last / first, 2),
      };
    }
    const errors = samples.filter((s) => s.error);

    console.error(`\nRSS (MiB), every ${SAMPLE_MS / 1000} s; | marks the end of the load`);
    console.error(
      plot(
        memory.map((m) => m.rssMiB),
        { height: 10, marker: loadMem.length },
      ),
    );
    console.error(`event-loop delay p99 (ms) per 10 s`);
    console.error(
      plot(
        memory.map((m) => m.eventLoopP99Ms),
        { height: 5, marker: loadMem.length },
      ),
    );

    const growth = (lastQ / warm - 1) * 100;
    const back = (after / warm - 1) * 100;
    goal('RSS growth after warm-up (last quarter vs second)', growth, {
      atMost: 10,
      failAbove: 25,
      unit: ' %',
      digits: 1,
    });
    goal('RSS after the load vs warm', back, { atMost: 10, failAbove: 25, unit: ' %', digits: 1 });
    must('0 errors', errors.length === 0, String(errors.length));
    for (const k of KINDS) {
      const r = perKind[k];
      if (r.n < 8) continue;
      goal(`p95 ${k}: last quarter / first`, r.ratio, { atMost: 1.3, failAbove: pick(2, 3) });
    }
    const report = {
      loadSeconds: round(loadMs / 1000),
      idleSeconds: IDLE_MS / 1000,
      users: USERS,
      requests: samples.length,
      retried503or429: retried,
      errors: errors.length,
      errorSamples: [...new Set(errors.map((e) => `${e.kind}: ${e.error}`))].slice(0, 8),
      rssMiB: { start, warm: round(warm), lastQuarter: round(lastQ), peak: round(peak), after },
      eventLoopP99Ms: {
        median: round(median(loadMem.map((m) => m.eventLoopP99Ms)), 1),
        max: round(Math.max(...loadMem.map((m) => m.eventLoopP99Ms)), 1),
      },
      perKind,
      memory,
    };
    // Saved to bench/results by the harness (date, commit, machine).
    return report;
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
