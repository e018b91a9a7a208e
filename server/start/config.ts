// Configuration of the embedded backend, read from the environment once at start.
// Defaults follow the Supabase CLI's local conventions (API on 127.0.0.1:54321), except the secrets:
// the JWT secret and the anon / service_role keys are the environment's when set, else the data
// folder's own, generated on the first start (server/start/secrets.ts). The CLI's public demo values are
// kept here only to recognise them (a warning when they are set explicitly).
import { resolve } from 'node:path';
import { authLimitsFromEnv, type AuthLimits } from '../auth/throttle';
import {
  registrySettingsFromEnv,
  type RegistrySettings,
} from '../../supabase/functions/_shared/registry/handler';
import { parseSampleRulesSetting, type BudgetSampleRules } from '../apis/budget-sources';
import { PROJECT_ROOT } from '../db/project-root';

/** The Supabase CLI's well-known local JWT secret (public: local development only). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Supabase's demo anon key: {iss: supabase-demo, role: anon} signed with LOCAL_JWT_SECRET. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** Supabase's demo service_role key: {iss: supabase-demo, role: service_role} signed with LOCAL_JWT_SECRET. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const LOCAL_BUDGET_API_KEY = 'local-static-key';

export { PROJECT_ROOT };

export type BackendConfig = {
  host: string;
  /** API port (auth, rest, functions, budget API, registry, mailbox, local pages). 0 = random. */
  port: number;
  /** Port of the built PWA (npm start); null = do not serve the app. */
  appPort: number | null;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  /** PostgreSQL server instead of PGlite. */
  databaseUrl: string | null;
  /**
   * SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY; empty when unset: then
   * createBackend (and `npm start` before it builds the app) resolves them (server/start/secrets.ts).
   */
  jwtSecret: string;
  anonKey: string;
  serviceKey: string;
  jwtExpiry: number;
  /** Static key of the local budget API (header x-api-key). */
  budgetApiKey: string;
  /**
   * The invented sample budget rules (tests and demos only): 'off' (default), 'fallback' where no
   * published criterion answers, 'on-request' for requests with `x-budget-sample-rules: on`.
   */
  budgetSampleRules: BudgetSampleRules;
  /** Company registry sources (REGISTRY_SOURCE, REGISTRY_GOUV_URL, ...). */
  registry: RegistrySettings;
  /** Public address of the app: e-mail links redirect there (GoTrue's SITE_URL). */
  siteUrl: string;
  /** Extra allowed redirect targets after e-mail verification. */
  redirectUrls: string[];
  /**
   * Browser origins that may call the API (CORS; any other origin is refused): the app's own
   * (SITE_URL, 127.0.0.1 / localhost / [::1] on the app's port and Vite's 5173) and CORS_ORIGINS.
   */
  corsOrigins: string[];
  /**
   * Host names the API and the app answer to (DNS rebinding): loopback names, IP addresses, the
   * listen address, and the hosts of SITE_URL, VITE_SUPABASE_URL, CORS_ORIGINS, ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** Folder of the built PWA. */
  distDir: string;
  migrationsDir: string;
  dataFilesDir: string;
  functionsDir: string;
  /** Print e-mails on the console. */
  printEmails: boolean;
  /**
   * /_mailbox: 'open' (default, loopback only), 'token' (MAILBOX_TOKEN required, as a bearer token
   * or ?token=), 'off' (MAILBOX=off: not served; e-mails still printed).
   */
  mailbox: 'open' | 'token' | 'off';
  mailboxToken: string | null;
  /** Largest request body accepted by the routes server/ adds and by /rest and /auth (bytes). */
  maxBodyBytes: number;
  /** Rate limits of /auth/v1 (AUTH_RATE_LIMIT_*, AUTH_EMAIL_MAX_FREQUENCY; docs/security.md). */
  authLimits: AuthLimits;
  /** Seconds a rotated refresh token may still be used (AUTH_REFRESH_TOKEN_REUSE_INTERVAL, 10). */
  refreshReuseIntervalSeconds: number;
  /** Folder of the e-mail templates (supabase/templates). */
  templatesDir: string;
  /**
   * PGlite: the longest estimated wait in the session queue a request is admitted with; beyond, it
   * is answered 503 + Retry-After at once (env PGLITE_MAX_QUEUE_WAIT_MS, default 5000).
   */
  queueMaxWaitMs: number;
  /** Skip the reference-data seed (tests of the seed itself). */
  seed: boolean;
  quiet: boolean;
};

