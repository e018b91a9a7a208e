// Issue 32 items 4 and 5: a full disk and a damaged data folder, each on a backend process of its
// own (own free port, own data folder, removed at the end).
//  - Full disk: the data folder on a REAL size-limited file system: a 320 MiB tmpfs mounted in a
//    user+mount namespace (`unshare -rm`, no root needed), filled by a file until less than the
//    reserve is free. Where user namespaces are not allowed, the same test runs on the temporary
//    folder's own file system with the reserve set just under its free space (DISK_RESERVE_MB) and a
//    filler file written there (the report says which ran).
//  - Damaged folder: PG_VERSION deleted, pg_control truncated, pgdata/ deleted: the start is refused
//    with a French message naming the folder and the restore command, and nothing is re-created.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  rmSync,
  statfsSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/start/config';
import {
  TEST_ANON_KEY as LOCAL_ANON_KEY,
  TEST_JWT_SECRET,
  TEST_SERVICE_ROLE_KEY as LOCAL_SERVICE_ROLE_KEY,
} from '../../server/testing/known-keys';
import { freePort } from '../../server/start/listen';
import { trainingInsertMutation } from '../../server/testing/mutations';
import { DISK_FULL_MESSAGE } from '../../server/db/storage/disk-space';
import { classifyHttp, isTransient } from '../../sync/errors';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bf-faults-'));
  dirs.push(d);
  return d;
};

const MIB = 1024 * 1024;
const userNamespaces = spawnSync('unshare', ['-rm', 'true']).status === 0;

