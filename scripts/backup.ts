// npm run backup [-- --out FILE]: a consistent, compressed snapshot of the backend's data
// (server/db/backup/snapshot.ts), written to BACKUP_DIR (default .data/backups) or FILE.
//  - PGlite, backend running (the data folder is locked by it): the snapshot is taken BY the running
//    backend (POST /_ops/backup with the service key), inside its database queue: no write is lost
//    or half-included, and nothing stops;
//  - PGlite, no backend running: the folder is locked here and read directly;
//  - DATABASE_URL set: pg_dump on a snapshot exported in the manifest's own transaction.
// Restore: npm run restore FILE (scripts/restore.ts).
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { apiOrigin } from '../server/start/backend';
import { loadConfig, PROJECT_ROOT, type BackendConfig } from '../server/start/config';
import { acquireDataDirLock, DataDirLockedError } from '../server/db/data-lock';
import { backupSettingsFromEnv, writeBackupFile } from '../server/db/backup/schedule';
import { pgliteSnapshot, postgresSnapshot, type Snapshot } from '../server/db/backup/snapshot';
import { withResolvedSecrets } from '../server/start/secrets';
import {
  assertDataFolderSound,
  DamagedDataDirError,
  holdsDatabase,
} from '../server/db/storage/data-folder';

for (const f of ['.env', '.env.local'])
  if (existsSync(join(PROJECT_ROOT, f))) process.loadEnvFile(join(PROJECT_ROOT, f));

function argValue(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

/** The running backend takes it (it holds the folder's lock). */
async function throughBackend(loaded: BackendConfig): Promise<Buffer> {
  // The running backend's keys: the environment's, else its data folder's (server/secrets.ts).
  const { config } = await withResolvedSecrets(loaded);
  const url = `${apiOrigin(config)}/_ops/backup`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { apikey: config.serviceKey, authorization: `Bearer ${config.serviceKey}` },
    });
  } catch {
    throw new Error(
      `Le dossier ${config.dataDir} est utilisé par un backend, mais ${apiOrigin(config)} ne répond pas : indiquez son port avec PORT.`,
    );
  }
  if (res.status === 503) {
    const after = res.headers.get('retry-after') ?? '5';
    throw new Error(`Backend occupé : relancez la sauvegarde dans ${after} s.`);
  }
  if (!res.ok)
    throw new Error(`Le backend a refusé la sauvegarde (HTTP ${res.status}) : ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

async function directPglite(config: BackendConfig, release: () => void): Promise<Snapshot> {
  try {
    assertDataFolderSound(config.dataDir);
    if (!holdsDatabase(config.dataDir))
      throw new Error(`Aucune base de données dans ${config.dataDir} (LITE_DATA_DIR ?).`);
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create({ dataDir: join(config.dataDir, 'pgdata') });
    try {
      return await pgliteSnapshot(pg, (fn) => fn(), config.dataDir);
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

async function postgres(config: BackendConfig): Promise<Snapshot> {
  const { default: postgresJs } = await import('postgres');
  const sql = postgresJs(config.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    return await postgresSnapshot(sql as never, config.databaseUrl!);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function main() {
  const config = loadConfig(process.env);
  let archive: Uint8Array;
  let source: string;
  if (config.databaseUrl) {
    archive = (await postgres(config)).archive;
    source = 'PostgreSQL (DATABASE_URL), pg_dump';
  } else {
    let release: (() => void) | null = null;
    try {
      release = await acquireDataDirLock(config.dataDir);
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
    }
    if (release) {
      archive = (await directPglite(config, release)).archive;
      source = `PGlite : ${config.dataDir} (backend arrêté)`;
    } else {
      archive = await throughBackend(config);
      source = `PGlite : ${config.dataDir}, par le backend en marche (${apiOrigin(config)})`;
    }
  }
  const out = argValue('--out');
  let path: string;
  if (out) {
    path = resolve(out);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.partial`, archive);
    renameSync(`${path}.partial`, path);
  } else path = writeBackupFile(backupSettingsFromEnv(process.env, PROJECT_ROOT).dir, archive);
  console.log(
    `Sauvegarde écrite : ${path} (${(archive.byteLength / 2 ** 20).toFixed(1)} Mo compressés ; ${source}).\n` +
      `Restauration : npm run restore -- ${path} --to DOSSIER_VIDE`,
  );
}

main().catch((e: unknown) => {
  console.error(
    e instanceof DamagedDataDirError || e instanceof Error
      ? `Échec de la sauvegarde : ${e.message}`
      : e,
  );
  process.exit(1);
});
