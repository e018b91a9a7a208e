// server/db/pg-prepared.ts: on a PostgreSQL server, lite's statements with parameters become named
// prepared statements (one round trip once prepared) within a bound of distinct texts; statements
// without parameters and a DATABASE_URL with ?prepare=false are left as they were. Read from the
// session itself (pg_prepared_statements) on a lite PostgresConnection of one pooled connection.
// TEST_DATABASE_URL's server when set (CI's PostgreSQL pass), else a throw-away Debian cluster.
import { createPostgresConnection } from '@supabase/lite/postgres';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOptions } from '../../server/start/backend';
import { prepareStatements } from '../../server/db/pg-prepared';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../server/testing/pg-cluster';

const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBinDir() !== null;

type Lite = { kysely: Kysely<unknown>; close(): Promise<void> };

describe.runIf(available)('prepared statements on a PostgreSQL server', () => {
  let cluster: PgCluster | null = null;
  let serverUrl = '';
  const open: Lite[] = [];

  beforeAll(async () => {
    serverUrl = process.env.TEST_DATABASE_URL ?? '';
    if (!serverUrl) {
      cluster = await startPgCluster();
      serverUrl = cluster.url();
    }
  });
  afterAll(async () => {
    for (const c of open) await c.close();
    cluster?.stop();
  });

  async function connect(url: string, limit?: number): Promise<Lite> {
    const connection = (await createPostgresConnection({
      url,
      postgresOptions: postgresOptions(1),
    })) as unknown as Lite;
    open.push(connection);
    expect(prepareStatements(connection, limit)).toBe(true);
    return connection;
  }

  const prepared = async (db: Kysely<unknown>) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
    ).rows.map((r) => r.statement);

  it('prepares a statement with parameters once, and uses it again', async () => {
    const { kysely } = await connect(serverUrl);
    for (const n of [1, 2, 3])
      expect((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(kysely)).rows).toEqual([
        { n: n + 1 },
      ]);
    const statements = await prepared(kysely);
    expect(statements.filter((s) => s.includes('+ 1 as n'))).toHaveLength(1);
    // Without parameters: the simple protocol, nothing prepared.
    await sql`select 42 as answer`.execute(kysely);
    expect((await prepared(kysely)).some((s) => s.includes('42'))).toBe(false);
  });

  it('prepares no more than its bound of distinct texts', async () => {
    const { kysely } = await connect(serverUrl, 2);
    for (const column of ['a', 'b', 'c', 'd'])
      await sql`select ${1}::int as ${sql.raw(column)}`.execute(kysely);
    // (postgres.js prepares its own type lookup when it connects: not one of lite's statements.)
    const ours = (await prepared(kysely)).filter((s) => s.startsWith('select $1::int as ')).sort();
    expect(ours).toEqual(['select $1::int as a', 'select $1::int as b']);
    // Past the bound the statements still run (unnamed), with the right answers.
    expect((await sql<{ e: number }>`select ${5}::int as e`.execute(kysely)).rows).toEqual([
      { e: 5 },
    ]);
  });

  it('prepares nothing where the URL turns prepared statements off (?prepare=false)', async () => {
    const url = new URL(serverUrl);
    url.searchParams.set('prepare', 'false');
    const { kysely } = await connect(url.toString());
    await sql`select ${1}::int as one`.execute(kysely);
    await sql`select ${1}::int as one`.execute(kysely);
    expect((await prepared(kysely)).filter((s) => s.includes('as one'))).toEqual([]);
  });
});
