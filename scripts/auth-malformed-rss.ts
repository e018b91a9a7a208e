// Memory of the embedded backend under malformed /auth/v1 bodies (issue 28 item 7): starts
// `node server/start/start.mjs` on a fresh data folder, sends ROUNDS rounds of wrong-typed, null and
// missing-field bodies to every auth route, and prints the backend's resident memory (VmRSS of
// /proc/<pid>/status) before, during and after the run, then after an idle pause.
//   npx tsx --tsconfig tsconfig.node.json scripts/auth-malformed-rss.ts [rounds=40]
// Loopback only; bounded in count; stops the backend it started.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackendProcess } from '../bench/lib/backend-process';
import { TEST_ANON_KEY, TEST_SERVICE_ROLE_KEY } from '../server/testing/known-keys';
import { freePort } from '../server/start/listen';

const ROUTES: [method: string, path: string][] = [
  ['POST', 'signup'],
  ['POST', 'token?grant_type=password'],
  ['POST', 'token?grant_type=refresh_token'],
  ['POST', 'token?grant_type=pkce'],
  ['POST', 'verify'],
  ['POST', 'recover'],
  ['POST', 'resend'],
  ['POST', 'otp'],
  ['POST', 'magiclink'],
  ['PUT', 'user'],
  ['POST', 'logout'],
];
const BODIES = [
  'null',
  '[]',
  '1',
  '"x"',
  '{"email":123}',
  '{"password":123}',
  '{"refresh_token":{}}',
  '{"email":null,"password":null}',
  '{"email":"a@b.fr","password":123}',
  '{"email":["a"]}',
  '{"type":"signup","email":1}',
  '{"token_hash":1,"type":"recovery"}',
  '{',
];

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(/\d+/.exec(line)![0]) / 1024);
};

async function main() {
  const rounds = Number(process.argv[2] ?? 40);
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-rss-'));
  // The per-address limits lifted (one client here; an attacker rotates addresses). A first start
  // creates the data folder (migrations, reference data); the measured one is a restart, as a
  // person's install runs most of the time.
  const env = {
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
    AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
    AUTH_RATE_LIMIT_VERIFY: '1000000',
  };
  const port = await freePort();
  await (await startBackendProcess({ port, dataDir, env })).stop();
  const backend = await startBackendProcess({
    port,
    dataDir,
    env,
  });
  const pid = backend.child.pid!;
  // The keys of the known secret the backend process is started with (bench/lib/backend-process).
  const keys = { anonKey: TEST_ANON_KEY, serviceKey: TEST_SERVICE_ROLE_KEY };
  const headers = {
    apikey: keys.anonKey,
    authorization: `Bearer ${keys.anonKey}`,
    'content-type': 'application/json',
  };
  // An account of the attacker's own: PUT /user needs a signed-in token.
  const email = `rss-${Date.now()}@example.test`;
  const password = 'Un-mot-de-passe-rss-1';
  await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { ...headers, apikey: keys.serviceKey, authorization: `Bearer ${keys.serviceKey}` },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  const signIn = (await (
    await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { access_token: string };
  const userHeaders = { ...headers, authorization: `Bearer ${signIn.access_token}` };
  // Oversized metadata (900 KiB) on every route that takes it.
  const big = 'é'.repeat(450 * 1024);
  const LARGE: [string, string, string][] = [
    ['PUT', 'user', JSON.stringify({ data: { notes: big } })],
    [
      'POST',
      'signup',
      JSON.stringify({ email: 'x@example.test', password: 'Grand-corps-1', data: { notes: big } }),
    ],
    ['POST', 'otp', JSON.stringify({ email, data: { notes: big } })],
  ];
  const statuses = new Map<number, number>();
  await new Promise((res) => setTimeout(res, 3_000));
  console.log(`ready: RSS ${rssMiB(pid)} MiB`);
  let sent = 0;
  for (let r = 0; r < rounds; r++) {
    for (const [method, path] of ROUTES)
      for (const body of BODIES) {
        const res = await fetch(`${backend.url}/auth/v1/${path}`, { method, headers, body });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        sent++;
      }
    for (const [method, path, body] of LARGE) {
      const res = await fetch(`${backend.url}/auth/v1/${path}`, {
        method,
        headers: userHeaders,
        body,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      sent++;
    }
    if ((r + 1) % 10 === 0) console.log(`${sent} requests: RSS ${rssMiB(pid)} MiB`);
  }
  await new Promise((res) => setTimeout(res, 10_000));
  console.log(`after 10 s idle: RSS ${rssMiB(pid)} MiB`);
  console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
