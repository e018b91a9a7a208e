// The probe of issue 32 item 2 (not a bench:* script: a before/after measurement, docs/backend.md
// §Memory over time): an attack pass of malformed ~1 MiB bodies on /auth/v1, CONCURRENCY at once,
// 4 rounds of 5 requests each, against the backend process; its RSS (/proc) idle, after each
// round and after 20 s idle, and the answers' statuses (a request without an answer is counted
// as `none`).
//   npx tsx --tsconfig tsconfig.node.json bench/auth-oversized-probe.ts [CONCURRENCY=100]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_ANON_KEY as LOCAL_ANON_KEY } from '../server/testing/known-keys';
import { freePort } from '../server/start/listen';
import { startBackendProcess } from './lib/backend-process';

const rss = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const concurrency = Number(process.argv[2] ?? 100);
const bodies = [
  `{"email":"${'a'.repeat(1_000_000)}@b.c","password":"x"}`,
  '{"email":',
  'x'.repeat(1_000_000),
];
const dataDir = mkdtempSync(join(tmpdir(), 'bf-probe-'));
const b = await startBackendProcess({
  port: await freePort(),
  dataDir,
  env: { AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000/300s' },
});
const pid = b.child.pid!;
try {
  await new Promise((r) => setTimeout(r, 8000));
  console.log(`idle: RSS ${rss(pid)} MiB`);
  for (let round = 0; round < 4; round++) {
    const statuses: Record<string, number> = {};
    await Promise.all(
      Array.from({ length: concurrency }, async (_, k) => {
        for (let j = 0; j < 5; j++) {
          const path = k % 2 ? '/auth/v1/token?grant_type=password' : '/auth/v1/signup';
          const res = await fetch(b.url + path, {
            method: 'POST',
            headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
            body: bodies[(k + j) % bodies.length],
          }).catch(() => null);
          const key = res ? String(res.status) : 'none';
          statuses[key] = (statuses[key] ?? 0) + 1;
          await res?.arrayBuffer().catch(() => null);
        }
      }),
    );
    console.log(`round ${round}: RSS ${rss(pid)} MiB, answers ${JSON.stringify(statuses)}`);
  }
  await new Promise((r) => setTimeout(r, 20_000));
  console.log(`after 20 s idle: RSS ${rss(pid)} MiB`);
} finally {
  await b.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
