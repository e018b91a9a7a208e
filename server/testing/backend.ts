// Test harness shared by every backend test (tests/server, tests/sync): a real embedded backend on a
// fresh temporary data folder (migrations applied, reference data seeded) listening on a random free
// port, plus helpers to get signed-in supabase-js clients.
//
// One backend costs 0.3-0.8 GB (PGlite): a test run starts ONE (tests/setup/backend-global.ts) and
// every test file reads its coordinates with `inject('backend')`. Test files isolate themselves by
// creating fresh users (createConfirmedUser): RLS scopes every user table to its owner, so files
// do not see each other's rows. Nothing is reset between files.
//
// Set TEST_DATABASE_URL to run the same tests against a PostgreSQL server instead of PGlite (the
// database must be empty or created for the run; CI creates one per run).
import '../start/telemetry-off';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createBackend, type Backend } from '../start/backend';
import { loadConfig, type BackendConfig } from '../start/config';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../auth/throttle';
import { freePort, listenBackend } from '../start/listen';

export type TestBackend = {
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  stop(): Promise<void>;
};

/** What a test file needs to reach the shared backend (provided by the global setup). */
export type BackendCoordinates = Pick<TestBackend, 'url' | 'anonKey' | 'serviceKey' | 'jwtSecret'>;

export type StartTestBackendOptions = {
  port?: number;
  /** PostgreSQL server instead of PGlite (default: env TEST_DATABASE_URL). */
  databaseUrl?: string;
  /** Keep the console quiet (default true). */
  quiet?: boolean;
  /** Any other configuration (e.g. strict authLimits for the throttling tests, queueMaxWaitMs). */
  config?: Partial<BackendConfig>;
  /** Base URL of the government registry (default: a closed local port). */
  registryGouvUrl?: string;
};

/**
 * The shared test backend creates and signs in hundreds of users from 127.0.0.1 in a few minutes:
 * its per-address auth limits are lifted (tests/server/security starts its own backend with the
 * real ones). E-mails still keep GoTrue's interval per address.
 */
export const RELAXED_AUTH_LIMITS: AuthLimits = {
  ...DEFAULT_AUTH_LIMITS,
  signInSignUps: { burst: 1_000_000, refillMs: 1 },
  tokenRefresh: { burst: 1_000_000, refillMs: 1 },
  verify: { burst: 1_000_000, refillMs: 1 },
};

/** Same as startTestBackend, also exposing the in-process Backend (for tests of server/ itself). */
/** The status PGlite's runtime writes into process.exitCode when a database starts. */
export const PGLITE_START_STATUS = 100;

/**
 * Runs `work` and puts back the process's exit code as it was: PGlite's WebAssembly runtime
 * (Emscripten) writes process.exitCode when a database starts (100) and stops (0). In vitest's
 * main process (tests/setup/backend-global.ts) the stop came after vitest had set 1 for failed
 * tests, and `npm test` exited 0 with tests failing.
 */
export async function keepingExitCode<T>(work: () => Promise<T>): Promise<T> {
  const code = process.exitCode;
  try {
    return await work();
  } finally {
    process.exitCode = code;
  }
}

export async function startTestBackendWithInternals(
  opts: StartTestBackendOptions = {},
): Promise<TestBackend & { backend: Backend }> {
  // Fast password hashing for tests (lite and admin-users.ts read it).
  process.env.LITE_AUTH_BCRYPT_COST ??= '4';
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-backend-'));
  const port = opts.port ?? (await freePort());
  const databaseUrl = opts.databaseUrl ?? process.env.TEST_DATABASE_URL ?? null;
  const config = loadConfig(
    {
      // No internet in tests: the government registry is a closed local port (refused at once),
      // so `auto` falls back to the registry table, labelled; tests of the gouv adapter use a
      // local fake (tests/unit/registry-gouv.test.ts).
      REGISTRY_GOUV_URL: opts.registryGouvUrl ?? 'http://127.0.0.1:9',
      // Tests that rely on the invented sample budget rules opt in per request
      // (header x-budget-sample-rules: on); every other request gets the published criteria.
      BUDGET_SAMPLE_RULES: 'on-request',
    },
    {
      port,
      appPort: null,
      dataDir,
      databaseUrl: databaseUrl || null,
      printEmails: false,
      quiet: opts.quiet ?? process.env.BACKEND_TEST_LOG !== '1',
      authLimits: RELAXED_AUTH_LIMITS,
      ...opts.config,
    },
  );
  const backend = await keepingExitCode(() => createBackend(config));
  let listener: Awaited<ReturnType<typeof listenBackend>>;
  try {
    listener = await keepingExitCode(() => listenBackend(backend));
  } catch (e) {
    await keepingExitCode(() => backend.close());
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  // The data folder's own keys (generated at its first start), or the ones the test set.
  return {
    url: `http://127.0.0.1:${listener.port}`,
    anonKey: backend.config.anonKey,
    serviceKey: backend.config.serviceKey,
    jwtSecret: backend.config.jwtSecret,
    backend,
    async stop() {
      await listener.close();
      await keepingExitCode(() => backend.close());
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestBackend(opts: StartTestBackendOptions = {}): Promise<TestBackend> {
  const { backend: _internal, ...rest } = await startTestBackendWithInternals(opts);
  return rest;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket: supabase-js's realtime client needs one.
  realtime: { transport: WebSocket as unknown as never },
} as const;

/** An anonymous supabase-js client (anon key), as the app creates it. */
export function anonClient(backend: BackendCoordinates): SupabaseClient {
  return createClient(backend.url, backend.anonKey, clientOptions);
}

/**
 * An anonymous client with the app's PKCE flow (flowType 'pkce', its code verifier kept in memory):
 * the "browser" that signs up and then exchanges its confirmation link's code.
 */
export function pkceClient(backend: BackendCoordinates): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    ...clientOptions,
    auth: { ...clientOptions.auth, flowType: 'pkce' },
  });
}

/** A service-role supabase-js client (bypasses RLS; admin API). */
export function serviceClient(backend: BackendCoordinates): SupabaseClient {
  return createClient(backend.url, backend.serviceKey, clientOptions);
}

export type ConfirmedUser = {
  id: string;
  email: string;
  password: string;
  /** Signed in with the anon key, as the app. */
  client: SupabaseClient;
  accessToken: string;
};

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/**
 * Creates a confirmed user through the admin API (service key), signs them in with a fresh
 * anon-key client. `metadata` becomes raw_user_meta_data (the confirmation trigger reads it).
 */
export async function createConfirmedUser(
  backend: BackendCoordinates,
  email: string = uniqueEmail(),
  password: string = 'Mot-de-passe-1',
  metadata: Record<string, unknown> = {},
): Promise<ConfirmedUser> {
  const admin = serviceClient(backend);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { contact_name: 'Test', contact_email: email, ...metadata },
  });
  if (error || !data.user)
    throw new Error(`createConfirmedUser(${email}): ${error?.message ?? 'no user'}`);
  const client = anonClient(backend);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error || !signIn.data.session)
    throw new Error(`sign-in ${email}: ${signIn.error?.message ?? 'no session'}`);
  return {
    id: data.user.id,
    email,
    password,
    client,
    accessToken: signIn.data.session.access_token,
  };
}
