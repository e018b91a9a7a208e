// npm run bench:browser — the local store and the sync engine where users run them: Debian's
// chromium (Playwright), against `npm start` (the built PWA and the embedded backend; fixed ports:
// run it under `flock /tmp/e2e.lock`), without and with 4x CPU throttling (DevTools emulation).
//  1. Pull-and-apply of 10,000 rows by the real engine into IndexedDB (bench/browser/harness.ts:
//     the app's modules, built by Vite in production mode, on a loopback page): end to end from
//     the real backend, and the client pipeline alone (the same server answers replayed: supabase-js
//     parse, validation, pending-change overlay, bulkPut, checkpoints), next to a raw Dexie bulkPut
//     of the same rows in pages of the same size in the same page. Goals: client pipeline / raw
//     bulkPut >= PIPELINE_GOAL, end to end / raw bulkPut >= 0.5. Then the same pull end to end over an emulated 4G link (9 Mbit/s down, 170 ms round
//     trip), the API's answers compressed as the browser asks, and with Accept-Encoding: identity.
//  2. A local write with its outbox entry through the repositories, p50/p95 over 500 writes, next to
//     a raw Dexie transaction writing the same two records. Goal: p95 / raw p95 <= 3.
//  3. The training plan with 5,000 requests (bench/browser/plan.ts): in-app navigation to the first
//     card painted, and a filter to the list updated; baseline in the same run: the same with 20
//     requests. Goals: open <= 1.5x, filter <= 2x the 20-request plan's (unthrottled).
//  4. Push of 1,000 new requests written through the repositories, by the real engine, to the
//     outbox emptied; baseline in the same page: the same number of mutations sent by raw fetch
//     calls to sync_push. Goal: engine / raw calls <= 1.5.
//     BENCH_PUSH_PROFILE=<file> saves the page's CPU profile of the push runs (DevTools format),
//     BENCH_PULL_PROFILE=<file> one per replayed pull (file-0, file-1, ...).
// Quick mode (--quick, CI): 2,000 rows, 100 writes, 1,000 requests, 200 pushed (BENCH_PUSH
// changes it), 3 runs, unthrottled only; fails when the script breaks or a ratio to its baseline
// is far off (pipeline / raw bulkPut < 0.25, compressed / uncompressed pull over the link > 0.8,
// write p95 > 5x the raw transaction's, push > 4x the raw sync_push calls, plan open or filter
// > 8x the 20-request plan's). Absolute times and rates are printed beside the goals, never goals
// themselves (CI's cores are shared).
// Run it under `flock /tmp/e2e.lock` (npm run bench:ci does); on failure, the plan page's
// screenshot is saved to bench/results/browser-plan-<n>-failure.png.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type Rollup } from 'vite';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { KEEP_NAMES_SHIM, planBench, seededUser, type PlanTimes } from './browser/plan';
import {
  goal,
  measured,
  median,
  must,
  percentile,
  pick,
  QUICK,
  ROOT,
  round,
  run,
} from './lib/harness';
import { HARNESS_PORT, startProduct } from './lib/product';
import { TEST_ANON_KEY } from '../server/testing/known-keys';

const ROWS = pick(10_000, 2_000);
const WRITES = pick(500, 100);
const PLAN_ROWS = pick(5_000, 1_000);
const PLAN_RUNS = pick(5, 3);
const PULL_RUNS = pick(3, 2);
const PUSH = Number(process.env.BENCH_PUSH ?? pick(1_000, 200));
const RATES = QUICK ? [1] : [1, 4];
/** pull client pipeline / raw bulkPut: 0.5 until issue 31, raised to 0.8 once three quick runs
 * in a row held it (0.86, 1.58, 0.80 on 2026-11-27). */
const PIPELINE_GOAL = 0.8;

type Bench = {
  pull(o: { userId: string; token: string; mode: 'network' | 'record' | 'replay' }): Promise<{
    ms: number;
    applied: number;
    requests: number;
    error: string | null;
  }>;
  rawBulkPut(): Promise<{ ms: number; rows: number }>;
  writes(o: {
    n: number;
    userId: string;
  }): Promise<{ app: number[]; base: number[]; outbox: number }>;
  push(o: { userId: string; token: string; n: number }): Promise<{
    queued: number;
    pushMs: number;
    requests: number;
    left: number;
    rawMs: number;
    rawApplied: number;
    error: string | null;
    requestTimes: [number, number][];
  }>;
};

