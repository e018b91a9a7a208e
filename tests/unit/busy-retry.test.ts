// The app's HTTP adapters back off on a busy server (503 / 429 + Retry-After): src/lib/busy-retry.ts
// and fetchJson.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { busyRetryWait, withBusyRetry } from '@/lib/busy-retry';
import { fetchJson } from '@/lib/http';

const busy = (retryAfter?: string, status = 503) =>
  new Response('{"code":"busy"}', {
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });
const ok = () => new Response('{"a":1}', { status: 200 });

/** A fetch answering the given responses in turn, recording the calls. */
function scripted(...answers: (() => Response)[]) {
  const calls: (RequestInit | undefined)[] = [];
  const impl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof fetch;
  return { impl, calls };
}

describe('withBusyRetry', () => {
  it('waits Retry-After (plus at most 10 % jitter) and asks again', async () => {
    const waits: number[] = [];
    const { impl, calls } = scripted(() => busy('2'), ok);
    const f = withBusyRetry(impl, { sleep: async (ms) => void waits.push(ms), random: () => 1 });
    const res = await f('http://x/', { method: 'POST', body: '{"p":1}' });
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toBe('{"p":1}');
    expect(waits).toEqual([2200]);
  });

  it('does the same on 429 Too Many Requests', async () => {
    const { impl, calls } = scripted(() => busy('1', 429), ok);
    const f = withBusyRetry(impl, { sleep: async () => undefined });
    expect((await f('http://x/')).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('gives up after `retries` retries and returns the last answer', async () => {
    const { impl, calls } = scripted(
      () => busy('1'),
      () => busy('1'),
      () => busy('1'),
    );
    const f = withBusyRetry(impl, { retries: 2, sleep: async () => undefined });
    expect((await f('http://x/')).status).toBe(503);
    expect(calls).toHaveLength(3);
  });

  it('does not retry without Retry-After, with a wait too long, or past the deadline', async () => {
    const now = () => 1_000_000;
    expect(busyRetryWait(busy(), 0, { now })).toBeNull();
    expect(busyRetryWait(busy('60'), 0, { now })).toBeNull();
    expect(busyRetryWait(busy('3'), 0, { now, deadline: 1_002_000 })).toBeNull();
    expect(busyRetryWait(busy('1'), 0, { now, deadline: 1_005_000, random: () => 0 })).toBe(1000);
    expect(busyRetryWait(new Response('', { status: 500 }), 0, { now })).toBeNull();
  });

  it('does not send a stream body twice', async () => {
    const { impl, calls } = scripted(() => busy('1'), ok);
    const f = withBusyRetry(impl, { sleep: async () => undefined });
    const body = new ReadableStream({
      start(c) {
        c.close();
      },
    });
    expect(
      (await f('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit)).status,
    ).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const { impl } = scripted(() => busy('5'), ok);
    const f = withBusyRetry(impl);
    const controller = new AbortController();
    const pending = f('http://x/', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('gave up')), 10);
    await expect(pending).rejects.toThrow('gave up');
  });
});

describe('fetchJson on a busy server', () => {
  const schema = z.object({ a: z.number() });
  it('asks again after Retry-After and returns the data', async () => {
    const { impl, calls } = scripted(() => busy('0'), ok);
    const r = await fetchJson('http://x/', schema, { fetchImpl: impl });
    expect(r).toMatchObject({ ok: true, data: { a: 1 } });
    expect(calls).toHaveLength(2);
  });
  it('reports "server" when the server stays busy or gives no Retry-After', async () => {
    const { impl } = scripted(() => busy());
    expect(await fetchJson('http://x/', schema, { fetchImpl: impl })).toMatchObject({
      ok: false,
      code: 'server',
      status: 503,
    });
  });
});

describe("the app's Supabase client on a busy server", () => {
  it('asks again after Retry-After (auth, data and RPC calls go through the same fetch)', async () => {
    const { impl, calls } = scripted(
      () => busy('0'),
      () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const original = globalThis.fetch;
    globalThis.fetch = impl;
    // Node 20 has no WebSocket (supabase-js's realtime client wants one; browsers have it).
    (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
    try {
      const { getSupabase } = await import('@/lib/supabase');
      const client = await getSupabase();
      const { data, error } = await client.rpc('some_function');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect(calls).toHaveLength(2);
    } finally {
      globalThis.fetch = original;
    }
  });
});
