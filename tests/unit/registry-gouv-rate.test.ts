// The government API allows 7 requests per second per IP; ours never sends more than 5 in any
// second, whatever the burst (issue 27 item 6, issue 28 item 11: 8 to 12 calls went out in the
// first second of a burst of 30). Virtual time: the upstream calls are counted at the stand-in with
// the clock's time; no test waits for real time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGouvSource,
  GOUV_API_LIMIT_PER_SECOND,
  GOUV_RATE_PER_SECOND,
} from '../../supabase/functions/_shared/registry/gouv';
import { createRegistryHandler } from '../../supabase/functions/_shared/registry/handler';
import { TokenBucket } from '../../supabase/functions/_shared/registry/guards';
import { fakeGouvFetch, virtualClock } from '../fixtures/gouv-fake-fetch';

/** The largest number of times falling in one half-open window of 1000 ms. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    let n = 0;
    while (i + n < sorted.length && sorted[i + n]! < sorted[i]! + 1000) n++;
    best = Math.max(best, n);
  }
  return best;
}

function registry() {
  const clock = virtualClock();
  const upstream = fakeGouvFetch(clock.now);
  const handler = createRegistryHandler({
    settings: { source: 'auto', userAgent: 'tests', contact: null, gouvUrl: 'http://gouv.test' },
    sample: { byName: async () => [], byNumber: async () => [] },
    fetch: upstream.fetch,
    gouv: { now: clock.now, sleep: clock.sleep },
  });
  const get = (q: string) => handler.handle(new URL(`http://x/registry/v2?q=${q}`), 'GET');
  return { clock, upstream, get };
}

describe('the rate limit', () => {
  it('headroom: 5 per second against the API’s 7', () => {
    expect(GOUV_RATE_PER_SECOND).toBe(5);
    expect(GOUV_RATE_PER_SECOND).toBeLessThan(GOUV_API_LIMIT_PER_SECOND);
  });

  it('a burst of 30 different searches: at most 5 upstream calls in any second, the rest labelled fallbacks', async () => {
    const { clock, upstream, get } = registry();
    const answers = await clock.runUntilIdle(
      Promise.all(Array.from({ length: 30 }, (_, i) => get(`entreprise${i}`))),
    );
    const times = upstream.calls.map((c) => c.at);
    expect(busiestSecond(times)).toBeLessThanOrEqual(GOUV_RATE_PER_SECOND);
    // One token every 200 ms, a wait of 1 s at most: the calls at 0, 200, ... 1000 ms.
    expect(times.map((t) => t - times[0]!)).toEqual([0, 200, 400, 600, 800, 1000]);
    const fallbacks = answers.filter(
      (a) => a.headers['x-registry-fallback'] === 'gouv_rate_limited',
    );
    expect(fallbacks).toHaveLength(24);
    for (const a of fallbacks) expect(a.headers['x-data-source']).toBe('sample');
  });

  it('a sustained stream: never more than 5 in a second, and every search answered', async () => {
    const { clock, upstream, get } = registry();
    const answers: Promise<unknown>[] = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++) answers.push(get(`societe${round}x${i}`));
      await clock.runUntilIdle(clock.sleep(300));
    }
    await clock.runUntilIdle(Promise.all(answers));
    expect(upstream.calls.length).toBeGreaterThan(5);
    expect(busiestSecond(upstream.calls.map((c) => c.at))).toBeLessThanOrEqual(5);
  });

  it('30 identical searches at once: one upstream call', async () => {
    const { clock, upstream, get } = registry();
    const answers = await clock.runUntilIdle(
      Promise.all(Array.from({ length: 30 }, () => get('boulangerie'))),
    );
    expect(upstream.calls).toHaveLength(1);
    for (const a of answers) expect(a.headers['x-data-source']).toBe('gouv');
  });

  it('the source alone, waits included: no window of 1 s holds more than 5 calls', async () => {
    const clock = virtualClock();
    const upstream = fakeGouvFetch(clock.now);
    const source = createGouvSource({
      userAgent: 'tests',
      baseUrl: 'http://gouv.test',
      fetch: upstream.fetch,
      now: clock.now,
      sleep: clock.sleep,
      maxQueueMs: 5000,
    });
    const query = (i: number) => ({
      q: `nom${i}`,
      digits: null,
      byNumber: false,
      byName: true,
      limit: 5,
    });
    const answers = await clock.runUntilIdle(
      Promise.all(Array.from({ length: 30 }, (_, i) => source.search(query(i)))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(26); // waits up to 5 s: 26 slots
    expect(busiestSecond(upstream.calls.map((c) => c.at))).toBe(5);
  });
});

describe('TokenBucket', () => {
  it('property: whatever the arrival times, no 1000 ms window holds more than capacity - 1 + rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(2, 4, 5, 8, 10),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 0, max: 3000 }),
        (capacity, rate, gaps, maxWait) => {
          let now = 0;
          const bucket = new TokenBucket(capacity, rate, () => now);
          const sent: number[] = [];
          for (const gap of gaps) {
            now += gap;
            const wait = bucket.reserve(maxWait);
            if (wait !== null) {
              expect(wait).toBeLessThanOrEqual(maxWait);
              sent.push(now + wait);
            }
          }
          expect(busiestSecond(sent)).toBeLessThanOrEqual(capacity - 1 + rate);
        },
      ),
    );
  });

  it('one token at 5 per second: calls 200 ms apart; a refused reservation takes nothing', () => {
    let now = 0;
    const bucket = new TokenBucket(1, 5, () => now);
    expect(bucket.reserve()).toBe(0);
    expect(bucket.reserve()).toBeNull();
    expect(bucket.waitMs()).toBe(200);
    expect(bucket.reserve(500)).toBe(200);
    expect(bucket.reserve(500)).toBe(400);
    now = 1000;
    expect(bucket.reserve()).toBe(0);
    expect(() => new TokenBucket(0, 5, () => 0)).toThrow();
  });
});
