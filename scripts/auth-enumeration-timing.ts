// Answer times of the auth routes that take an address, for a registered address against an unknown
// one (issue 28 item 8: /recover answered in 11.7 ms for a known address, 6.3 ms for an unknown
// one). Starts `node server/start/start.mjs` on a fresh data folder (loopback), creates a confirmed
// account, then sends ROUNDS requests per route and per kind of address, alternated, one at a time,
// and prints the median, 10th and 90th percentiles (ms, client side). PAUSE ms between requests
// (default 300) lets the work done after an answer end before the next request, so that each
// answer is measured on an idle server (with 0, a sign-up meets the previous one's account
// creation, which weighs on whichever request comes next).
//   npx tsx --tsconfig tsconfig.node.json scripts/auth-enumeration-timing.ts [rounds=150] [pause=300]
// A measurement, not a test: timings depend on the machine (docs/security.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
  PROJECT_ROOT,
} from '../server/start/config';
import { freePort } from '../server/start/listen';

const ANON = LOCAL_ANON_KEY;
const SERVICE = LOCAL_SERVICE_ROLE_KEY;

async function startBackend(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['server/start/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LITE_DATA_DIR: dataDir,
      MAILBOX_PRINT: '0',
      // The same keys on any version of the backend (set explicitly: accepted, with a warning).
      SUPABASE_JWT_SECRET: LOCAL_JWT_SECRET,
      SUPABASE_ANON_KEY: ANON,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE,
      // One client here, many requests to one address: the limits would answer 429 instead.
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
      AUTH_EMAIL_MAX_FREQUENCY: '0',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error('backend exited');
    try {
      if ((await fetch(`${url}/`)).ok) return { child, url };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('backend did not start');
}

const headers = {
  apikey: ANON,
  authorization: `Bearer ${ANON}`,
  'content-type': 'application/json',
};

async function timed(url: string, body: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return performance.now() - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) =>
  `median ${pct(xs, 50).toFixed(1)} ms (p10 ${pct(xs, 10).toFixed(1)}, p90 ${pct(xs, 90).toFixed(1)})`;

async function main() {
  const rounds = Number(process.argv[2] ?? 150);
  const pause = Number(process.argv[3] ?? 300);
  const settle = () => new Promise((r) => setTimeout(r, pause));
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-timing-'));
  const { child, url } = await startBackend(await freePort(), dataDir);
  try {
    const known = `connu-${Date.now()}@exemple.fr`;
    await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...headers, apikey: SERVICE, authorization: `Bearer ${SERVICE}` },
      body: JSON.stringify({
        email: known,
        password: 'Un-mot-de-passe-connu-4',
        email_confirm: true,
      }),
    });
    let n = 0;
    const unknown = () => `inconnu-${Date.now()}-${n++}@exemple.fr`;
    const routes: [string, (email: string) => unknown][] = [
      ['recover', (email) => ({ email })],
      ['otp', (email) => ({ email, create_user: false })],
      ['resend', (email) => ({ type: 'signup', email })],
      ['signup', (email) => ({ email, password: 'Un-mot-de-passe-pour-tous-4' })],
    ];
    for (const [route, body] of routes) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < rounds; i++) {
        // Alternated, so that any drift of the machine weighs on both alike.
        times.known.push(await timed(`${url}/auth/v1/${route}`, body(known)));
        await settle();
        times.unknown.push(await timed(`${url}/auth/v1/${route}`, body(unknown())));
        await settle();
      }
      // Warm-up excluded: the first tenth of each.
      const cut = Math.floor(rounds / 10);
      console.log(`${route.padEnd(8)} known:   ${fmt(times.known.slice(cut))}`);
      console.log(`${route.padEnd(8)} unknown: ${fmt(times.unknown.slice(cut))}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
