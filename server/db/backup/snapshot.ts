// A consistent snapshot of the running backend's data (issue 32 item 3).
//  - PGlite: inside one turn of the session queue (server/db.ts), so that no request is half-way
//    through a transaction and none starts until it is done: the tables' manifest, a CHECKPOINT,
//    then PGlite's own dump of its data folder (dumpDataDir). Every write acknowledged before the
//    turn is in it, none after it; compression happens after the turn, off the queue.
//  - PostgreSQL (DATABASE_URL): pg_dump --snapshot on a snapshot exported by a repeatable-read
//    transaction, the manifest computed in that same transaction.
// The file: gzip(tar(manifest.json, pgdata.tar | pgdump.custom [, mailbox.json, secrets.json])):
// archive.ts.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { packArchive } from './archive';
import {
  PINNED_SETTINGS,
  schemaVersion,
  summarizeTables,
  type Manifest,
  type TableSummary,
} from './manifest';

export type Snapshot = { archive: Buffer; manifest: Manifest };

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Manifest of a database (a read-only transaction with the pinned settings). */
async function summaries(
  transaction: <T>(fn: (q: Query) => Promise<T>) => Promise<T>,
): Promise<{ tables: Record<string, TableSummary>; version: string | null }> {
  return transaction(async (q) => {
    for (const s of PINNED_SETTINGS.split(';').filter((x) => x.trim())) await q(s);
    return { tables: await summarizeTables(q), version: await schemaVersion(q) };
  });
}

export function pgliteQuery(pg: Pick<PGlite, 'query'>): Query {
  return async (sql) => (await pg.query<Record<string, unknown>>(sql)).rows;
}

export function pgliteTransaction(pg: PGlite) {
  return <T>(fn: (q: Query) => Promise<T>) => pg.transaction((tx) => fn(pgliteQuery(tx)));
}

/**
 * PGlite: `serialize` runs its function alone on the session (Db.serialize of the running
 * backend, or a plain call when the backup opened the folder itself).
 */
export async function pgliteSnapshot(
  pg: PGlite,
  serialize: <T>(fn: () => Promise<T>) => Promise<T>,
  dataDir: string,
): Promise<Snapshot> {
  const taken = await serialize(async () => {
    const { tables, version } = await summaries(pgliteTransaction(pg));
    await pg.exec('checkpoint');
    const dump = await pg.dumpDataDir('none');
    const extra = (name: string) => {
      const file = join(dataDir, name);
      return existsSync(file) ? { name, data: readFileSync(file) } : null;
    };
    // The folder's own keys (secrets.json, server/secrets.ts): without them a restored folder would
    // get new ones, and every session and the built app's anon key would stop working.
    const extras = [extra('mailbox.json'), extra('secrets.json')].filter((f) => f !== null);
    return { tables, version, dump: new Uint8Array(await dump.arrayBuffer()), extras };
  });
  const manifest: Manifest = {
    format: 'budget-formation-backup/1',
    createdAt: new Date().toISOString(),
    engine: 'pglite',
    schemaVersion: taken.version,
    tables: taken.tables,
    files: ['pgdata.tar', ...taken.extras.map((f) => f.name)],
  };
  const archive = packArchive([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    { name: 'pgdata.tar', data: taken.dump },
    ...taken.extras,
  ]);
  return { archive, manifest };
}

type PostgresSql = {
  begin<T>(mode: string, fn: (tx: PostgresSql) => Promise<T>): Promise<T>;
  unsafe(q: string): Promise<Record<string, unknown>[]>;
};

/** Runs pg_dump (custom format, compressed) of `url` on `snapshotId`; its output bytes. */
export function pgDump(url: string, snapshotId: string | null, bin = 'pg_dump'): Promise<Buffer> {
  const args = ['--format=custom', '--no-owner', '--dbname', url];
  if (snapshotId) args.push(`--snapshot=${snapshotId}`);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`pg_dump: ${err.trim()}`)),
    );
  });
}

/** PostgreSQL: the manifest and pg_dump on one exported snapshot. */
export async function postgresSnapshot(sql: PostgresSql, url: string): Promise<Snapshot> {
  const taken = await sql.begin('isolation level repeatable read read only', async (tx) => {
    const [row] = await tx.unsafe('select pg_export_snapshot() as id');
    const q: Query = (s) => tx.unsafe(s);
    for (const s of PINNED_SETTINGS.split(';').filter((x) => x.trim())) await q(s);
    const tables = await summarizeTables(q);
    const version = await schemaVersion(q);
    const dump = await pgDump(url, String(row!.id));
    return { tables, version, dump };
  });
  const manifest: Manifest = {
    format: 'budget-formation-backup/1',
    createdAt: new Date().toISOString(),
    engine: 'postgres',
    schemaVersion: taken.version,
    tables: taken.tables,
    files: ['pgdump.custom'],
  };
  const archive = packArchive([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest, null, 2)) },
    { name: 'pgdump.custom', data: taken.dump },
  ]);
  return { archive, manifest };
}