type Proc = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** `npm run backend` on dataDir; with `mount`, inside a namespace with a tmpfs of that size there. */
async function startBackend(
  dataDir: string,
  env: Record<string, string>,
  mount?: { dir: string; mib: number },
): Promise<Proc> {
  const port = await freePort();
  const node = `exec ${JSON.stringify(process.execPath)} server/start/start.mjs`;
  const [cmd, args] = mount
    ? [
        'unshare',
        [
          '-rm',
          'sh',
          '-c',
          `mount -t tmpfs -o size=${mount.mib}m tmpfs ${JSON.stringify(mount.dir)} && ${node}`,
        ],
      ]
    : [process.execPath, ['server/start/start.mjs']];
  const child = spawn(cmd, args as string[], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LITE_DATA_DIR: dataDir,
      MAILBOX_PRINT: '0',
      SUPABASE_JWT_SECRET: TEST_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  return { child, url, output: () => output, exited };
}

async function ready(p: Proc): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (p.child.exitCode !== null) throw new Error(`backend exited: ${p.output()}`);
    try {
      if ((await fetch(`${p.url}/`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backend did not start');
}

async function stop(p: Proc) {
  if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await p.exited;
}

async function signedInUser(url: string) {
  const email = `disk-${Date.now()}@example.test`;
  const password = `Disque-${crypto.randomUUID()}`;
  const created = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const token = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(token.status).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  return { id, token: access_token };
}

function push(url: string, user: { id: string; token: string }, mutations: unknown[]) {
  return fetch(`${url}/rest/v1/rpc/sync_push`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_device_id: crypto.randomUUID(), p_mutations: mutations }),
  });
}

async function countRows(url: string, user: { token: string }): Promise<number> {
  const res = await fetch(`${url}/rest/v1/training_requests?select=id`, {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

/** Writes a file of `bytes` (zeros, in 8 MiB writes) at `path`. */
function fill(path: string, bytes: number) {
  const chunk = Buffer.alloc(8 * MIB);
  writeFileSync(path, '');
  for (let left = bytes; left > 0; left -= chunk.length) {
    writeFileSync(path, chunk.subarray(0, Math.min(chunk.length, left)), { flag: 'a' });
  }
}

describe('a full disk', () => {
  it(`writes answered 503 + Retry-After in French, nothing lost, resumes by itself (${userNamespaces ? 'tmpfs of 320 MiB' : 'reserve over the free space'})`, async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    const reserveMiB = 64;
    let env: Record<string, string>;
    let fsRoot: () => string;
    let p: Proc;
    if (userNamespaces) {
      env = { DISK_RESERVE_MB: String(reserveMiB) };
      p = await startBackend(dataDir, env, { dir: root, mib: 320 });
      // The tmpfs is visible from here through the backend's own root.
      fsRoot = () => `/proc/${p.child.pid}/root${root}`;
    } else {
      const free = () => {
        const s = statfsSync(root);
        return Number(s.bavail) * Number(s.bsize);
      };
      env = { DISK_RESERVE_MB: String(Math.floor(free() / MIB) - 400) };
      p = await startBackend(dataDir, env);
      fsRoot = () => root;
    }
    await ready(p);
    const user = await signedInUser(p.url);
    expect((await push(p.url, user, [trainingInsertMutation(user.id)])).status).toBe(200);

    // Fill the file system until less than the reserve is free.
    const s = statfsSync(fsRoot());
    const free = Number(s.bavail) * Number(s.bsize);
    const filler = join(fsRoot(), 'filler');
    fill(filler, userNamespaces ? Math.max(0, free - (reserveMiB / 2) * MIB) : 440 * MIB);
    await new Promise((r) => setTimeout(r, 1200)); // the guard reads free space once a second

    const refused = await push(p.url, user, [trainingInsertMutation(user.id)]);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.message).toBe(DISK_FULL_MESSAGE);
    // The sync engine keeps the mutation in its outbox and sends it again later.
    const kind = classifyHttp(503, body.code, 30_000, body.message).kind;
    expect(isTransient(kind)).toBe(true);
    // Sign-in (a write: a session) too; reads still work.
    const signIn = await fetch(`${p.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.test', password: 'nimporte-quoi-1' }),
    });
    expect(signIn.status).toBe(503);
    expect(await countRows(p.url, user)).toBe(1);

    // Space returns: the same mutation goes through, without a restart.
    unlinkSync(filler);
    await new Promise((r) => setTimeout(r, 1200));
    const again = await push(p.url, user, [trainingInsertMutation(user.id)]);
    expect(again.status).toBe(200);
    expect(await countRows(p.url, user)).toBe(2);

    // Nothing corrupted: a clean restart on the same folder finds both rows.
    await stop(p);
    if (userNamespaces) return; // the tmpfs went with its namespace; the rows were read above
    const p2 = await startBackend(dataDir, env);
    await ready(p2);
    expect(await countRows(p2.url, user)).toBe(2);
    await stop(p2);
  }, 240_000);
});

describe('a damaged data folder at start', () => {
  it('is refused with the folder and the restore command; never starts empty over it', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await startBackend(dataDir, {});
    await ready(first);
    await stop(first);
    const pg = join(dataDir, 'pgdata');
    expect(existsSync(join(dataDir, 'data-folder.json'))).toBe(true);

    const refused = async (why: RegExp) => {
      const p = await startBackend(dataDir, {});
      const code = await p.exited;
      expect(code).toBe(1);
      expect(p.output()).toContain(`Le dossier de données ${dataDir} est endommagé`);
      expect(p.output()).toMatch(why);
      expect(p.output()).toContain('npm run restore');
      expect(p.output()).not.toContain('prêt en');
    };

    // pg_control truncated.
    const control = join(pg, 'global', 'pg_control');
    truncateSync(control, 100);
    await refused(/pg_control est tronqué/);

    // PG_VERSION missing: PGlite would have run initdb over the folder.
    writeFileSync(control, Buffer.alloc(8192)); // size restored: the next check is reached
    unlinkSync(join(pg, 'PG_VERSION'));
    await refused(/PG_VERSION est absent/);
    expect(existsSync(join(pg, 'PG_VERSION'))).toBe(false);

    // The whole database gone, the folder known to have held one.
    rmSync(pg, { recursive: true });
    await refused(/pgdata est absent/);
    expect(existsSync(pg)).toBe(false);
  }, 240_000);
});
