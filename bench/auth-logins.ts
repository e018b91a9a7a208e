// npm run bench:auth [-- --quick] — what password hashing costs the rest of the server (issue 14
// item 3). The embedded backend is started twice as users run it (node server/start/start.mjs, bcrypt
// cost 10): with bcrypt on the event loop (AUTH_HASH_WORKERS=0, the former behaviour) and on the
// worker pool (the default). Each time, p50/p95 of an unrelated `GET /` alone (baseline), then while
// 8 clients sign in with the right password in a loop. Printed as ratios to the baseline of the same
// run. --quick: fewer samples (CI, through npm run bench:ci).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/start/config';
import {
  TEST_ANON_KEY,
  TEST_SERVICE_ROLE_KEY,
  TEST_JWT_SECRET,
} from '../server/testing/known-keys';
import { freePort } from '../server/start/listen';
import { goal, must, percentile, pick, round, run } from './lib/harness';

const SAMPLES = pick(300, 60);
const PARALLEL = 8;

async function start(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-bench-auth-'));
  const child = spawn(process.execPath, ['server/start/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LITE_DATA_DIR: dataDir,
      SUPABASE_JWT_SECRET: TEST_JWT_SECRET,
      DATABASE_URL: '',
      MAILBOX_PRINT: '0',
      LITE_AUTH_BCRYPT_COST: '10',
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`backend exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 12_000) throw new Error('backend did not start');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, url, dataDir };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function getRootTimes(url: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await (await fetch(`${url}/`)).arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times;
}

async function measure(label: string, env: Record<string, string>) {
  const { child, url, dataDir } = await start(env);
  try {
    const email = `bench-${Date.now()}@example.test`;
    const password = 'Banc-de-mesure-2026';
    const created = await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: TEST_SERVICE_ROLE_KEY,
        authorization: `Bearer ${TEST_SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    if (!created.ok) throw new Error(`create user: ${created.status}`);
    await getRootTimes(url, 20); // warm-up
    const alone = await getRootTimes(url, SAMPLES);
    let running = true;
    let logins = 0;
    const loop = async () => {
      while (running) {
        const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: TEST_ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`login: ${res.status}`);
        logins++;
      }
    };
    const clients = Array.from({ length: PARALLEL }, loop);
    await new Promise((r) => setTimeout(r, 300));
    const loaded = await getRootTimes(url, SAMPLES);
    running = false;
    await Promise.all(clients);
    return { label, alone, loaded, logins };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

run('bench:auth', async () => {
  const before = await measure('bcrypt on the event loop (before)', { AUTH_HASH_WORKERS: '0' });
  const after = await measure('bcrypt on the worker pool (after)', {});
  const row = (r: typeof before) => ({
    label: r.label,
    aloneP95Ms: round(percentile(r.alone, 95), 1),
    loadedP50Ms: round(percentile(r.loaded, 50), 1),
    loadedP95Ms: round(percentile(r.loaded, 95), 1),
    logins: r.logins,
  });
  const ratio = percentile(after.loaded, 95) / percentile(before.loaded, 95);
  goal('GET / p95 under 8 logins, pool / event loop', ratio, { atMost: 0.5, failAbove: 1 });
  must(
    'logins succeeded in both runs',
    before.logins > 0 && after.logins > 0,
    `${before.logins} / ${after.logins}`,
  );
  return {
    samples: SAMPLES,
    parallelLogins: PARALLEL,
    bcryptCost: 10,
    runs: [row(before), row(after)],
  };
});
