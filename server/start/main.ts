// Entry point of the embedded backend (run through server/start/start.mjs, which bundles server/ with
// esbuild and runs it with plain Node; `tsx server/start/main.ts` works too, ~1 s slower to start).
//   npm start         (node server/start/start.mjs --app)  builds the PWA if needed, then serves the API
//                     on http://127.0.0.1:54321 and the app on http://127.0.0.1:4173
//   npm run backend   (node server/start/start.mjs)        the API only
// Environment: see .env.example and docs/backend.md (PORT, APP_PORT, LITE_DATA_DIR, DATABASE_URL,
// SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, BUDGET_API_KEY, SITE_URL, ...).
import './telemetry-off';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { loadConfig, PROJECT_ROOT, type BackendConfig } from './config';
import { DataDirLockedError } from '../db/db';
import { UnsafeExposureError } from './exposure';
import { hostChecked, originPolicy } from '../auth/origin-guard';
import { SecretsFileError, secretsNotice, withResolvedSecrets } from './secrets';
import { DamagedDataDirError } from '../db/storage/data-folder';
import { listen, listenBackend, PortInUseError } from './listen';
import { staticAppHandler } from '../http/static';
import { warmPglite } from '../db/pglite-warmup';

const withApp = process.argv.includes('--app');

function loadDotEnv() {
  for (const file of ['.env', '.env.local']) {
    const path = join(PROJECT_ROOT, file);
    if (existsSync(path)) {
      try {
        process.loadEnvFile(path);
      } catch {
        /* malformed .env: ignored, the defaults apply */
      }
    }
  }
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Where the app of dist/ was told the backend is (VITE_SUPABASE_URL at its build) and a hash of
 * the anon key it was built with. */
const APP_BASE_STAMP = join(PROJECT_ROOT, '.data', 'build', 'app-backend-url.txt');

/**
 * dist/ is missing, older than the sources of the app, or built for another backend address or key:
 * vite build. Without VITE_SUPABASE_URL the app is built for this backend's own address (PORT,
 * HOST), the one base every local default of the app derives from (src/lib/config.ts).
 */
function ensureAppBuilt(config: BackendConfig, backendUrl: string) {
  const base = process.env.VITE_SUPABASE_URL?.trim() || backendUrl;
  // The anon key of this backend (its data folder's own), unless VITE_SUPABASE_ANON_KEY is set.
  const anonKey = process.env.VITE_SUPABASE_ANON_KEY?.trim() || config.anonKey;
  const stamp = `${base}\n${createHash('sha256').update(anonKey).digest('hex')}`;
  const index = join(config.distDir, 'index.html');
  // No stamp: dist/ comes from `npm run build` (its key unknown): built again once.
  const builtFor = existsSync(APP_BASE_STAMP) ? readFileSync(APP_BASE_STAMP, 'utf8') : null;
  const built = existsSync(index) && builtFor === stamp ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    ...[
      'src',
      'public',
      'index.html',
      'survey.html',
      'vite.config.ts',
      'vite.pwa.ts',
      'package.json',
      '.env',
      '.env.local',
    ].map((p) => newestMtime(join(PROJECT_ROOT, p))),
  );
  if (built > sources) return;
  console.log(
    built
      ? "[start] Les sources ont changé : reconstruction de l'application (vite build)..."
      : "[start] Construction de l'application (vite build)...",
  );
  const res = spawnSync(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: base, VITE_SUPABASE_ANON_KEY: anonKey },
    },
  );
  if (res.status !== 0) {
    console.error("[start] Échec de la construction de l'application (vite build).");
    process.exit(1);
  }
  mkdirSync(dirname(APP_BASE_STAMP), { recursive: true });
  writeFileSync(APP_BASE_STAMP, stamp);
}

function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

async function main() {
  loadDotEnv();
  const loaded = loadConfig(process.env, withApp ? {} : { appPort: null });
  // The environment's secrets, else the data folder's own (generated on the first start).
  const { config, resolved } = await withResolvedSecrets(loaded);
  // Compile PGlite's WebAssembly while the backend's modules load (imported dynamically below).
  if (!config.databaseUrl && process.env.PGLITE_WARMUP !== '0') void warmPglite();
  const { apiOrigin, createBackend } = await import('./backend');
  // VITE_SUPABASE_ANON_KEY is compared with this backend's key only when the app talks to it.
  const appUrl = process.env.VITE_SUPABASE_URL?.trim() || apiOrigin(config);
  const appKey =
    withApp && appUrl.replace(/\/$/, '') === apiOrigin(config)
      ? process.env.VITE_SUPABASE_ANON_KEY?.trim() || null
      : null;
  for (const line of secretsNotice(resolved, appKey)) console.log(line);
  if (withApp) ensureAppBuilt(config, apiOrigin(config));

  for (const [port, variable] of [
    [config.port, 'PORT'],
    [config.appPort, 'APP_PORT'],
  ] as const) {
    if (port !== null && port !== 0 && !(await portFree(config.host, port)))
      throw new PortInUseError(config.host, port, variable);
  }

  const started = performance.now();
  const backend = await createBackend(config);
  const api = await listenBackend(backend).catch(async (e) => {
    await backend.close();
    throw e;
  });
  const app =
    config.appPort === null
      ? null
      : await listen(
          hostChecked(staticAppHandler(config.distDir), originPolicy(config)),
          config.host,
          config.appPort,
          'APP_PORT',
        ).catch(async (e) => {
          await api.close();
          await backend.close();
          throw e;
        });

  const origin = apiOrigin(config);
  const lines = [
    '',
    `Budget Formation — backend local prêt en ${Math.round(performance.now() - started)} ms (${config.databaseUrl ? 'PostgreSQL : DATABASE_URL' : `PGlite : ${config.dataDir}`})`,
    `  API (auth, rest, functions, budget, registre) : ${origin}`,
    ...(app
      ? [`  Application                                   : http://${config.host}:${app.port}`]
      : []),
    `  Boîte aux lettres locale (e-mails)            : ${origin}/_mailbox`,
    `  Clé anon                                      : ${config.anonKey.slice(0, 24)}... (${resolved.source.kind === 'data-folder' ? resolved.source.file : 'environnement'})`,
    'Ctrl+C pour arrêter.',
    '',
  ];
  console.log(lines.join('\n'));
  if (process.env.BACKEND_TIMINGS === '1') {
    console.log(
      `[timings] process ${Math.round(performance.now())} ms since start; phases ${JSON.stringify(backend.timings)}`,
    );
  }

  // Function handlers are imported on first use; warm them up now, off the start-up path.
  setTimeout(() => {
    backend.preloadFunctions().catch((e: unknown) => console.error('[backend] fonctions :', e));
  }, 200).unref();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app?.close();
    await api.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  if (
    e instanceof DataDirLockedError ||
    e instanceof PortInUseError ||
    e instanceof UnsafeExposureError ||
    e instanceof SecretsFileError ||
    e instanceof DamagedDataDirError
  ) {
    console.error(`\n[backend] ${e.message}\n`);
  } else {
    console.error('[backend] Échec du démarrage :', e);
  }
  process.exit(1);
});
