// npm run bench:reconnect — the flush on reconnection (issue 29): how long an edit made offline takes
// to reach the server once the browser is back online, measured in chromium against `npm start`
// (the built PWA and the embedded backend) by the Playwright spec tests/e2e/reconnect.e2e.ts:
//  - reconnect: a short outage, the session still valid;
//  - expiredToken: the access token expired during the outage (the page's clock moved on 2 min 30):
//    the session is refreshed first, then the outbox pushed.
// Each from `context.setOffline(false)` to the row on the server (polled every 25 ms).
// Baseline, measured in the same run: the same edit made online, from the click to the row on the
// server (the write's debounce included).
// Binds the ports 54321 and 4173: run it under `flock /tmp/e2e.lock`.
//
// Goal (issue 29): the reconnect flush ≤ 2 s after `online`. Before the fix, 11.2 s was reported,
// and 52.7 s measured with a token expired during the outage (supabase-js's refresh cooldown,
// filled by refreshes tried offline, then the engine's backoff). The run fails beyond 10 s.
//   npm run bench:reconnect              5 tries per scenario
//   npm run bench:reconnect -- --quick   2 tries
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goal, measured, median, must, pick, round, ROOT, run } from './lib/harness';

const TRIES = pick(5, 2);
const GOAL_MS = 2_000;
const FAIL_MS = 10_000;

type Report = { tries: number; online: number[]; reconnect: number[]; expiredToken: number[] };

function playwright(reportFile: string): Promise<number> {
  const bin = join(ROOT, 'node_modules', '.bin', 'playwright');
  return new Promise((resolve) => {
    const child = spawn(bin, ['test', 'tests/e2e/reconnect.e2e.ts'], {
      cwd: ROOT,
      env: { ...process.env, RECONNECT_REPORT: reportFile, RECONNECT_TRIES: String(TRIES) },
      // The spec's progress on stderr; stdout is the bench's JSON report.
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const summary = (ms: number[]) => ({
  n: ms.length,
  p50: round(median(ms)),
  max: round(Math.max(...ms)),
  all: ms.map((v) => round(v)),
});

run('bench:reconnect', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-bench-reconnect-'));
  const file = join(dir, 'report.json');
  try {
    const code = await playwright(file);
    if (code !== 0) throw new Error(`the Playwright measurement failed (exit code ${code})`);
    const r = JSON.parse(readFileSync(file, 'utf8')) as Report;
    for (const [name, ms] of Object.entries({
      online: r.online,
      reconnect: r.reconnect,
      expiredToken: r.expiredToken,
    })) {
      must(`${name}: every try measured`, ms.length === TRIES, `${ms.length}/${TRIES}`);
    }
    // The times themselves follow the machine (issue 31): reported, judged as ratios to an edit
    // made online in the same run (whose debounce the reconnect flush does not wait for).
    measured('online → on the server, offline edit, max', Math.max(...r.reconnect), ' ms');
    measured(
      'online → on the server, token expired offline, max',
      Math.max(...r.expiredToken),
      ' ms',
    );
    goal('reconnect p50 / online edit p50', median(r.reconnect) / median(r.online), {
      atMost: 2,
      failAbove: FAIL_MS / GOAL_MS,
    });
    goal('token expired: p50 / online edit p50', median(r.expiredToken) / median(r.online), {
      atMost: 3,
      failAbove: FAIL_MS / GOAL_MS,
    });
    return {
      baselineOnlineEditMs: summary(r.online),
      reconnectMs: summary(r.reconnect),
      expiredTokenMs: summary(r.expiredToken),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