/** The page-side harness, built with Vite (production) from the app's modules. */
async function buildHarness(): Promise<string> {
  // The backend runs with the known test secret (bench/lib/product.ts): the harness calls it
  // with that secret's anon key (issue 28 item 1 made the demo keys opt-in).
  process.env.VITE_SUPABASE_ANON_KEY ??= TEST_ANON_KEY;
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    mode: 'production',
    resolve: { alias: { '@': `${ROOT}/src` } },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: { entry: `${ROOT}/bench/browser/harness.ts`, formats: ['iife'], name: 'bfBench' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const output = (Array.isArray(out) ? out[0]! : out).output;
  const chunk = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('harness: no chunk');
  return chunk.code;
}

/**
 * A page running the harness, served from a loopback origin of its own (as the app is: Chromium
 * lets a loopback page call the loopback API; a page fulfilled by Playwright has no address).
 */
async function harnessPage(
  browser: Browser,
  code: string,
): Promise<{ page: Page; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url === '/harness.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(code);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>bench</title></head><body><script src="/harness.js"></script></body></html>',
    );
  });
  await new Promise<void>((r) => server.listen(HARNESS_PORT, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const context = await browser.newContext();
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[harness page] ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`[harness page] ${m.text()}`);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => '__bench' in window);
  return {
    page,
    async close() {
      await context.close();
      await new Promise((r) => server.close(r));
    },
  };
}

const call = <K extends keyof Bench>(page: Page, name: K, arg?: Parameters<Bench[K]>[0]) =>
  page.evaluate(
    ([n, a]) =>
      (window as unknown as { __bench: Record<string, (x: unknown) => unknown> }).__bench[n]!(a),
    [name, arg] as const,
  ) as Promise<Awaited<ReturnType<Bench[K]>>>;

type BenchUser = { id: string; token: string };

/** An emulated 4G link (DevTools network emulation): bytes/s down and up, round trip (ms). */
const LINK = { downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8, latency: 170 };

/**
 * Pull-and-apply of every row over LINK, with the answers compressed (the browser's own
 * Accept-Encoding), then uncompressed (Accept-Encoding: identity, set through DevTools).
 */
