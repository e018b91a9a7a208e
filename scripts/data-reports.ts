// npm run data:reports -- [FILE.csv] [--api]
//   The amounts users say their OPCO confirmed (issue 27 item 7), as a CSV the research can be
//   corrected from: idcc, headcount_min, headcount_max, opco, amount_eur, amount_basis,
//   confirmed_on. No user id, no SIRET, no comment. Written to FILE.csv, or to the standard output.
//   source: the embedded backend's PGlite folder (LITE_DATA_DIR, default .data/backend; stop the
//           backend first), or DATABASE_URL (PostgreSQL with the migrations deployed), or --api:
//           SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY (a hosted project's data API, service role).
import '../server/start/telemetry-off';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBackend, postgresOptions } from '../server/start/backend';
import { loadConfig, PROJECT_ROOT } from '../server/start/config';
import { dbFromConnection, DataDirLockedError } from '../server/db/db';
import { exportOpcoReports, type OpcoReportExport } from '../server/apis/opco-reports';

async function fromDatabase(): Promise<OpcoReportExport> {
  const config = loadConfig(process.env, { appPort: null, quiet: true, printEmails: false });
  if (config.databaseUrl) {
    const { createPostgresConnection } = await import('@supabase/lite/postgres');
    const connection = createPostgresConnection({
      url: config.databaseUrl,
      postgresOptions: postgresOptions(2),
    });
    try {
      return await exportOpcoReports({ kind: 'db', db: dbFromConnection(connection) });
    } finally {
      await connection.close();
    }
  }
  // The embedded folder, opened as the backend does (lock, migrations).
  const backend = await createBackend(config);
  try {
    return await exportOpcoReports({ kind: 'db', db: backend.db });
  } finally {
    await backend.close();
  }
}

async function main() {
  for (const f of ['.env', '.env.local'])
    if (existsSync(resolve(PROJECT_ROOT, f))) process.loadEnvFile(resolve(PROJECT_ROOT, f));
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const [file] = args.filter((a) => !a.startsWith('--'));
  let result: OpcoReportExport;
  if (args.includes('--api')) {
    const url = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
    const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!url || !serviceKey)
      throw new Error('--api : définissez SUPABASE_URL et SUPABASE_SERVICE_ROLE_KEY');
    result = await exportOpcoReports({ kind: 'api', url, serviceKey });
  } else {
    result = await fromDatabase();
  }
  const summary = `${result.rows} rapport(s) exporté(s)${result.unreadable ? `, ${result.unreadable} illisible(s) ignoré(s)` : ''}.`;
  if (file) {
    const path = resolve(process.cwd(), file);
    writeFileSync(path, result.csv);
    console.log(`${summary} Fichier : ${path}`);
  } else {
    process.stdout.write(result.csv);
    console.error(summary);
  }
}

main().catch((e: unknown) => {
  console.error(
    e instanceof DataDirLockedError
      ? `${e.message}\n(ou lisez les rapports via le backend en marche : --api)`
      : `Échec de l'export : ${(e as Error).message}`,
  );
  process.exit(1);
});
