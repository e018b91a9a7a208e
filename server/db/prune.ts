// Pruning of the sync bookkeeping on the embedded backend (issue 17 item 4): the applied-mutation
// records older than the retention (60 days) are deleted by sync.prune_applied() on a timer, in
// batches that each hold the PGlite session only briefly. Hosted projects run the same function
// from the pg_cron job of migration 20261123000200 (skipped where pg_cron is absent).
//
// Exactly-once does not depend on the records' age: a device numbers its mutations, and a mutation
// whose record was pruned is answered `expired`, never applied twice (docs/architecture.md §Sync).
import { backgroundTimers, type BackgroundTimerOptions } from './background-timers';
import type { Db } from './db';

export const PRUNE_RETENTION = '60 days';
export const PRUNE_BATCH = 5_000;
/** First run a minute after start (off the cold-start path), then every six hours. */
export const PRUNE_FIRST_DELAY_MS = 60_000;
export const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type PruneOptions = BackgroundTimerOptions & {
  firstDelayMs?: number;
  intervalMs?: number;
  batch?: number;
};

export type Pruner = {
  /** Deletes every record past the retention, batch after batch; resolves the count. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
};

export function startPruning(db: Pick<Db, 'query'>, opts: PruneOptions = {}): Pruner {
  const batch = opts.batch ?? PRUNE_BATCH;
  const timers = backgroundTimers(opts);
  let timer: unknown = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const runOnce = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      if (stopped) return total;
      const [row] = await db.query<{ n: number | string }>(
        'select sync.prune_applied($1::interval, $2) as n',
        [PRUNE_RETENTION, batch],
      );
      const n = Number(row?.n ?? 0);
      total += n;
      if (n < batch) return total;
      // Let waiting requests through between batches.
      await new Promise((r) => setImmediate(r));
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = timers.set(() => {
      timer = null;
      running = runOnce()
        .then((n) => {
          if (n > 0) opts.log?.(`[backend] sync records pruned: ${n}`);
          return n;
        })
        .catch((e: unknown) => {
          opts.log?.(`[backend] sync records pruning failed: ${String(e)}`);
          return 0;
        })
        .finally(() => {
          running = null;
          schedule(opts.intervalMs ?? PRUNE_INTERVAL_MS);
        });
    }, ms);
  };
  schedule(opts.firstDelayMs ?? PRUNE_FIRST_DELAY_MS);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== null) timers.clear(timer);
      timer = null;
      if (running) await running;
    },
  };
}
