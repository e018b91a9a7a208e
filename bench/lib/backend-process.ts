// The embedded backend as users run it (`npm run backend` = node server/start/start.mjs), in a child
// process: what bench:backend and bench:load measure from outside, over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../../server/start/config';
import { TEST_JWT_SECRET } from '../../server/testing/known-keys';

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; null elsewhere). */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return null;
  }
}

export type BackendProcess = {
  child: ChildProcess;
  url: string;
  /** Spawn -> first successful HTTP answer. */
  ms: number;
  /** CPU time used by then. */
  cpu: number | null;
  stop(): Promise<void>;
};

/** Starts server/start/start.mjs on `port`: PGlite in `dataDir`, or the server at `databaseUrl`. */
export async function startBackendProcess(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<BackendProcess> {
  const t0 = performance.now();
  // BENCH_BACKEND_NODE_ARGS: Node options for the backend process only (e.g. "--cpu-prof
  // --cpu-prof-dir=/tmp/prof": Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_BACKEND_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'server/start/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      LITE_DATA_DIR: opts.dataDir,
      // A known secret: the bench knows the keys (TEST_ANON_KEY, TEST_SERVICE_ROLE_KEY).
      SUPABASE_JWT_SECRET: TEST_JWT_SECRET,
      DATABASE_URL: opts.databaseUrl ?? '',
      MAILBOX_PRINT: '0',
      LITE_TELEMETRY: '0',
      DO_NOT_TRACK: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`backend exited (${child.exitCode}): ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) return { child, url, ms: performance.now() - t0, cpu: cpuMs(child.pid), stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - t0 > 180_000) {
      await stop();
      throw new Error('backend did not start in 180 s');
    }
  }
}
