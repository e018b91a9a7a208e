// Planner statistics on the embedded backend. PGlite runs no autovacuum, so no table is ever
// analyzed: the planner guesses a user's rows from defaults (23 rows for 10,000), and the pull's
// page query then reads every row of the user and sorts them instead of walking its index from
// the cursor (24 ms a page at 10,000 rows instead of 3, and growing with the user's data).
// This does what autovacuum's analyze does on PostgreSQL (hosted projects and DATABASE_URL keep
// theirs): a table that grew or shrank by more than 10 % (plus a few pages) since its statistics
// were taken, or that never had any, is analyzed. Checked a few seconds after start (off the
// cold-start path), shortly after writes, and on a slow timer. The check is one catalog query.
import { backgroundTimers, type BackgroundTimerOptions } from './background-timers';
import type { Db } from './db';

export const STATISTICS_FIRST_DELAY_MS = 5_000;
export const STATISTICS_AFTER_WRITE_MS = 2_000;
export const STATISTICS_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Tables whose size moved away from what their statistics say (autovacuum's threshold, on pages:
 * 8 + 10 %), or never analyzed and not empty. reltuples is -1 until a first ANALYZE (PG 14+).
 */
export const STALE_TABLES_SQL = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   cross join lateral (
     select pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::bigint as pages
   ) s
   where c.relkind in ('r', 'm')
     and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg\\_toast%'
     and n.nspname not like 'pg\\_temp%'
     and s.pages > 0
     and (c.reltuples < 0 or abs(s.pages - c.relpages) > 8 + 0.1 * c.relpages)
   order by 1`;

export type StatisticsOptions = BackgroundTimerOptions & {
  firstDelayMs?: number;
  afterWriteMs?: number;
  intervalMs?: number;
};

export type StatisticsKeeper = {
  /** Analyzes the stale tables now; resolves their names. */
  runOnce(): Promise<string[]>;
  /** Something was written: check again shortly (at most one check per delay). */
  wrote(): void;
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
};

export function startStatistics(
  db: Pick<Db, 'query' | 'exec'>,
  opts: StatisticsOptions = {},
): StatisticsKeeper {
  const timers = backgroundTimers(opts);
  const afterWriteMs = opts.afterWriteMs ?? STATISTICS_AFTER_WRITE_MS;
  const intervalMs = opts.intervalMs ?? STATISTICS_INTERVAL_MS;
  let timer: unknown = null;
  let timerDue = Infinity;
  let running: Promise<string[]> | null = null;
  let dirty = false;
  let stopped = false;

  const runOnce = async (): Promise<string[]> => {
    const stale = await db.query<{ name: string }>(STALE_TABLES_SQL);
    const done: string[] = [];
    for (const { name } of stale) {
      if (stopped) break;
      // One table per statement: the session is held briefly, requests go between.
      await db.exec(`analyze ${name}`);
      done.push(name);
    }
    return done;
  };

  const run = () => {
    timer = null;
    timerDue = Infinity;
    if (stopped) return;
    // Never due while a run is in progress: writes meanwhile only mark it dirty (wrote()).
    dirty = false;
    running = runOnce()
      .catch((e: unknown) => {
        opts.log?.(`[backend] statistics update failed: ${String(e)}`);
        return [];
      })
      .finally(() => {
        running = null;
        schedule(dirty ? afterWriteMs : intervalMs);
      });
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    const due = Date.now() + ms;
    if (timer !== null) {
      if (due >= timerDue) return; // an earlier check is already planned
      timers.clear(timer);
    }
    timer = timers.set(run, ms);
    timerDue = due;
  };
  schedule(opts.firstDelayMs ?? STATISTICS_FIRST_DELAY_MS);

  return {
    runOnce,
    wrote() {
      if (running) dirty = true;
      else schedule(afterWriteMs);
    },
    async stop() {
      stopped = true;
      if (timer !== null) timers.clear(timer);
      timer = null;
      if (running) await running;
    },
  };
}
