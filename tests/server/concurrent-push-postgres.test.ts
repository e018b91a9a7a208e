// Concurrent pushes from many users on a PostgreSQL server never fail (issue 17 item 3: 4 of 672
// pushes at 20 users answered HTTP 500 `XX000 tuple concurrently updated`).
// Cause: on its first request with a user context, lite's PostgresConnection provisions RLS
// (`ensureRlsContext`: CREATE ROLE if missing, then GRANT ... ON ALL TABLES / SEQUENCES and ALTER
// DEFAULT PRIVILEGES for the RLS schemas). The state it caches is set only after its first await,
// so every request that arrives before that runs the same GRANTs on another pooled connection: two
// transactions rewriting the same catalog rows (pg_class.relacl, pg_default_acl) at once fail with
// "tuple concurrently updated". PGlite has one session (requests are serialised): never there.
// The overlap is a matter of timing, so besides the pushes the test counts, with an event trigger,
// how many times lite's provisioning GRANT ran: once, whatever the number of concurrent requests.
// It needs a FRESH backend on a fresh database of a PostgreSQL server: TEST_DATABASE_URL's server
// when set (CI's PostgreSQL pass), else a throw-away Debian PostgreSQL cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import {
  createConfirmedUser,
  startTestBackend,
  type ConfirmedUser,
  type TestBackend,
} from '../../server/testing/backend';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../server/testing/pg-cluster';

const USERS = 24;
const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBinDir() !== null;

function insertBatch(user: ConfirmedUser, n: number) {
  return Array.from({ length: n }, (_, i) =>
    trainingInsertMutation(user.id, { topic: `Formation ${i}` }),
  );
}

describe.runIf(available)('concurrent pushes on a fresh PostgreSQL backend', () => {
  let cluster: PgCluster | null = null;
  let backend: TestBackend;
  let dropDatabase = async () => {};
  let grantsRun = async () => 0;

  beforeAll(async () => {
    const name = `bf_concurrent_${randomUUID().slice(0, 8)}`;
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      cluster = await startPgCluster();
      serverUrl = cluster.url();
    }
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Every GRANT and ALTER DEFAULT PRIVILEGES is logged with its text (superuser: event trigger).
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await db.unsafe(`
      create schema grant_watch;
      create table grant_watch.log (query text not null);
      create function grant_watch.record() returns event_trigger language plpgsql as $$
      begin
        insert into grant_watch.log (query) values (current_query());
      end $$;
      create event trigger grant_watch on ddl_command_end
        when tag in ('GRANT', 'ALTER DEFAULT PRIVILEGES') execute function grant_watch.record();`);
    grantsRun = async () => {
      const [row] = await db.unsafe<{ n: number }[]>(
        `select count(*)::int n from grant_watch.log
          where query = 'GRANT ALL ON ALL TABLES IN SCHEMA "public" TO anon, authenticated, service_role'`,
      );
      return row!.n;
    };
    backend = await startTestBackend({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      await db.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  });

  afterAll(async () => {
    await backend?.stop();
    await dropDatabase();
    cluster?.stop();
  });

  it(`${USERS} users' first pushes, all at once, are all applied`, async () => {
    // Users are created and signed in through auth and the admin API (no RLS request yet).
    const users: ConfirmedUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await createConfirmedUser(backend));
    const answers = await Promise.all(
      users.map(async (u) => {
        const res = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${u.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ p_device_id: 'device-1', p_mutations: insertBatch(u, 20) }),
        });
        return { status: res.status, body: await res.text() };
      }),
    );
    // lite's RLS provisioning (GRANT ALL ON ALL TABLES ...) ran once, not once per request.
    expect(await grantsRun()).toBe(1);
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed, failed[0]?.body).toEqual([]);
    for (const a of answers) {
      const results = JSON.parse(a.body) as { status: string }[];
      expect(results.map((r) => r.status)).toEqual(Array(20).fill('applied'));
    }
  });
});
