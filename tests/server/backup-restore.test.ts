// Issue 32 item 3: a backup taken WHILE the backend takes writes (POST /_ops/backup, what
// `npm run backup` calls on a running backend), restored into an empty place: row counts and
// checksums equal to the snapshot's manifest, no acknowledged mutation missing, no batch (one
// sync_push transaction) half-included. Plus the refusals: a non-empty target, a damaged or
// tampered file, and the route without the service key.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { packArchive, unpackArchive } from '../../server/db/backup/archive';
import {
  readSnapshot,
  restorePglite,
  restorePostgres,
  RestoreError,
} from '../../server/db/backup/restore';
import type { Manifest } from '../../server/db/backup/manifest';
import { backend, uuid } from './helpers';

const BATCH = 10;
type Batch = { rowIds: string[]; sentAt: number; ackedAt: number | null };

let user: ConfirmedUser;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bf-restore-test-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  user = await createConfirmedUser(backend);
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function pushBatch(): Promise<Batch> {
  const mutations = Array.from({ length: BATCH }, () => trainingInsertMutation(user.id));
  const batch: Batch = {
    rowIds: mutations.map((m) => m.row_id),
    sentAt: performance.now(),
    ackedAt: null,
  };
  const res = await fetch(`${backend.url}/rest/v1/rpc/sync_push`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${user.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_device_id: uuid(), p_mutations: mutations }),
  });
  const answers = (await res.json()) as { status: string }[];
  if (res.ok && answers.every((a) => a.status === 'applied')) batch.ackedAt = performance.now();
  return batch;
}

function backupRequest(key: string) {
  return fetch(`${backend.url}/_ops/backup`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
}

/** The ids of `ids` present in the restored database. */
async function restoredIds(
  bytes: Uint8Array,
  manifest: Manifest,
  ids: string[],
): Promise<Set<string>> {
  const target = join(tempDir(), 'data');
  const sqlList = ids.map((id) => `'${id}'`).join(',');
  const query = `select id::text as id from public.training_requests where id in (${sqlList})`;
  if (manifest.engine === 'pglite') {
    const r = await restorePglite(bytes, target);
    expect(r.tables).toBe(Object.keys(manifest.tables).length);
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create({ dataDir: join(target, 'pgdata') });
    try {
      return new Set((await pg.query<{ id: string }>(query)).rows.map((r) => r.id));
    } finally {
      await pg.close();
    }
  }
  // PostgreSQL (TEST_DATABASE_URL): into a fresh database of the same server.
  const { default: postgres } = await import('postgres');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const name = `bf_restore_${process.pid}_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await restorePostgres(bytes, sql as never, url.toString(), tempDir());
    const rows = await sql.unsafe<{ id: string }[]>(query);
    return new Set(rows.map((r) => r.id));
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.end({ timeout: 5 });
  }
}

describe('backup while the backend takes writes, then restore', () => {
  it('holds every write acknowledged before it, no batch half-included, checks equal', async () => {
    const batches: Batch[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) batches.push(await pushBatch());
    };
    const writers = [writer(), writer(), writer()];
    while (batches.filter((b) => b.ackedAt).length < 6) await new Promise((r) => setTimeout(r, 20));
    const backupSentAt = performance.now();
    const res = await backupRequest(backend.serviceKey);
    const backupDoneAt = performance.now();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Writes go on after it.
    const after = batches.length;
    while (batches.length < after + 3) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(writers);

    const { manifest } = readSnapshot(bytes);
    expect(manifest.tables['public.training_requests']!.rows).toBeGreaterThan(0);
    const acked = batches.filter((b) => b.ackedAt !== null);
    const present = await restoredIds(
      bytes,
      manifest,
      acked.flatMap((b) => b.rowIds),
    );
    for (const b of acked) {
      const n = b.rowIds.filter((id) => present.has(id)).length;
      expect([0, BATCH]).toContain(n); // a transaction is all in, or all out
      if (b.ackedAt! < backupSentAt) expect(n).toBe(BATCH); // acknowledged before: in it
      if (b.sentAt > backupDoneAt) expect(n).toBe(0); // sent after it answered: not in it
    }
    expect(acked.some((b) => b.ackedAt! < backupSentAt)).toBe(true);
  });
});

describe('backup and restore refusals', () => {
  it('the backup route requires the service key (anon, a user token, none: 401)', async () => {
    expect((await backupRequest(backend.anonKey)).status).toBe(401);
    expect((await backupRequest(user.accessToken)).status).toBe(401);
    expect((await fetch(`${backend.url}/_ops/backup`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${backend.url}/_ops/metrics`)).status).toBe(401);
    const metrics = await fetch(`${backend.url}/_ops/metrics`, {
      headers: { apikey: backend.serviceKey, authorization: `Bearer ${backend.serviceKey}` },
    });
    expect(metrics.status).toBe(200);
    const m = (await metrics.json()) as { memoryMiB: { rss: number } };
    expect(m.memoryMiB.rss).toBeGreaterThan(0);
  });

  it('refuses a non-empty target, a truncated file, another file, a tampered manifest', async () => {
    const res = await backupRequest(backend.serviceKey);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { manifest } = readSnapshot(bytes);
    if (manifest.engine !== 'pglite') return; // the folder refusals are PGlite's (below: any engine)

    const full = tempDir();
    writeFileSync(join(full, 'something'), 'x');
    await expect(restorePglite(bytes, full)).rejects.toThrow(/n'est pas vide/);

    const target = join(tempDir(), 'data');
    await expect(restorePglite(bytes.subarray(0, bytes.length / 2), target)).rejects.toThrow(
      RestoreError,
    );
    await expect(
      restorePglite(new Uint8Array(Buffer.from('pas une sauvegarde')), target),
    ).rejects.toThrow(/illisible/);

    // A manifest that does not match the data: refused, and nothing left at the target.
    const files = unpackArchive(bytes);
    const tampered: Manifest = JSON.parse(files.get('manifest.json')!.toString()) as Manifest;
    tampered.tables['public.training_requests']!.checksum = '0'.repeat(32);
    const forged = packArchive([
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(tampered)) },
      ...[...files].filter(([n]) => n !== 'manifest.json').map(([name, data]) => ({ name, data })),
    ]);
    await expect(restorePglite(forged, target)).rejects.toThrow(/somme de contrôle/);
    expect(existsSync(target)).toBe(false);
    mkdirSync(target);
    // The same target, empty, takes the genuine file.
    const ok = await restorePglite(bytes, target);
    expect(ok.rows).toBe(Object.values(manifest.tables).reduce((a, t) => a + t.rows, 0));
  });
});
