// npm run restore -- FILE [--to DIR]: a snapshot of `npm run backup` restored into an EMPTY place
// (server/db/backup/restore.ts), then each table's row count and checksum checked against the
// snapshot's manifest.
//  - PGlite: into DIR (default LITE_DATA_DIR, else .data/backend), which must not exist or be
//    empty; start the backend on it with LITE_DATA_DIR=DIR;
//  - DATABASE_URL set: into that database, which must hold no table (pg_restore).
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../server/start/config';
import { restorePglite, restorePostgres, RestoreError } from '../server/db/backup/restore';

for (const f of ['.env', '.env.local'])
  if (existsSync(join(PROJECT_ROOT, f))) process.loadEnvFile(join(PROJECT_ROOT, f));

const USAGE = 'Usage : npm run restore -- FICHIER.tar.gz [--to DOSSIER_VIDE]';

async function main() {
  const args = process.argv.slice(2);
  const toAt = args.indexOf('--to');
  const to = toAt >= 0 ? args[toAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (toAt < 0 || i !== toAt + 1));
  if (!file || (toAt >= 0 && !to)) throw new RestoreError(USAGE);
  if (!existsSync(file)) throw new RestoreError(`Fichier introuvable : ${resolve(file)}`);
  const bytes = readFileSync(file);
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    const { default: postgresJs } = await import('postgres');
    const sql = postgresJs(config.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const r = await restorePostgres(bytes, sql as never, config.databaseUrl, tmpdir());
      console.log(
        `Restauration vérifiée dans DATABASE_URL : ${r.tables} tables, ${r.rows} lignes, sommes de contrôle identiques au manifeste (${r.manifest.createdAt}).`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
    return;
  }
  const target = resolve(PROJECT_ROOT, to ?? config.dataDir);
  const r = await restorePglite(bytes, target);
  console.log(
    `Restauration vérifiée dans ${target} : ${r.tables} tables, ${r.rows} lignes, sommes de contrôle identiques au manifeste (sauvegarde du ${r.manifest.createdAt}).\n` +
      `Démarrer dessus : LITE_DATA_DIR=${target} npm start`,
  );
}

main().catch((e: unknown) => {
  console.error(`Échec de la restauration : ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
