// The product as users run it (`npm start`: the built PWA on :4173 and the embedded backend on
// :54321, a fresh data folder), for the benches that drive a browser. The ports are fixed: run
// those benches under `flock /tmp/e2e.lock` (npm run bench:ci does).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_JWT_SECRET, TEST_SERVICE_ROLE_KEY } from '../../server/testing/known-keys';
import { ROOT } from './harness';

export const APP = 'http://127.0.0.1:4173';
export const API = 'http://127.0.0.1:54321';
export const SERVICE_KEY = TEST_SERVICE_ROLE_KEY;

export async function waitFor(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Where bench/browser.ts serves its harness page (a loopback origin the backend allows). */
export const HARNESS_PORT = 4183;
export const HARNESS_ORIGIN = `http://127.0.0.1:${HARNESS_PORT}`;

export type Product = { child: ChildProcess; stop(): Promise<void> };

/** `npm start` on a fresh data folder (builds dist/ first when the sources are newer). */
export async function startProduct(): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-product-'));
  const child = spawn(process.execPath, [join(ROOT, 'server/start/start.mjs'), '--app'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LITE_DATA_DIR: dataDir,
      // A known secret: the app keeps its anon key (no rebuild), the bench knows the keys.
      SUPABASE_JWT_SECRET: TEST_JWT_SECRET,
      LITE_TELEMETRY: '0',
      DO_NOT_TRACK: '1',
      MAILBOX_PRINT: '0',
      // The browser bench's harness page is an origin of its own (issue 28 item 1: CORS allows
      // only the app's origins and the ones listed here).
      CORS_ORIGINS: [process.env.CORS_ORIGINS, HARNESS_ORIGIN].filter(Boolean).join(','),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${API}/`);
    await waitFor(`${APP}/`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { child, stop };
}
