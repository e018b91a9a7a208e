// The embedded backend on PGlite under load (issue 17 item 3), over real HTTP: a request whose
// client gave up while it waited for the one database session is never processed; a request that
// would wait too long is answered 503 + Retry-After at once (readable by the app's origin) and not
// processed; the sync remote reads that answer as "try again after Retry-After".
// Its own backend (PGlite, whatever TEST_DATABASE_URL says: the queue is PGlite's), with a short
// queue limit, so that the test can hold the session (db.serialize) and see the queue from inside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  createConfirmedUser,
  serviceClient,
  startTestBackendWithInternals,
  type ConfirmedUser,
  type TestBackend,
} from '../../server/testing/backend';
import type { Backend } from '../../server/start/backend';
import type { SessionQueue } from '../../server/db/session-queue';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { createSupabaseRemote, isRemoteError } from '../../sync';

const MAX_WAIT_MS = 200;

let shared: TestBackend & { backend: Backend };
let queue: SessionQueue;
let user: ConfirmedUser;

beforeAll(async () => {
  shared = await startTestBackendWithInternals({
    databaseUrl: '',
    config: { queueMaxWaitMs: MAX_WAIT_MS },
  });
  queue = shared.backend.db.queue!;
  user = await createConfirmedUser(shared);
}, 120_000);

afterAll(async () => {
  await shared?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(5);
  }
}

/** Holds the database session until release() (the server's own work: never refused). */
function holdSession() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const done = shared.backend.db.serialize(() => released);
  return { release, done };
}

/** Makes the recent service time long (> MAX_WAIT_MS): the next waiting request is refused. */
async function slowTurns() {
  for (let i = 0; i < 4; i++) await shared.backend.db.serialize(() => sleep(400));
  expect(queue.stats().serviceMs).toBeGreaterThan(MAX_WAIT_MS);
}

async function fastTurns() {
  for (let i = 0; i < 30; i++) await shared.backend.db.serialize(async () => undefined);
  expect(queue.stats().serviceMs).toBeLessThan(MAX_WAIT_MS);
}

function pushBody(rowId: string) {
  return JSON.stringify({
    p_device_id: 'device-queue',
    p_mutations: [trainingInsertMutation(user.id, { topic: 'Formation en file' }, rowId)],
  });
}

function push(rowId: string, signal?: AbortSignal) {
  return fetch(`${shared.url}/rest/v1/rpc/sync_push`, {
    method: 'POST',
    headers: {
      apikey: shared.anonKey,
      authorization: `Bearer ${user.accessToken}`,
      'content-type': 'application/json',
      origin: 'http://127.0.0.1:4173',
    },
    body: pushBody(rowId),
    ...(signal ? { signal } : {}),
  });
}

async function rowExists(id: string): Promise<boolean> {
  const { data, error } = await serviceClient(shared)
    .from('training_requests')
    .select('id')
    .eq('id', id);
  if (error) throw new Error(error.message);
  return data.length > 0;
}

describe('PGlite session queue over HTTP', () => {
  it('never processes a request whose client gave up while it waited', async () => {
    await fastTurns();
    const before = queue.stats();
    const hold = holdSession();
    const client = new AbortController();
    const rowId = randomUUID();
    const pending = push(rowId, client.signal).catch((e: unknown) => e);
    await until('the push waits in the queue', () => queue.stats().queuedRequests === 1);
    client.abort();
    expect(await pending).toBeInstanceOf(Error); // the client gave up
    // The server sees the connection closed before the session is free again.
    await sleep(100);
    hold.release();
    await hold.done;
    await until('the queue drained', () => queue.stats().queued === 0 && !queue.stats().running);
    expect(queue.stats().abandoned).toBe(before.abandoned + 1);
    expect(await rowExists(rowId)).toBe(false);
    // The next request is served normally.
    const next = randomUUID();
    expect((await push(next)).status).toBe(200);
    expect(await rowExists(next)).toBe(true);
  });

  it('answers 503 + Retry-After at once when the wait would be too long, and processes nothing', async () => {
    await slowTurns();
    const hold = holdSession();
    const rowId = randomUUID();
    const res = await push(rowId); // answered while the session is still held
    expect(res.status).toBe(503);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
    expect(await res.json()).toMatchObject({ code: 'busy' });
    // Our own routes too (budget API: its query is refused the same way).
    const lookup = await fetch(`${shared.url}/public/pdc/infoPdc/1486/min/1/max/10`, {
      headers: { 'x-api-key': 'local-static-key', origin: 'http://127.0.0.1:4173' },
    });
    expect(lookup.status).toBe(503);
    expect(Number(lookup.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(lookup.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    hold.release();
    await hold.done;
    expect(await rowExists(rowId)).toBe(false);
  });

  it('the sync remote reads the 503 as a transient failure with its Retry-After', async () => {
    await slowTurns();
    const hold = holdSession();
    const remote = createSupabaseRemote({
      createClient: (f) =>
        createClient(shared.url, shared.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          global: { fetch: f },
          realtime: { transport: WebSocket as unknown as never },
        }),
    });
    const error = await remote
      .push({ accessToken: user.accessToken, deviceId: 'device-queue' }, [])
      .catch((e: unknown) => e);
    hold.release();
    await hold.done;
    expect(isRemoteError(error)).toBe(true);
    if (!isRemoteError(error)) return;
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
  });
});
