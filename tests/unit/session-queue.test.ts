// PGlite's session queue (server/db/session-queue.ts): one use at a time, abandoned requests dropped
// at their turn, refusals when the estimated wait is too long.
import { describe, expect, it } from 'vitest';
import {
  AbandonedRequestError,
  QueueFullError,
  SessionQueue,
  requestScope,
  type RequestScope,
} from '../../server/db/session-queue';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const inScope = <T>(scope: RequestScope, fn: () => Promise<T>) => requestScope.run(scope, fn);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SessionQueue', () => {
  it('runs uses one at a time, in order', async () => {
    const q = new SessionQueue();
    const log: string[] = [];
    const g = gate();
    const a = q.run(async () => {
      log.push('a start');
      await g.opened;
      log.push('a end');
    });
    const b = q.run(async () => void log.push('b'));
    await tick();
    expect(log).toEqual(['a start']);
    expect(q.stats()).toMatchObject({ queued: 1, running: true });
    g.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('never runs the work of a request whose client gave up while it waited', async () => {
    const q = new SessionQueue();
    const g = gate();
    const held = q.run(() => g.opened);
    const client = new AbortController();
    let ran = false;
    const abandoned = inScope({ signal: client.signal, admitted: false }, () =>
      q.run(async () => {
        ran = true;
      }),
    );
    const next = q.run(async () => 'next');
    client.abort();
    g.open();
    await held;
    await expect(abandoned).rejects.toBeInstanceOf(AbandonedRequestError);
    expect(await next).toBe('next');
    expect(ran).toBe(false);
    expect(q.stats()).toMatchObject({ abandoned: 1, served: 2 });
  });

  it('refuses at once a request that would wait longer than maxWaitMs, with a Retry-After', async () => {
    let now = 0;
    const q = new SessionQueue({ maxWaitMs: 1000, now: () => now });
    // Four uses of 2 s each: the recent service time grows past the limit.
    for (let i = 0; i < 4; i++)
      await q.run(async () => {
        now += 2000;
      });
    expect(q.stats().serviceMs).toBeGreaterThan(1000);
    const g = gate();
    const held = q.run(() => g.opened);
    let ran = false;
    const refused = inScope({ admitted: false }, () =>
      q.run(async () => {
        ran = true;
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    const error = (await refused.catch((e: unknown) => e)) as QueueFullError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(ran).toBe(false);
    expect(q.stats().refused).toBe(1);
    g.open();
    await held;
  });

  it('admits the first use of a request only: its later uses finish its work', async () => {
    let now = 0;
    const q = new SessionQueue({ maxWaitMs: 1000, now: () => now });
    const scope: RequestScope = { admitted: false };
    await inScope(scope, () => q.run(async () => undefined));
    expect(scope.admitted).toBe(true);
    for (let i = 0; i < 4; i++)
      await q.run(async () => {
        now += 2000;
      });
    const g = gate();
    const held = q.run(() => g.opened);
    const second = inScope(scope, () => q.run(async () => 'done'));
    g.open();
    await held;
    expect(await second).toBe('done');
  });

  it('refuses at its turn an admitted request that waited more than 3 x maxWaitMs', async () => {
    let now = 0;
    const q = new SessionQueue({ maxWaitMs: 100, now: () => now });
    const g = gate();
    const held = q.run(() => g.opened);
    let ran = false;
    const late = inScope({ admitted: false }, () =>
      q.run(async () => {
        ran = true;
      }),
    );
    now += 301;
    g.open();
    await held;
    await expect(late).rejects.toBeInstanceOf(QueueFullError);
    expect(ran).toBe(false);
  });

  it("never refuses the server's own work (no request scope)", async () => {
    let now = 0;
    const q = new SessionQueue({ maxWaitMs: 1, now: () => now });
    for (let i = 0; i < 4; i++)
      await q.run(async () => {
        now += 2000;
      });
    const g = gate();
    const held = q.run(() => g.opened);
    const own = q.run(async () => 'seeded');
    g.open();
    await held;
    expect(await own).toBe('seeded');
  });
});
