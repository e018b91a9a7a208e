// `npm run restore FILE` (issue 32 item 3): a snapshot of server/backup/snapshot.ts back into an
// EMPTY place (a data folder that does not exist or is empty; a PostgreSQL database without
// tables), then every table's row count and checksum compared with the snapshot's manifest.
// PGlite: restored into a temporary sibling folder first and moved into place only once the check
// passed, so that a failed restore never leaves a half-restored data folder behind.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { unpackArchive } from './archive';
import { compareTables, PINNED_SETTINGS, summarizeTables, type Manifest } from './manifest';
import { pgliteTransaction } from './snapshot';

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

export type RestoreResult = { tables: number; rows: number; manifest: Manifest };

export function readSnapshot(bytes: Uint8Array): {
  manifest: Manifest;
  files: Map<string, Buffer>;
} {
  let files: Map<string, Buffer>;
  try {
    files = unpackArchive(bytes);
  } catch (e) {
    throw new RestoreError(`Fichier de sauvegarde illisible (${(e as Error).message}).`);
  }
  const raw = files.get('manifest.json');
  let manifest: Manifest | null = null;
  try {
    manifest = raw ? (JSON.parse(raw.toString('utf8')) as Manifest) : null;
  } catch {
    manifest = null;
  }
  if (manifest?.format !== 'budget-formation-backup/1' || typeof manifest.tables !== 'object')
    throw new RestoreError(
      "Ce fichier n'est pas une sauvegarde de Budget Formation (manifeste absent).",
    );
  for (const name of manifest.files)
    if (!files.has(name)) throw new RestoreError(`Sauvegarde incomplète : ${name} manque.`);
  return { manifest, files };
}

function totals(manifest: Manifest) {
  const t = Object.values(manifest.tables);
  return { tables: t.length, rows: t.reduce((a, s) => a + s.rows, 0) };
}

/** Refuses a target folder that holds anything. */
export function assertEmptyFolder(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new RestoreError(
      `Le dossier ${dir} n'est pas vide : la restauration ne remplace jamais des données existantes. ` +
        'Choisissez un dossier vide (LITE_DATA_DIR ou --to DOSSIER), ou déplacez ce dossier ailleurs.',
    );
}

async function openPglite(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** PGlite snapshot -> `target` (absent or empty folder), checked against the manifest. */
export async function restorePglite(bytes: Uint8Array, target: string): Promise<RestoreResult> {
  const dir = resolve(target);
  assertEmptyFolder(dir);
  const { manifest, files } = readSnapshot(bytes);
  if (manifest.engine !== 'pglite')
    throw new RestoreError(
      'Cette sauvegarde vient de PostgreSQL (pg_dump) : restaurez-la avec DATABASE_URL.',
    );
  const work = join(dirname(dir), `.${basename(dir)}.restoring-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const pg = await openPglite(
      join(work, 'pgdata'),
      new Blob([new Uint8Array(files.get('pgdata.tar')!)]),
    );
    try {
      const actual = await pgliteTransaction(pg)(async (q) => {
        for (const s of PINNED_SETTINGS.split(';').filter((x) => x.trim())) await q(s);
        return summarizeTables(q);
      });
      const diff = compareTables(manifest.tables, actual);
      if (diff.length)
        throw new RestoreError(
          `La base restaurée ne correspond pas au manifeste de la sauvegarde :\n  ${diff.join('\n  ')}`,
        );
    } finally {
      await pg.close();
    }
    const mailbox = files.get('mailbox.json');
    if (mailbox) writeFileSync(join(work, 'mailbox.json'), mailbox);
    const secrets = files.get('secrets.json');
    if (secrets) writeFileSync(join(work, 'secrets.json'), secrets, { mode: 0o600 });
    // Still empty (checked again): rmdir refuses a folder that is not.
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(work, dir);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
  return { ...totals(manifest), manifest };
}

type PostgresSql = {
  unsafe(q: string): Promise<Record<string, unknown>[]>;
  begin<T>(mode: string, fn: (tx: PostgresSql) => Promise<T>): Promise<T>;
};

function pgRestore(url: string, file: string, bin = 'pg_restore'): Promise<void> {
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', url, file];
  return new Promise((ok, fail) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? ok() : fail(new RestoreError(`pg_restore a échoué : ${err.trim()}`)),
    );
  });
}

/** PostgreSQL snapshot -> the database at `url` (it must hold no table), checked. */
export async function restorePostgres(
  bytes: Uint8Array,
  sql: PostgresSql,
  url: string,
  scratchDir: string,
): Promise<RestoreResult> {
  const { manifest, files } = readSnapshot(bytes);
  if (manifest.engine !== 'postgres')
    throw new RestoreError(
      'Cette sauvegarde vient de PGlite : restaurez-la dans un dossier vide (sans DATABASE_URL).',
    );
  const [row] = await sql.unsafe(
    `select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
  );
  if (Number(row?.n) > 0)
    throw new RestoreError(
      `La base de DATABASE_URL contient déjà ${String(row?.n)} tables : la restauration ne remplace jamais des données existantes. Créez une base vide.`,
    );
  const file = join(scratchDir, `restore-${process.pid}.custom`);
  writeFileSync(file, files.get('pgdump.custom')!);
  try {
    await pgRestore(url, file);
  } finally {
    rmSync(file, { force: true });
  }
  const actual = await sql.begin('isolation level repeatable read read only', async (tx) => {
    for (const s of PINNED_SETTINGS.split(';').filter((x) => x.trim())) await tx.unsafe(s);
    return summarizeTables((s) => tx.unsafe(s));
  });
  const diff = compareTables(manifest.tables, actual);
  if (diff.length)
    throw new RestoreError(
      `La base restaurée ne correspond pas au manifeste de la sauvegarde :\n  ${diff.join('\n  ')}`,
    );
  return { ...totals(manifest), manifest };
}
