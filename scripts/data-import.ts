// npm run data:import -- <dataset> FILE.csv [--api]
//   datasets: companies (SIRENE stock extract or registry CSV), idcc, idcc-opco, naf, naf-idcc,
//             budget-rules (columns: docs/backend.md)
//   target:   the embedded backend's PGlite folder (LITE_DATA_DIR, default .data/backend; stop the
//             backend first), or DATABASE_URL (PostgreSQL with the migrations deployed), or --api:
//             SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY (a hosted project's data API, service role).
//   npm run data:import -- bundled   restores the bundled data (data/*.csv), even over imports.
import '../server/start/telemetry-off';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBackend, postgresOptions } from '../server/start/backend';
import { loadConfig, PROJECT_ROOT } from '../server/start/config';
import { dbFromConnection, DataDirLockedError, type Db } from '../server/db/db';
import { importFile, IMPORT_DATASETS } from '../server/db/seed/importer';
import { seedReferenceData } from '../server/db/seed/seed';

const USAGE = `Usage : npm run data:import -- <jeu> FICHIER.csv [--api]
  jeux : ${Object.keys(IMPORT_DATASETS).join(', ')}  (ou "bundled" pour revenir aux données livrées)
  cible : LITE_DATA_DIR (PGlite, backend arrêté), sinon DATABASE_URL, sinon --api (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY)`;

async function main() {
  for (const f of ['.env', '.env.local'])
    if (existsSync(resolve(PROJECT_ROOT, f))) process.loadEnvFile(resolve(PROJECT_ROOT, f));
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const useApi = args.includes('--api');
  const [name, file] = args.filter((a) => !a.startsWith('--'));
  if (!name || (name !== 'bundled' && !file)) {
    console.error(USAGE);
    process.exit(2);
  }
  const path = file ? resolve(process.cwd(), file) : '';
  if (file && !existsSync(path)) throw new Error(`Fichier introuvable : ${path}`);

  if (useApi) {
    const url = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
    const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!url || !serviceKey)
      throw new Error('--api : définissez SUPABASE_URL et SUPABASE_SERVICE_ROLE_KEY');
    if (name === 'bundled')
      throw new Error('"bundled" : utilisez la cible base de données (DATABASE_URL ou PGlite)');
    report(await importFile(name, path, { kind: 'api', url, serviceKey }));
    return;
  }

  const config = loadConfig(process.env, { appPort: null, quiet: true, printEmails: false });
  let db: Db;
  let close: () => Promise<void>;
  if (config.databaseUrl) {
    // A server whose schema is deployed (Supabase CLI, or the embedded backend): no provisioning here.
    const { createPostgresConnection } = await import('@supabase/lite/postgres');
    const connection = createPostgresConnection({
      url: config.databaseUrl,
      postgresOptions: postgresOptions(2),
    });
    db = dbFromConnection(connection);
    close = () => connection.close();
  } else {
    // The embedded folder: opened as the backend does (lock, migrations, bundled seed).
    const backend = await createBackend(config);
    db = backend.db;
    close = () => backend.close();
  }
  try {
    if (name === 'bundled') {
      const loaded = await seedReferenceData(db, config.dataFilesDir, {
        force: true,
        log: console.log,
      });
      console.log(`Données livrées rechargées : ${loaded.join(', ')}`);
    } else {
      report(await importFile(name, path, { kind: 'db', db }));
    }
  } finally {
    await close();
  }
}

function report(r: Awaited<ReturnType<typeof importFile>>) {
  console.log(
    `${r.dataset} : ${r.rows} ligne(s) importée(s), ${r.skipped} ignorée(s)${r.format ? ` (format ${r.format})` : ''}.`,
  );
  for (const e of r.errors) console.log(`  ${e}`);
}

main().catch((e: unknown) => {
  console.error(
    e instanceof DataDirLockedError
      ? `${e.message}\n(ou importez via le backend en marche : --api)`
      : `Échec de l'import : ${(e as Error).message}`,
  );
  process.exit(1);
});
