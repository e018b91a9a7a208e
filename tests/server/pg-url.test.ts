// DATABASE_URL in libpq's Unix-domain socket form (server/db/pg-url.ts): the socket parameters become
// postgres.js options, everything else stays in the URL. The second part starts the real backend
// through a PostgreSQL server's socket (CI's PostgreSQL pass: TEST_DATABASE_SOCKET_URL; else a
// throw-away Debian cluster; skipped where PostgreSQL is not installed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { pgUrlOptions } from '../../server/db/pg-url';
import {
  createConfirmedUser,
  startTestBackend,
  type TestBackend,
} from '../../server/testing/backend';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../server/testing/pg-cluster';

describe('pgUrlOptions', () => {
  it('takes a socket folder, its port, user and password out of the URL', () => {
    expect(
      pgUrlOptions(
        'postgresql:///budget?host=%2Fvar%2Frun%2Fpostgresql&port=5433&user=bf&password=s%C3%A9cret&prepare=false',
      ),
    ).toEqual({
      url: 'postgresql:///budget?prepare=false',
      options: { host: '/var/run/postgresql', port: 5433, username: 'bf', password: 'sécret' },
    });
    expect(pgUrlOptions('postgresql:///budget?host=/tmp')).toEqual({
      url: 'postgresql:///budget',
      options: { host: '/tmp' },
    });
  });

  it('leaves every other URL as it is', () => {
    for (const raw of [
      'postgres://postgres@127.0.0.1:5432/budget',
      'postgres://u:p@db.example.test:6543/postgres?sslmode=require&prepare=false',
      // a host parameter that is not a folder is postgres.js's business, not a socket
      'postgres://u@db.example.test/budget?host=other.example.test',
      'not a url',
      '',
    ])
      expect(pgUrlOptions(raw)).toEqual({ url: raw, options: {} });
  });

  it('refuses a port that is not one, rather than connecting elsewhere', () => {
    for (const port of ['54;32', '', '0', '70000'])
      expect(() => pgUrlOptions(`postgresql:///b?host=/tmp&port=${port}`), port).toThrow(
        `Invalid port in DATABASE_URL: ${port}`,
      );
  });
});

const socketAvailable = Boolean(process.env.TEST_DATABASE_SOCKET_URL) || postgresBinDir() !== null;

describe.runIf(socketAvailable)('the backend on PostgreSQL through a Unix-domain socket', () => {
  let cluster: PgCluster | null = null;
  let backend: TestBackend;
  let socketUrl = '';
  let cleanUp = async () => {};

  beforeAll(async () => {
    let serverSocketUrl = process.env.TEST_DATABASE_SOCKET_URL;
    if (!serverSocketUrl) {
      cluster = await startPgCluster();
      serverSocketUrl = cluster.socketUrl();
    }
    const name = `bf_socket_${randomUUID().slice(0, 8)}`;
    const server = pgUrlOptions(serverSocketUrl);
    const admin = postgres(server.url, { ...server.options, max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverSocketUrl);
    url.pathname = `/${name}`;
    socketUrl = url.toString();
    backend = await startTestBackend({ databaseUrl: socketUrl });
    cleanUp = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  });

  afterAll(async () => {
    await backend?.stop();
    await cleanUp();
    cluster?.stop();
  });

  it('connects through the socket, not TCP', async () => {
    const { url, options } = pgUrlOptions(socketUrl);
    expect(options.host).toMatch(/^\//);
    const sql = postgres(url, { ...options, max: 1, onnotice: () => {} });
    try {
      // inet_server_addr() is null on a Unix-domain socket connection
      const [row] = await sql<{ addr: string | null }[]>`select inet_server_addr()::text as addr`;
      expect(row!.addr).toBeNull();
    } finally {
      await sql.end();
    }
  });

  it('migrates, signs a user in and applies a push', async () => {
    const user = await createConfirmedUser(backend);
    const res = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        p_device_id: 'device-1',
        p_mutations: [trainingInsertMutation(user.id, { topic: 'Formation par le socket' })],
      }),
    });
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { status: string }[];
    expect(answers.map((a) => a.status)).toEqual(['applied']);
  });
});
