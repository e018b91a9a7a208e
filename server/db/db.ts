// Database access for server/'s own code (migrations, seed, budget API, registry, admin users),
// over the same driver lite uses: PGlite (embedded, on disk) or a PostgreSQL server (DATABASE_URL).
//
// PGlite is one single-threaded session. Lite runs a request's transaction as raw BEGIN/COMMIT on
// that session, so any other statement issued meanwhile would run inside it (with its role and
// JWT claims). Every database use on PGlite therefore goes through one async mutex (`serialize`):
// lite requests and our own queries take turns. A PostgreSQL server has real sessions: no mutex.
// The mutex is a bounded queue (session-queue.ts): abandoned requests are dropped, and a request
// that would wait too long is refused at once (HTTP 503 + Retry-After).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Connection } from '@supabase/lite';
import { SessionQueue } from './session-queue';

export type Row = Record<string, unknown>;

export type DbSession = {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>;
};

export type Db = DbSession & {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: DbSession) => Promise<T>): Promise<T>;
  /** Runs fn alone on the database session (PGlite) or directly (PostgreSQL). */
  serialize<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a notification channel (PGlite's listen API; a dedicated connection of postgres.js
   * on a PostgreSQL server). Notifications arrive after their transaction commits. Resolves the
   * function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite's session queue (null on a PostgreSQL server). */
  queue: SessionQueue | null;
  close(): Promise<void>;
};

type PostgresSql = {
  unsafe(query: string, params?: unknown[]): Promise<unknown[]> & { simple(): Promise<unknown> };
  begin<T>(fn: (tx: PostgresSql) => Promise<T>): Promise<T>;
  listen(
    channel: string,
    onNotify: (payload: string) => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  end(opts?: { timeout?: number }): Promise<void>;
};

export function dbFromConnection(
  connection: Connection,
  opts: { maxQueueWaitMs?: number } = {},
): Db {
  const driver = (connection as unknown as { driver: unknown }).driver;
  if (typeof (driver as { unsafe?: unknown }).unsafe !== 'function') {
    // PGlite (postgres.js, the PostgreSQL driver, has `unsafe`)
    const pg = driver as PGlite;
    const mutex = new SessionQueue({ maxWaitMs: opts.maxQueueWaitMs });
    const session = (q: Pick<PGlite, 'query' | 'exec'>): DbSession => ({
      async query<T>(sql: string, params: unknown[] = []) {
        return (await q.query<T>(sql, params)).rows;
      },
      async exec(sql: string) {
        await q.exec(sql);
      },
    });
    const direct = session(pg);
    return {
      kind: 'pglite',
      query: (sql, params) => mutex.run(() => direct.query(sql, params)),
      exec: (sql) => mutex.run(() => direct.exec(sql)),
      transaction: (fn) => mutex.run(() => pg.transaction((tx) => fn(session(tx)))),
      serialize: (fn) => mutex.run(fn),
      listen: async (channel, onNotify) => {
        const unlisten = await mutex.run(() => pg.listen(channel, onNotify));
        return () => mutex.run(() => unlisten());
      },
      queue: mutex,
      close: () => connection.close(),
    };
  }
  const sql = driver as PostgresSql;
  const session = (s: PostgresSql): DbSession => ({
    async query<T>(q: string, params: unknown[] = []) {
      return (await s.unsafe(q, params as never[])) as T[];
    },
    async exec(q: string) {
      await s.unsafe(q).simple();
    },
  });
  const direct = session(sql);
  return {
    kind: 'postgres',
    ...direct,
    transaction: (fn) => sql.begin((tx) => fn(session(tx))),
    serialize: (fn) => fn(),
    listen: async (channel, onNotify) => {
      const request = await sql.listen(channel, onNotify);
      return () => request.unlisten();
    },
    queue: null,
    // lite's close waits for every query without limit (postgres.js `end()`): one that never ends
    // (waiting on a lock another server's session holds, say) would hold the stop for ever; CI's
    // PostgreSQL pass once hit its 2-minute hook timeout in a backend's stop. Connections still
    // busy 5 s after the close are closed anyway (postgres.js `end({ timeout })`).
    close: () => sql.end({ timeout: 5 }),
  };
}

// The data folder's lock: data-lock.ts.
export { acquireDataDirLock, DataDirLockedError } from './data-lock';

export function isPgliteDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}
