// npm run bench:backend — the embedded backend, measured as users run it (`npm run backend` =
// node server/start.mjs, a child process over HTTP):
//   - first start on an empty data folder (PGlite initdb, migrations, reference data load);
//   - cold start on an existing data folder (goal <= 1.5 s), median of 3;
//   - p50 / p95 of a budget lookup, an RPC round trip (supabase-js rpc path) and a registry search,
//     with the ratio to a baseline measured in the same run (GET / of the same server: HTTP floor).
// Times: process spawn -> first successful HTTP answer. Results also go to bench/results/backend.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ANON_KEY, PROJECT_ROOT } from '../server/config';
import { freePort } from '../server/listen';

const N = Number(process.env.BENCH_N ?? 300);

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

async function startBackend(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; ms: number; cpu: number | null }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LITE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAILBOX_PRINT: '0',
      LITE_TELEMETRY: '0',
      DO_NOT_TRACK: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`backend exited (${child.exitCode}): ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) return { child, ms: performance.now() - t0, cpu: cpuMs(child.pid) };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - t0 > 120_000) throw new Error('backend did not start in 120 s');
  }
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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-bench-'));
  const port = await freePort();
  try {
    const first = await startBackend(dataDir, port);
    await stop(first.child);

    const colds: number[] = [];
    const coldCpus: number[] = [];
    let running: ChildProcess | null = null;
    for (let i = 0; i < 3; i++) {
      const s = await startBackend(dataDir, port);
      colds.push(s.ms);
      if (s.cpu !== null) coldCpus.push(s.cpu);
      if (i < 2) await stop(s.child);
      else running = s.child;
    }
    colds.sort((a, b) => a - b);
    coldCpus.sort((a, b) => a - b);
    const cold = colds[1]!;
    const coldCpu = coldCpus[1] ?? null;
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
        fetch(`${base}/rest/v1/rpc/profile_exists_for_email`, {
          method: 'POST',
          headers: {
            apikey: LOCAL_ANON_KEY,
            authorization: `Bearer ${LOCAL_ANON_KEY}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ p_email: `bench-${i}@example.test` }),
        }),
      ),
      await measure('registry search', (i) =>
        fetch(`${base}/registry/v2?q=${['boulangerie', 'conseil', 'garage', 'martin'][i % 4]}`),
      ),
    ];
    await stop(running!);

    console.log(`\nEmbedded backend (PGlite, ${N} requests each, sequential)`);
    console.log(
      `  (machine load average at the end: ${load}; CPU = the backend process's user+system time)`,
    );
    console.log(
      `  first start with data load (empty folder) : ${fmt(first.ms)}${first.cpu !== null ? ` (CPU ${fmt(first.cpu)})` : ''}`,
    );
    console.log(
      `  cold start, existing data folder (median) : ${fmt(cold)}${coldCpu !== null ? ` (CPU ${fmt(coldCpu)})` : ''}   goal <= 1500 ms: ${cold <= 1500 ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `  ${baseline.name.padEnd(42)}: p50 ${fmt(baseline.p50)}  p95 ${fmt(baseline.p95)}`,
    );
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(42)}: p50 ${fmt(r.p50)}  p95 ${fmt(r.p95)}  (x${(r.p50 / baseline.p50).toFixed(1)} / x${(r.p95 / baseline.p95).toFixed(1)} baseline)`,
      );
    }
    mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      join(PROJECT_ROOT, 'bench/results/backend.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          load,
          n: N,
          firstStartMs: first.ms,
          firstStartCpuMs: first.cpu,
          coldStartsMs: colds,
          coldStartsCpuMs: coldCpus,
          baseline,
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
