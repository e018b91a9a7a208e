// A local install has its own secrets (issue 28 item 1). The embedded backend used the Supabase
// CLI's demo JWT secret and keys, printed in .env.example: anyone could mint a service_role token,
// and any web page could read and write every local user's data with it. Now:
//  - SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY set in the environment
//    (or .env) are always used as they are; a secret set alone gets its two keys signed with it;
//  - none set: the first start generates a random secret and the two keys signed with it, and keeps
//    them in the data folder (`secrets.json`, file mode 0600); later starts read them;
//  - the demo values are used only when set explicitly, and the start then warns, in French.
// The app is built with the anon key of the backend it talks to (server/start/main.ts; vite.config.ts for
// `npm run dev`), unless VITE_SUPABASE_ANON_KEY is set.
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './config';

export const SECRETS_FILE = 'secrets.json';

export type Secrets = { jwtSecret: string; anonKey: string; serviceKey: string };

const fileSchema = z.object({
  jwtSecret: z.string().min(32),
  anonKey: z.string().min(20),
  serviceKey: z.string().min(20),
});

/** Ten years from 2026-01-01, as the Supabase CLI's keys: the same key on every start. */
const ISSUED_AT = 1_767_225_600;
const EXPIRES_AT = ISSUED_AT + 10 * 365 * 24 * 3600;

/** An API key: a JWT of the role, signed with the secret (HS256; the same key for a secret). */
export function signKey(role: 'anon' | 'service_role', secret: string): string {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', role, iat: ISSUED_AT, exp: EXPIRES_AT })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

function generate(): Secrets {
  const jwtSecret = randomBytes(48).toString('base64url');
  return {
    jwtSecret,
    anonKey: signKey('anon', jwtSecret),
    serviceKey: signKey('service_role', jwtSecret),
  };
}

async function signedWith(secrets: Secrets): Promise<boolean> {
  const key = new TextEncoder().encode(secrets.jwtSecret);
  try {
    const anon = await jwtVerify(secrets.anonKey, key, { algorithms: ['HS256'] });
    const service = await jwtVerify(secrets.serviceKey, key, { algorithms: ['HS256'] });
    return anon.payload.role === 'anon' && service.payload.role === 'service_role';
  } catch {
    return false;
  }
}

export class SecretsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsFileError';
  }
}

/**
 * The data folder's secrets: read, or generated and written (0600) on the first start. Two starts
 * racing on a new folder agree: the file is created exclusively, the loser reads the winner's.
 */
export async function dataFolderSecrets(
  dataDir: string,
): Promise<{ secrets: Secrets; file: string; created: boolean }> {
  const file = join(dataDir, SECRETS_FILE);
  mkdirSync(dataDir, { recursive: true });
  const fresh = generate();
  try {
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return { secrets: fresh, file, created: true };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  // Kept private even if it was copied with looser rights.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  let parsed: Secrets;
  try {
    parsed = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw new SecretsFileError(
      `Le fichier des clés locales ${file} est illisible. Supprimez-le pour en générer de nouvelles (les sessions en cours seront fermées), ou définissez SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY et SUPABASE_SERVICE_ROLE_KEY.`,
    );
  }
  if (!(await signedWith(parsed)))
    throw new SecretsFileError(
      `Les clés de ${file} ne sont pas signées avec son secret. Supprimez ce fichier pour en générer de nouvelles.`,
    );
  return { secrets: parsed, file, created: false };
}

export type ResolvedSecrets = {
  secrets: Secrets;
  /** Where they come from, for the start-up message. */
  source: { kind: 'environment' } | { kind: 'data-folder'; file: string; created: boolean };
};

const set = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The secrets of this start: the environment's where set (SUPABASE_JWT_SECRET alone: its keys are
 * signed with it), else the data folder's. Keys without their secret cannot be checked: refused.
 */
export async function resolveSecrets(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<ResolvedSecrets> {
  const secret = set(env.SUPABASE_JWT_SECRET);
  const anon = set(env.SUPABASE_ANON_KEY);
  const service = set(env.SUPABASE_SERVICE_ROLE_KEY);
  if (secret)
    return {
      secrets: {
        jwtSecret: secret,
        anonKey: anon ?? signKey('anon', secret),
        serviceKey: service ?? signKey('service_role', secret),
      },
      source: { kind: 'environment' },
    };
  if (anon || service)
    throw new SecretsFileError(
      'SUPABASE_ANON_KEY ou SUPABASE_SERVICE_ROLE_KEY est défini sans SUPABASE_JWT_SECRET : définissez le secret avec les clés (npm run keys les génère ensemble), ou retirez-les pour que le backend utilise ses propres clés.',
    );
  const { secrets, file, created } = await dataFolderSecrets(dataDir);
  return { secrets, source: { kind: 'data-folder', file, created } };
}

/** The public demo values in use, if any (then the start warns). */
export function demoValuesInUse(secrets: Secrets, appAnonKey: string | null): string[] {
  const names: string[] = [];
  if (secrets.jwtSecret === LOCAL_JWT_SECRET) names.push('SUPABASE_JWT_SECRET');
  if (secrets.anonKey === LOCAL_ANON_KEY) names.push('SUPABASE_ANON_KEY');
  if (secrets.serviceKey === LOCAL_SERVICE_ROLE_KEY) names.push('SUPABASE_SERVICE_ROLE_KEY');
  if (appAnonKey === LOCAL_ANON_KEY) names.push('VITE_SUPABASE_ANON_KEY');
  return names;
}

/** The French lines printed at start: where the keys are, and the demo warning. */
export function secretsNotice(resolved: ResolvedSecrets, appAnonKey: string | null): string[] {
  const lines: string[] = [];
  const { source } = resolved;
  if (source.kind === 'data-folder')
    lines.push(
      source.created
        ? `[backend] Clés locales générées pour cette installation (secret JWT, clés anon et service_role) : ${source.file} (lisible par vous seul).`
        : `[backend] Clés locales : ${source.file}`,
    );
  const demo = demoValuesInUse(resolved.secrets, appAnonKey);
  if (demo.length)
    lines.push(
      `[backend] ATTENTION : valeurs de démonstration publiques utilisées (${demo.join(', ')}). Elles sont publiées dans .env.example : quiconque les connaît peut fabriquer une clé service_role et lire ou modifier toutes les données. Retirez-les de l'environnement et de .env pour que le backend génère ses propres clés.`,
    );
  if (appAnonKey && appAnonKey !== resolved.secrets.anonKey)
    lines.push(
      "[backend] ATTENTION : VITE_SUPABASE_ANON_KEY n'est pas la clé anon de ce backend : l'application construite ne pourra pas s'y connecter. Retirez VITE_SUPABASE_ANON_KEY pour utiliser la clé de ce backend.",
    );
  return lines;
}

/** The configuration with its secrets resolved (loadConfig leaves unset ones empty). */
export async function withResolvedSecrets<C extends Secrets & { dataDir: string }>(
  config: C,
): Promise<{ config: C; resolved: ResolvedSecrets }> {
  const resolved = await resolveSecrets(
    {
      SUPABASE_JWT_SECRET: config.jwtSecret,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceKey,
    },
    config.dataDir,
  );
  return { config: { ...config, ...resolved.secrets }, resolved };
}