async function pullOverLink(page: Page, cdp: CDPSession, user: BenchUser) {
  const send = cdp.send.bind(cdp) as (method: string, params?: object) => Promise<unknown>;
  await send('Network.enable');
  await send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  const timed = async () => {
    const r = await call(page, 'pull', { userId: user.id, token: user.token, mode: 'network' });
    must('pull over the link: every row applied', r.applied === ROWS, `${r.applied}/${ROWS}`);
    return r.ms;
  };
  try {
    const compressedMs = await timed();
    await send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const plainMs = await timed();
    await send('Network.setExtraHTTPHeaders', { headers: {} });
    return {
      link: '9 Mbit/s down, 1.5 Mbit/s up, 170 ms round trip (emulated)',
      compressedMs: round(compressedMs),
      uncompressedMs: round(plainMs),
      ratio: round(compressedMs / plainMs, 2),
    };
  } finally {
    await send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
}

async function storeBench(page: Page, user: BenchUser, pusher: BenchUser) {
  const cdp = await page.context().newCDPSession(page);
  const results = [];
  for (const rate of RATES) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // Warm-up and recording of the server's answers (not timed), then alternated runs.
    const recording = await call(page, 'pull', {
      userId: user.id,
      token: user.token,
      mode: 'record',
    });
    must(
      `pull x${rate}: every row applied (recording run)`,
      recording.applied === ROWS,
      `${recording.applied}/${ROWS}${recording.error ? ` (${recording.error})` : ''}`,
    );
    const network: number[] = [];
    const replay: number[] = [];
    const raw: number[] = [];
    let applied = 0;
    // BENCH_PULL_PROFILE=file.cpuprofile: the page's CPU profiles of the replayed pulls (rate 1).
    const pullProfile = rate === 1 ? process.env.BENCH_PULL_PROFILE : undefined;
    const profiled = async <T>(fn: () => Promise<T>): Promise<T> => {
      if (!pullProfile) return fn();
      await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      const out = await fn();
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(
        pullProfile.replace(/(\.cpuprofile)?$/, `-${replay.length}$1`),
        JSON.stringify(profile),
      );
      return out;
    };
    for (let i = 0; i < PULL_RUNS; i++) {
      raw.push((await call(page, 'rawBulkPut')).ms);
      const r = await profiled(() =>
        call(page, 'pull', { userId: user.id, token: user.token, mode: 'replay' }),
      );
      replay.push(r.ms);
      applied = r.applied;
      const n = await call(page, 'pull', { userId: user.id, token: user.token, mode: 'network' });
      network.push(n.ms);
    }
    const rate1 = (ms: number) => ROWS / (ms / 1000);
    // The same pull over an emulated mobile link (unthrottled CPU only): the API's answers
    // compressed as the browser asks (server/http/compress.ts), then with no encoding accepted.
    const link = rate === 1 ? await pullOverLink(page, cdp, user) : null;
    const w = await call(page, 'writes', { n: WRITES, userId: user.id });
    // Push (a user of its own: the pull above must find ROWS rows): a small warm-up run (the
    // backend's first sync_push calls compile it), then timed runs.
    await call(page, 'push', { userId: pusher.id, token: pusher.token, n: 20 });
    const pushes = [];
    // BENCH_PUSH_PROFILE=file.cpuprofile: the page's CPU profile of the push runs (DevTools format).
    const profile = process.env.BENCH_PUSH_PROFILE;
    if (profile) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    for (let i = 0; i < PULL_RUNS; i++)
      pushes.push(await call(page, 'push', { userId: pusher.id, token: pusher.token, n: PUSH }));
    if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const pushMs = median(pushes.map((x) => x.pushMs));
    const rawPushMs = median(pushes.map((x) => x.rawMs));
    results.push({
      cpuThrottling: rate,
      pull: {
        rows: ROWS,
        requests: recording.requests,
        rawBulkPut: { medianMs: round(median(raw)), rowsPerSecond: round(rate1(median(raw))) },
        clientPipeline: {
          medianMs: round(median(replay)),
          rowsPerSecond: round(rate1(median(replay))),
          ratioToRaw: round(median(raw) / median(replay), 2),
          rowsApplied: applied,
        },
        endToEnd: {
          medianMs: round(median(network)),
          rowsPerSecond: round(rate1(median(network))),
          ratioToRaw: round(median(raw) / median(network), 2),
          backend: 'embedded (PGlite), same machine',
        },
        ...(link ? { overMobileLink: link } : {}),
      },
      writes: {
        n: WRITES,
        outboxEntries: w.outbox,
        p50Ms: round(percentile(w.app, 50), 2),
        p95Ms: round(percentile(w.app, 95), 2),
        rawP50Ms: round(percentile(w.base, 50), 2),
        rawP95Ms: round(percentile(w.base, 95), 2),
      },
      push: {
        mutations: PUSH,
        requests: pushes[0]!.requests,
        queued: Math.min(...pushes.map((x) => x.queued)),
        outboxLeft: Math.max(...pushes.map((x) => x.left)),
        rawApplied: Math.min(...pushes.map((x) => x.rawApplied)),
        error: pushes.find((x) => x.error)?.error ?? null,
        medianMs: round(pushMs),
        rawRpcMedianMs: round(rawPushMs),
        ratioToRawRpc: round(pushMs / rawPushMs, 2),
        runsMs: pushes.map((x) => round(x.pushMs)),
        // Per run: each engine request [sent, answered], ms from the engine's start.
        requestTimes: pushes.map((x) => x.requestTimes),
        backend: 'embedded (PGlite), same machine',
      },
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return results;
}

function checkGoals(
  store: Awaited<ReturnType<typeof storeBench>>,
  plan: PlanTimes[],
  small: PlanTimes[],
) {
  checkStoreGoals(store);
  checkPlanGoals(plan, small);
}

function checkStoreGoals(store: Awaited<ReturnType<typeof storeBench>>) {
  const s = store[0]!;
  must(
    'pull: every row applied (replay)',
    s.pull.clientPipeline.rowsApplied === ROWS,
    `${s.pull.clientPipeline.rowsApplied}/${ROWS}`,
  );
  measured('pull client pipeline', s.pull.clientPipeline.rowsPerSecond, ' rows/s');
  goal('pull client pipeline / raw bulkPut', s.pull.clientPipeline.ratioToRaw, {
    atLeast: PIPELINE_GOAL,
    failBelow: 0.25,
  });
  measured('pull end to end (PGlite backend)', s.pull.endToEnd.rowsPerSecond, ' rows/s');
  goal('pull end to end / raw bulkPut', s.pull.endToEnd.ratioToRaw, { atLeast: 0.5, failBelow: 0 });
  // Without compression the two runs move the same bytes: a ratio near 1 means it was lost.
  const link = s.pull.overMobileLink!;
  goal('pull over a 4G link: compressed / uncompressed answers', link.ratio, {
    atMost: 0.5,
    failAbove: 0.8,
  });
  must(
    'writes: one outbox entry each',
    s.writes.outboxEntries === WRITES + 20,
    `${s.writes.outboxEntries} entries for ${WRITES} writes (+20 set-up)`,
  );
  measured('local write with outbox entry: p95', s.writes.p95Ms, ' ms');
  must(
    'push: outbox emptied, every mutation applied',
    s.push.queued === PUSH &&
      s.push.outboxLeft === 0 &&
      s.push.rawApplied === PUSH &&
      s.push.error === null,
    `${s.push.queued} queued, ${s.push.outboxLeft} left, raw ${s.push.rawApplied}/${PUSH}${s.push.error ? ` (${s.push.error})` : ''}`,
  );
  measured(`push ${PUSH} mutations (engine, outbox emptied)`, s.push.medianMs, ' ms');
  // The engine's own cost on top of the server's: reading the outbox, applying the answers.
  goal('push: engine / raw sync_push calls', s.push.ratioToRawRpc, { atMost: 1.5, failAbove: 4 });
  goal('write p95 / raw Dexie transaction p95', s.writes.p95Ms / s.writes.rawP95Ms, {
    atMost: 3,
    failAbove: 5,
  });
}

function checkPlanGoals(plan: PlanTimes[], small: PlanTimes[]) {
  const p = plan.find((x) => x.cpuThrottling === 1)!;
  const b = small.find((x) => x.cpuThrottling === 1)!;
  measured(`plan (${PLAN_ROWS} requests): first render`, p.openMs, ' ms');
  measured(`plan (${PLAN_ROWS} requests): filter`, p.filterMs, ' ms');
  // The list's first render is a screenful of cards (the others follow in idle slices, issue 29): a
  // plan of PLAN_ROWS requests renders the same few cards first as one of 20, and what remains
  // (reading the rows, the totals, the filter) is linear and small. Rendering every card at once
  // puts both ratios far above 8; under 8 is load noise on 2 shared cores (measured 1.1 to 3.8).
  goal(`plan open: ${PLAN_ROWS} / 20 requests`, p.openMs / b.openMs, { atMost: 1.5, failAbove: 8 });
  // (issue 30) Every request estimated from the cached criteria: linear in the plan's size, once.
  goal(`plan estimate shown: ${PLAN_ROWS} / 20 requests`, p.estimateMs / b.estimateMs, {
    atMost: 2,
    failAbove: 8,
  });
  goal(`plan filter: ${PLAN_ROWS} / 20 requests`, p.filterMs / b.filterMs, {
    atMost: 2,
    failAbove: 8,
  });
}

async function main(): Promise<Record<string, unknown>> {
  const harness = await buildHarness();
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    // BENCH_PART=plan measures the plan screen alone (while working on it).
    if (process.env.BENCH_PART === 'plan') {
      const plan = await planBench(browser, PLAN_ROWS, RATES, PLAN_RUNS);
      const small = await planBench(browser, 20, RATES, PLAN_RUNS);
      checkPlanGoals(plan, small);
      return { plan, planBaseline20: small };
    }
    const user = await seededUser(ROWS);
    const harnessed = await harnessPage(browser, harness);
    const store = await storeBench(harnessed.page, user, await seededUser(0));
    await harnessed.close();
    // BENCH_PART=store measures the store alone (while working on it).
    if (process.env.BENCH_PART === 'store') return { store };
    const plan = await planBench(browser, PLAN_ROWS, RATES, PLAN_RUNS);
    const small = await planBench(browser, 20, RATES, PLAN_RUNS);
    checkGoals(store, plan, small);
    const round1 = (t: PlanTimes) => ({
      ...t,
      openMs: round(t.openMs),
      estimateMs: round(t.estimateMs),
      filterMs: round(t.filterMs),
    });
    return {
      browser: `${browser.version()} (Debian chromium, headless)`,
      store,
      plan: plan.map(round1),
      planBaseline20: small.map(round1),
    };
  } finally {
    await browser.close();
    await product.stop();
  }
}

run('bench:browser', main);
