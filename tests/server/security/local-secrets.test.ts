// Issue 28 item 1: a local install used the Supabase CLI's public demo secret and keys. Now the first
// start generates its own (data folder, file mode 0600) and says where; explicitly set values are
// always honoured; the demo values are accepted only when set explicitly, with a French warning.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
  PROJECT_ROOT,
} from '../../../server/start/config';
import { freePort } from '../../../server/start/listen';
import {
  dataFolderSecrets,
  resolveSecrets,
  SecretsFileError,
  signKey,
} from '../../../server/start/secrets';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-secrets-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const roleOf = async (key: string, secret: string) =>
  (await jwtVerify(key, new TextEncoder().encode(secret), { requiredClaims: ['exp'] })).payload
    .role;

/** `node server/start/start.mjs` until it is ready (or exits); its output. */
async function startOutput(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['server/start/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(await freePort()), MAILBOX_PRINT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (output.includes('prêt en')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => resolve());
  });
  child.kill('SIGTERM');
  await done;
  return output;
}

describe('a local install has its own secrets', () => {
  it('the first start generates them in the data folder (0600), later starts read them', async () => {
    const dir = folder();
    const first = await resolveSecrets({}, dir);
    expect(first.source).toEqual({
      kind: 'data-folder',
      file: join(dir, 'secrets.json'),
      created: true,
    });
    const { jwtSecret, anonKey, serviceKey } = first.secrets;
    expect(jwtSecret).not.toBe(LOCAL_JWT_SECRET);
    expect(jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(await roleOf(anonKey, jwtSecret)).toBe('anon');
    expect(await roleOf(serviceKey, jwtSecret)).toBe('service_role');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const again = await resolveSecrets({}, dir);
    expect(again.secrets).toEqual(first.secrets);
    expect(again.source).toMatchObject({ created: false });
    // Another install gets other keys.
    expect((await resolveSecrets({}, folder())).secrets.jwtSecret).not.toBe(jwtSecret);
  });

  it('explicit values are always honoured; a secret alone gets keys signed with it', async () => {
    const dir = folder();
    const demo = await resolveSecrets(
      {
        SUPABASE_JWT_SECRET: LOCAL_JWT_SECRET,
        SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      },
      dir,
    );
    expect(demo.secrets).toEqual({
      jwtSecret: LOCAL_JWT_SECRET,
      anonKey: LOCAL_ANON_KEY,
      serviceKey: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
    const secret = 'un-secret-choisi-par-l-operateur-de-48-caracteres';
    const alone = await resolveSecrets({ SUPABASE_JWT_SECRET: secret }, dir);
    expect(alone.secrets.anonKey).toBe(signKey('anon', secret));
    expect(await roleOf(alone.secrets.serviceKey, secret)).toBe('service_role');
    await expect(resolveSecrets({ SUPABASE_ANON_KEY: LOCAL_ANON_KEY }, dir)).rejects.toThrow(
      SecretsFileError,
    );
  });

  it('a damaged secrets file is refused with a French message, a too-open one made private', async () => {
    const dir = folder();
    const file = join(dir, 'secrets.json');
    writeFileSync(file, '{"jwtSecret": 1}', { mode: 0o644 });
    await expect(dataFolderSecrets(dir)).rejects.toThrow(/illisible/);
    rmSync(file);
    await dataFolderSecrets(dir);
    const saved = readFileSync(file, 'utf8');
    rmSync(file);
    writeFileSync(file, saved, { mode: 0o644 });
    await dataFolderSecrets(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('the start says where the keys are; with the demo values it warns, in French', async () => {
    const dir = folder();
    const generated = await startOutput({ LITE_DATA_DIR: dir });
    expect(generated).toContain(`Clés locales générées pour cette installation`);
    expect(generated).toContain(join(dir, 'secrets.json'));
    expect(generated).not.toContain('ATTENTION');
    const demo = await startOutput({
      LITE_DATA_DIR: folder(),
      SUPABASE_JWT_SECRET: LOCAL_JWT_SECRET,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    });
    expect(demo).toContain('ATTENTION : valeurs de démonstration publiques utilisées');
    expect(demo).toContain('prêt en');
    // Two backends started on fresh folders (migrations each): room for a loaded machine.
  }, 240_000);
});
