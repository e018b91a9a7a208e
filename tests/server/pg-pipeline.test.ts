// server/db/pg-pipeline.ts: in a lite transaction on a PostgreSQL server, BEGIN and the statements
// whose answers nobody reads are sent without waiting for their answers: the next statement goes
// right after them (pipelined), runs inside the same transaction, and an error among them is the
// one thrown. Observed with postgres.js's own `debug` hook (when a query is sent) and the answers
// as they come back, on a lite PostgresConnection of one pooled connection.
// TEST_DATABASE_URL's server when set (CI's PostgreSQL pass), else a throw-away Debian cluster.
import { createPostgresConnection } from '@supabase/lite/postgres';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOptions } from '../../server/start/backend';
import { pipelineStatements } from '../../server/db/pg-pipeline';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../server/testing/pg-cluster';

const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBinDir() !== null;

type Unsafe = (text: string, parameters?: unknown[], options?: unknown) => unknown;
type Reserved = { unsafe: Unsafe };
type Lite = {
  kysely: Kysely<unknown>;
  driver: { reserve(): Promise<Reserved> };
  close(): Promise<void>;
};

const SETTING = "select set_config('bf.test', $1, true)";
const FAILING = "select set_config('role', $1, true)";
// Its answer comes 0.3 s after it is sent: the next statement is sent before that.
const SLOW = "select pg_sleep(0.3), set_config('bf.slow', 'done', true)";
const unanswered = (text: string) => text === SETTING || text === FAILING || text === SLOW;

describe.runIf(available)('pipelined statements on a PostgreSQL server', () => {
  let cluster: PgCluster | null = null;
  let lite: Lite;
  const events: string[] = [];
  const label = (text: string) =>
    text === 'begin' || text === 'commit' || text === 'rollback' ? text : text.slice(0, 24);

  beforeAll(async () => {
    let url = process.env.TEST_DATABASE_URL ?? '';
    if (!url) {
      cluster = await startPgCluster();
      url = cluster.url();
    }
    lite = (await createPostgresConnection({
      url,
      postgresOptions: {
        ...postgresOptions(1),
        // postgres.js calls this when it sends a query on the connection
        debug: (_connection: number, text: string) => events.push(`sent ${label(text)}`),
      },
    })) as unknown as Lite;
    // Under the pipelining: every answer, as it comes back.
    const reserve = lite.driver.reserve.bind(lite.driver);
    lite.driver.reserve = async () => {
      const reserved = await reserve();
      const unsafe = reserved.unsafe;
      reserved.unsafe = function (this: unknown, text, parameters, options) {
        return Promise.resolve(unsafe.call(this, text, parameters, options)).then(
          (answer) => (events.push(`answer ${label(text)}`), answer),
          (error: unknown) => {
            events.push(`error ${label(text)}`);
            throw error;
          },
        );
      };
      return reserved;
    };
    expect(pipelineStatements(lite, unanswered)).toBe(true);
    // postgres.js reads the server's types on its first query: done here, out of the tests' way.
    await sql`select 1`.execute(lite.kysely);
  });
  afterAll(async () => {
    await lite?.close();
    cluster?.stop();
  });

  it('sends BEGIN and the settings with the next statement, in the transaction', async () => {
    events.length = 0;
    const seen = await lite.kysely.transaction().execute(async (tx) => {
      await sql`select set_config('bf.test', ${'pipelined'}, true)`.execute(tx);
      return (await sql<{ v: string }>`select current_setting('bf.test', true) as v`.execute(tx))
        .rows[0]!.v;
    });
    expect(seen).toBe('pipelined');
    const read = label("select current_setting('bf.test', true) as v");
    // BEGIN and the setting go out before any answer (one write); each answer is awaited in order.
    const sent = events.filter((e) => e.startsWith('sent '));
    const answers = events.filter((e) => e.startsWith('answer '));
    expect(sent).toEqual(['sent begin', `sent ${label(SETTING)}`, `sent ${read}`, 'sent commit']);
    expect(answers).toEqual([
      'answer begin',
      `answer ${label(SETTING)}`,
      `answer ${read}`,
      'answer commit',
    ]);
    expect(events.indexOf(`sent ${label(SETTING)}`)).toBeLessThan(events.indexOf('answer begin'));
    // Transaction-local: gone after COMMIT, so BEGIN did come first.
    expect(
      (
        await sql<{ v: string | null }>`select current_setting('bf.test', true) as v`.execute(
          lite.kysely,
        )
      ).rows[0]!.v || null,
    ).toBeNull();
  });

  it("sends the next statement before the slow setting's answer comes back", async () => {
    events.length = 0;
    const slow = await lite.kysely.transaction().execute(async (tx) => {
      await sql.raw(SLOW).execute(tx);
      return (await sql<{ v: string }>`select current_setting('bf.slow') as v`.execute(tx)).rows[0]!
        .v;
    });
    expect(slow).toBe('done');
    const next = events.findIndex((e) => e.startsWith('sent select current_setting'));
    expect(next).toBeGreaterThan(-1);
    expect(next).toBeLessThan(events.indexOf(`answer ${label(SLOW)}`));
  });

  it("throws the failed setting's error, not the aborted transaction's, and rolls back", async () => {
    events.length = 0;
    const failed = lite.kysely.transaction().execute(async (tx) => {
      await sql`select set_config('role', ${'bf_no_such_role'}, true)`.execute(tx);
      await sql`select 1 as never_read`.execute(tx);
    });
    await expect(failed).rejects.toThrow(/bf_no_such_role/);
    expect(events).toContain('sent rollback');
    // The connection (the pool's only one) is usable afterwards, in a new transaction too.
    expect((await sql<{ n: number }>`select 1::int as n`.execute(lite.kysely)).rows).toEqual([
      { n: 1 },
    ]);
    const again = await lite.kysely
      .transaction()
      .execute(async (tx) => (await sql<{ n: number }>`select 2::int as n`.execute(tx)).rows);
    expect(again).toEqual([{ n: 2 }]);
  });

  it('leaves other statements as they were: awaited one by one', async () => {
    events.length = 0;
    await lite.kysely.transaction().execute(async (tx) => {
      await sql`select ${1}::int as a`.execute(tx);
      await sql`select ${2}::int as b`.execute(tx);
    });
    // (BEGIN goes with the first of them.)
    expect(events.filter((e) => !e.endsWith(' begin'))).toEqual([
      'sent select $1::int as a',
      'answer select $1::int as a',
      'sent select $1::int as b',
      'answer select $1::int as b',
      'sent commit',
      'answer commit',
    ]);
  });
});
