// Direct SQL for the tests that must read or age what the API never shows (the sync schema) or
// EXPLAIN a query: on PGlite, a standalone database with the project's migrations
// (tests/sync/sql-database.ts); with TEST_DATABASE_URL, the PostgreSQL database the shared backend
// runs on (migrations applied by it), users created through its API. Statements run as a user
// run with role authenticated and the JWT claims, as the API runs them (RLS applies).
import postgres from 'postgres';
import { createConfirmedUser, type BackendCoordinates } from '../../server/testing/backend';
import { asUserSql, createSqlUser, startSqlDatabase } from '../sync/sql-database';

export type SqlAccess = {
  kind: 'pglite' | 'postgres';
  /** A new user the statements can act as. */
  newUser(): Promise<string>;
  /** Statements in one transaction as the user; the rows of the last one. */
  asUser<T = Record<string, unknown>>(
    userId: string,
    sql: string,
    params?: unknown[],
  ): Promise<T[]>;
  /** Statements without parameters, one after the other in one transaction as the user; the rows of the last one. */
  asUserSteps<T = Record<string, unknown>>(userId: string, steps: string[]): Promise<T[]>;
  /** As the database owner (bypasses RLS). */
  admin<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements as the database owner, no parameters (BEGIN/COMMIT allowed). */
  script(sql: string): Promise<void>;
  close(): Promise<void>;
};

/** One statement of a transaction as a user, with its parameters. */
type Step = [sql: string, params?: unknown[]];
type Engine = Omit<SqlAccess, 'asUser' | 'asUserSteps'> & {
  /** The steps in one transaction as the user; the rows of the last one. */
  run<T>(userId: string, steps: Step[]): Promise<T[]>;
};

/** Both ways of acting as a user, from the engine's one transaction runner. */
function access({ run, ...rest }: Engine): SqlAccess {
  return {
    ...rest,
    asUser: (userId, text, params = []) => run(userId, [[text, params]]),
    asUserSteps: (userId, steps) =>
      run(
        userId,
        steps.map((text): Step => [text]),
      ),
  };
}

export async function openSqlAccess(backend: BackendCoordinates): Promise<SqlAccess> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    return access({
      kind: 'postgres',
      newUser: async () => (await createConfirmedUser(backend)).id,
      run: async <T>(userId: string, steps: Step[]) =>
        (await sql.begin(async (tx) => {
          await tx.unsafe(asUserSql(userId)).simple();
          let last: unknown[] = [];
          for (const [text, params = []] of steps) last = await tx.unsafe(text, params as never[]);
          return last;
        })) as unknown as T[],
      admin: async <T>(text: string, params: unknown[] = []) =>
        (await sql.unsafe(text, params as never[])) as unknown as T[],
      script: async (text: string) => {
        await sql.unsafe(text).simple();
      },
      close: () => sql.end(),
    });
  }
  const pg = await startSqlDatabase();
  return access({
    kind: 'pglite',
    async newUser() {
      const id = crypto.randomUUID();
      await createSqlUser(pg, id, `${id}@example.test`);
      return id;
    },
    run: <T>(userId: string, steps: Step[]) =>
      pg.transaction(async (tx) => {
        await tx.exec(asUserSql(userId));
        let last: T[] = [];
        for (const [text, params = []] of steps) last = (await tx.query<T>(text, params)).rows;
        return last;
      }),
    admin: async <T>(text: string, params: unknown[] = []) =>
      (await pg.query<T>(text, params)).rows,
    script: async (text: string) => {
      await pg.exec(text);
    },
    close: () => pg.close(),
  });
}

/** sync_push as `user` (RLS applies), in one transaction; its answers. */
export async function pushAs<A = { id: string; status: string }>(
  db: SqlAccess,
  user: string,
  device: string,
  mutations: unknown[],
): Promise<A[]> {
  const [row] = await db.asUser<{ r: A[] | string }>(
    user,
    'select sync_push($1, $2::text::jsonb) as r',
    [device, JSON.stringify(mutations)],
  );
  const r = row!.r;
  return typeof r === 'string' ? (JSON.parse(r) as A[]) : r;
}