function int(v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`Invalid port number: ${v}`);
  return n;
}

function positiveInt(v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Invalid positive integer: ${v}`);
  return n;
}

function list(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The host names of the listen address, of URLs, and of an explicit list (lower case). */
function allowedHostsOf(listen: string, urls: string[], extra: string[]): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (listen !== '0.0.0.0' && listen !== '::')
    hosts.add(listen.includes(':') ? `[${listen}]` : listen);
  for (const u of urls) {
    try {
      hosts.add(new URL(u).hostname);
    } catch {
      /* not a URL */
    }
  }
  for (const h of extra) hosts.add(h.toLowerCase());
  return [...hosts].map((h) => h.toLowerCase());
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<BackendConfig> = {},
): BackendConfig {
  const host = env.HOST?.trim() || '127.0.0.1';
  const appPort = int(env.APP_PORT, 4173);
  const siteUrl = (env.SITE_URL?.trim() || `http://127.0.0.1:${appPort}`).replace(/\/$/, '');
  const defaultOrigins = [4173, 5173, appPort].flatMap((p) => [
    `http://127.0.0.1:${p}`,
    `http://localhost:${p}`,
    `http://[::1]:${p}`,
  ]);
  const corsOrigins = [...new Set([...defaultOrigins, siteUrl, ...list(env.CORS_ORIGINS)])];
  return {
    host,
    port: int(env.PORT, 54321),
    appPort,
    dataDir: resolve(PROJECT_ROOT, env.LITE_DATA_DIR?.trim() || '.data/backend'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    jwtSecret: env.SUPABASE_JWT_SECRET?.trim() ?? '',
    anonKey: env.SUPABASE_ANON_KEY?.trim() ?? '',
    serviceKey: env.SUPABASE_SERVICE_ROLE_KEY?.trim() ?? '',
    jwtExpiry: int(env.JWT_EXPIRY, 3600),
    budgetApiKey: env.BUDGET_API_KEY?.trim() || LOCAL_BUDGET_API_KEY,
    budgetSampleRules: parseSampleRulesSetting(env.BUDGET_SAMPLE_RULES),
    registry: registrySettingsFromEnv((name) => env[name]),
    siteUrl,
    redirectUrls: [...new Set([siteUrl, ...defaultOrigins, ...list(env.ADDITIONAL_REDIRECT_URLS)])],
    corsOrigins,
    allowedHosts: allowedHostsOf(
      host,
      [
        siteUrl,
        ...corsOrigins,
        ...list(env.ADDITIONAL_REDIRECT_URLS),
        ...list(env.VITE_SUPABASE_URL),
      ],
      list(env.ALLOWED_HOSTS),
    ),
    distDir: resolve(PROJECT_ROOT, 'dist'),
    migrationsDir: resolve(PROJECT_ROOT, 'supabase/migrations'),
    dataFilesDir: resolve(PROJECT_ROOT, 'data'),
    functionsDir: resolve(PROJECT_ROOT, 'supabase/functions'),
    printEmails: env.MAILBOX_PRINT !== '0',
    mailbox: env.MAILBOX?.trim() === 'off' ? 'off' : env.MAILBOX_TOKEN?.trim() ? 'token' : 'open',
    mailboxToken: env.MAILBOX_TOKEN?.trim() || null,
    maxBodyBytes: 1024 * 1024,
    authLimits: authLimitsFromEnv(env),
    refreshReuseIntervalSeconds: int(env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL, 10),
    templatesDir: resolve(PROJECT_ROOT, 'supabase/templates'),
    queueMaxWaitMs: positiveInt(env.PGLITE_MAX_QUEUE_WAIT_MS, 5_000),
    seed: true,
    quiet: false,
    ...overrides,
  };
}
